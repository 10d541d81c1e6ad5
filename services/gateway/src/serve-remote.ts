import { join } from 'node:path';
import { runProcess } from '@turno/server-runtime';
import { REMOTE_FOLDERS, REPO_ROOT, gatewayConfig, type RemoteFolder } from './config';
import { startStaticServer } from './static-server';

/**
 * Serves one remote's build (`remotes/<folder>/dist`) on its own port, as its own process:
 * it can be rebuilt and restarted alone while the shell keeps running.
 * Usage: serve-remote.ts <freelancer|restaurant|admin-ops|admin-billing>
 */
const folder = process.argv[2] as RemoteFolder;
if (!REMOTE_FOLDERS.includes(folder)) {
  console.error(`usage: serve-remote.ts <${REMOTE_FOLDERS.join('|')}>`);
  process.exit(2);
}

void runProcess({
  name: `remote-${folder}`,
  start: async () => {
    const config = gatewayConfig();
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
    return { readyMessage: 'listening', ready: { url: server.url }, close: () => server.close() };
  },
});
