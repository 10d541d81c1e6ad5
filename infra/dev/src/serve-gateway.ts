import { join } from 'node:path';
import { REPO_ROOT, gatewayProxies, portalConfig, remotesConfig } from './config';
import { startGateway } from './gateway';

/** The one origin the browser talks to: host shell, /remotes.json, /api and /bff/<role> proxies. */
async function main(): Promise<void> {
  const config = portalConfig();
  const gateway = await startGateway({
    port: config.gatewayPort,
    hostname: process.env.BIND_HOST ?? '127.0.0.1',
    hostDist: join(REPO_ROOT, 'shells', 'host', 'dist'),
    remotesConfig: remotesConfig(config),
    proxies: gatewayProxies(config),
    https: config.publicUrl.startsWith('https://'),
  });
  console.warn(JSON.stringify({ level: 'info', service: 'gateway', msg: 'listening', url: gateway.url }));
  const stop = () => void gateway.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
