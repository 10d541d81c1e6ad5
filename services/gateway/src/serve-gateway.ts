import { join } from 'node:path';
import { runProcess } from '@turno/server-runtime';
import { REPO_ROOT, gatewayConfig, gatewayProxies, remotesConfig } from './config';
import { startGateway } from './gateway';

/** The one origin the browser talks to: host shell, /remotes.json, /api and /bff/<role> proxies. */
void runProcess({
  name: 'gateway',
  start: async ({ logger }) => {
    const config = gatewayConfig();
    const gateway = await startGateway({
      port: config.gatewayPort,
      hostname: process.env.BIND_HOST ?? '127.0.0.1',
      hostDist: join(REPO_ROOT, 'shells', 'host', 'dist'),
      remotesConfig: remotesConfig(config),
      proxies: gatewayProxies(config),
      https: config.publicUrl.startsWith('https://'),
      log: (message) => logger.warn(message),
    });
    return { readyMessage: 'listening', ready: { url: gateway.url }, close: () => gateway.close() };
  },
});
