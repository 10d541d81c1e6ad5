/**
 * Runs the development provider as its own process for other packages' tests (Jest does not load
 * oidc-provider, an ES module, in-process): `node --import tsx src/main.ts` on a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface DevIdpProcess {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Everything it printed (for failing tests). */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const REPO_ROOT = join(__dirname, '..', '..', '..');
const MAIN = join(__dirname, 'main.ts');

export async function startDevIdpProcess(options: {
  redirectUris: string[];
  /** Default: a free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  env?: Record<string, string>;
}): Promise<DevIdpProcess> {
  const port = options.port ?? (await freePort());
  const issuer = `http://localhost:${port}`;
  const clientId = options.clientId ?? 'turno-test';
  const clientSecret = options.clientSecret ?? `secret-${Math.random().toString(36).slice(2)}`;
  const [first, ...extra] = options.redirectUris;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DEV_IDP_PORT: String(port),
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: first ?? '',
      DEV_IDP_EXTRA_REDIRECT_URIS: extra.join(','),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  // Ready or exited: no start deadline of its own. Compiling the provider under tsx took over 20 s
  // on a CI machine running three lanes; the calling hook's timeout is the hang guard.
  let ready = false;
  while (!ready && child.exitCode === null) {
    try {
      ready = (await fetch(`${issuer}/.well-known/openid-configuration`)).ok;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  if (!ready) {
    await stop();
    throw new Error(`dev-idp did not start:\n${output}`);
  }
  return { issuer, port, clientId, clientSecret, output: () => output, stop };
}
