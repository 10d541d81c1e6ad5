import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { join } from 'node:path';

/** Can a TCP connection be opened to the service behind this URL? */
function reachable(url: string, defaultPort: number, timeoutMs = 2_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The two servers `npm start` needs: how to reach them, and how to get them on a developer's machine. */
interface Server {
  name: 'PostgreSQL' | 'Redis';
  /** The service of infra/compose.yaml that runs it. */
  composeService: 'postgres' | 'redis';
  /** The variable of infra/compose.yaml that publishes it on another host port. */
  portVariable: 'POSTGRES_PORT' | 'REDIS_PORT';
  urlVariable: 'DATABASE_URL' | 'REDIS_URL';
  url: string;
  defaultPort: number;
  debian: string;
  macos: string;
}

function servers(databaseUrl: string, redisUrl: string): Server[] {
  return [
    {
      name: 'PostgreSQL',
      composeService: 'postgres',
      portVariable: 'POSTGRES_PORT',
      urlVariable: 'DATABASE_URL',
      url: databaseUrl,
      defaultPort: 5432,
      debian:
        'sudo apt-get install -y postgresql && sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      macos: 'brew install postgresql@16 && brew services start postgresql@16 && createuser -s postgres',
    },
    {
      name: 'Redis',
      composeService: 'redis',
      portVariable: 'REDIS_PORT',
      urlVariable: 'REDIS_URL',
      url: redisUrl,
      defaultPort: 6379,
      debian:
        'sudo apt-get install -y redis-server && redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --appendonly yes',
      macos: 'brew install redis && brew services start redis',
    },
  ];
}

const hostOf = (server: Server) => new URL(server.url).host;
const portOf = (server: Server) => Number(new URL(server.url).port || server.defaultPort);
const isLocal = (server: Server) =>
  ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(server.url).hostname);

async function missingServers(databaseUrl: string, redisUrl: string): Promise<Server[]> {
  const all = servers(databaseUrl, redisUrl);
  const up = await Promise.all(all.map((server) => reachable(server.url, server.defaultPort)));
  return all.filter((_, index) => !up[index]);
}

/** One line: the server is missing, and the exact commands that install and start it. */
function installLine(server: Server): string {
  return (
    `${server.name} is not reachable at ${hostOf(server)} — install and start it: ` +
    `Debian/Ubuntu \`${server.debian}\`; macOS (Homebrew) \`${server.macos}\`; ` +
    `or run Docker (then npm start starts it), or set ${server.urlVariable}.`
  );
}

/**
 * Checks PostgreSQL and Redis before anything starts. Returns one line per service that cannot be
 * reached, with the commands that install and start it on Debian/Ubuntu and macOS; empty when both answer.
 */
export async function checkServices(databaseUrl: string, redisUrl: string): Promise<string[]> {
  return (await missingServers(databaseUrl, redisUrl)).map(installLine);
}

/** The file `npm start` starts the missing servers from (its services `postgres` and `redis`). */
export const COMPOSE_FILE = join(__dirname, '..', '..', 'compose.yaml');

/** `docker compose … up -d --wait <services>`: only the named services start (they depend on nothing). */
export const composeUpArgs = (services: string[]) => [
  'compose',
  '-f',
  COMPOSE_FILE,
  'up',
  '-d',
  '--wait',
  ...services,
];

export interface EnsureServicesOptions {
  /** Printed progress ("starting PostgreSQL with Docker…"). */
  say: (line: string) => void;
  /** The environment `docker` runs in (PATH finds it); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the started servers to answer. */
  waitMs?: number;
}

const dockerEngineRuns = (env: NodeJS.ProcessEnv) =>
  spawnSync('docker', ['info'], { env, stdio: 'ignore', timeout: 15_000 }).status === 0;

/**
 * `npm start`'s preflight: when PostgreSQL or Redis is missing on this machine and a Docker engine
 * runs (`docker info` succeeds), starts the missing ones from infra/compose.yaml and waits until they
 * answer; otherwise returns one line per missing server with the commands that install and start it.
 * A server whose URL names another host is never started here. Returns [] when both answer.
 */
export async function ensureServices(
  databaseUrl: string,
  redisUrl: string,
  options: EnsureServicesOptions,
): Promise<string[]> {
  const env = options.env ?? process.env;
  const missing = await missingServers(databaseUrl, redisUrl);
  if (missing.length === 0) return [];
  const startable = missing.filter(isLocal);
  if (startable.length === 0 || !dockerEngineRuns(env)) return missing.map(installLine);

  const names = startable.map((server) => server.name).join(' and ');
  options.say(
    `${names} not running: starting ${startable.length > 1 ? 'them' : 'it'} with Docker (infra/compose.yaml)…`,
  );
  const ports = Object.fromEntries(startable.map((server) => [server.portVariable, String(portOf(server))]));
  const result = spawnSync('docker', composeUpArgs(startable.map((server) => server.composeService)), {
    // Compose reads the whole file, where the portal's ADMIN_MFA_KEY and PRESENCE_CODE_KEY are
    // required (`${…:?…}`): postgres and redis never read them, so throwaway ones stand in when unset.
    env: {
      ...env,
      ADMIN_MFA_KEY: env.ADMIN_MFA_KEY || randomBytes(32).toString('base64url'),
      PRESENCE_CODE_KEY: env.PRESENCE_CODE_KEY || randomBytes(32).toString('base64url'),
      ...ports,
    },
    encoding: 'utf8',
    timeout: 5 * 60_000,
  });
  if (result.status !== 0) {
    const why = (result.stderr || result.error?.message || '').trim().split('\n').pop();
    return missing.map(
      (server) => `${installLine(server)} (docker compose could not start it: ${why || 'no output'})`,
    );
  }
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  for (;;) {
    const still = await missingServers(databaseUrl, redisUrl);
    if (still.length === 0) return [];
    if (Date.now() > deadline) {
      return still.map(
        (server) => `${installLine(server)} (started with Docker, but it did not answer in time)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
