import { BFF_ROLES, REMOTE_FOLDERS, type PortalConfig } from './config';
import type { ProcessSpec } from './processes';

/** The processes `npm start` runs, in start order: BFFs and worker, the remotes' servers, then the gateway. */
export function portalProcesses(config: PortalConfig): ProcessSpec[] {
  const shared = {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    QUEUE_PREFIX: config.queuePrefix,
  };
  const bffs = BFF_ROLES.map(
    (role): ProcessSpec => ({
      name: `bff-${role}`,
      script: `bffs/${role}/src/main.ts`,
      env: { ...shared, PORT: String(config.bffPorts[role]) },
      readyUrl: `http://127.0.0.1:${config.bffPorts[role]}/readyz`,
    }),
  );
  const worker: ProcessSpec = { name: 'workers', script: 'services/workers/src/main.ts', env: shared };
  const remotes = REMOTE_FOLDERS.map(
    (folder): ProcessSpec => ({
      name: `remote-${folder}`,
      script: 'infra/dev/src/serve-remote.ts',
      args: [folder],
      env: {},
      readyUrl: `http://127.0.0.1:${config.remotePorts[folder]}/mf-manifest.json`,
    }),
  );
  const gateway: ProcessSpec = {
    name: 'gateway',
    script: 'infra/dev/src/serve-gateway.ts',
    env: {},
    readyUrl: `http://127.0.0.1:${config.gatewayPort}/remotes.json`,
  };
  return [...bffs, worker, ...remotes, gateway];
}
