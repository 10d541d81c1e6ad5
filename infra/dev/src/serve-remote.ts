import { join } from 'node:path';
import { REMOTE_FOLDERS, REPO_ROOT, portalConfig, type RemoteFolder } from './config';
import { startStaticServer } from './static-server';

/**
 * Serves one remote's build (`remotes/<folder>/dist`) on its own port, as its own process:
 * it can be rebuilt and restarted alone while the shell keeps running.
 * Usage: serve-remote.ts <freelancer|restaurant|admin-ops|admin-billing>
 */
async function main(): Promise<void> {
  const folder = process.argv[2] as RemoteFolder;
  if (!REMOTE_FOLDERS.includes(folder)) {
    console.error(`usage: serve-remote.ts <${REMOTE_FOLDERS.join('|')}>`);
    process.exit(2);
  }
  const config = portalConfig();
  const server = await startStaticServer({
    port: config.remotePorts[folder],
    hostname: process.env.BIND_HOST ?? '127.0.0.1',
    root: join(REPO_ROOT, 'remotes', folder, 'dist'),
    https: config.remoteUrls[folder].startsWith('https://'),
    allowOrigins: [
      config.publicUrl,
      `http://localhost:${config.gatewayPort}`,
      `http://127.0.0.1:${config.gatewayPort}`,
    ],
  });
  console.warn(
    JSON.stringify({ level: 'info', service: `remote-${folder}`, msg: 'listening', url: server.url }),
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
