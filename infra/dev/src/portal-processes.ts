import { EXPORTING_PROCESS_NODE_FLAGS } from '@turno/bff-kit/excel/node-flags';
import { BFF_ROLES, REMOTE_FOLDERS, type PortalConfig } from './config';
import type { ProcessSpec } from './processes';

/** The BFFs that serve Excel exports, run with Node's flags for that (bffs/kit/src/excel/node-flags.ts). */
export const EXPORTING_BFF_ROLES: ReadonlySet<string> = new Set(['admin-billing', 'admin-ops']);

/**
 * The processes `npm start` runs, in start order: the development OpenID provider (unless
 * OIDC_ISSUER names another provider), the fake geocoder (unless GEOCODER_URL or
 * ADDRESS_SEARCH_URL names a real one), BFFs and worker, the remotes' servers, then the gateway.
 * `config.oidc.clientSecret` must be set (start.ts makes one when OIDC_CLIENT_SECRET is unset).
 */
export function portalProcesses(config: PortalConfig): ProcessSpec[] {
  const shared = {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: config.redisUrl,
    QUEUE_PREFIX: config.queuePrefix,
  };
  const oidc = {
    OIDC_ISSUER: config.oidc.issuer,
    OIDC_CLIENT_ID: config.oidc.clientId,
    OIDC_CLIENT_SECRET: config.oidc.clientSecret,
    OIDC_REDIRECT_URI: config.oidc.redirectUri,
  };
  const devIdp: ProcessSpec[] = config.devIdp.enabled
    ? [
        {
          name: 'dev-idp',
          script: 'infra/dev-idp/src/main.ts',
          env: { ...oidc, DEV_IDP_PORT: String(config.devIdp.port), PUBLIC_URL: config.publicUrl },
          readyUrl: `http://127.0.0.1:${config.devIdp.port}/.well-known/openid-configuration`,
        },
      ]
    : [];
  const bffs = BFF_ROLES.map((role): ProcessSpec => ({
    name: `bff-${role}`,
    script: `bffs/${role}/src/main.ts`,
    ...(EXPORTING_BFF_ROLES.has(role) ? { nodeFlags: EXPORTING_PROCESS_NODE_FLAGS } : {}),
    env: {
      ...shared,
      ...(role === 'shell' ? oidc : {}),
      // Business addresses are geocoded by the admin's "Localização" (services/core presence).
      ...(role === 'admin-ops' ? { GEOCODER_URL: config.geocoder.url } : {}),
      PUBLIC_URL: config.publicUrl,
      PORT: String(config.bffPorts[role]),
    },
    readyUrl: `http://127.0.0.1:${config.bffPorts[role]}/readyz`,
  }));
  const fakeGeocoder: ProcessSpec[] = config.geocoder.fake
    ? [
        {
          name: 'fake-geocoder',
          script: 'infra/dev/src/serve-fake-geocoder.ts',
          env: { FAKE_GEOCODER_PORT: String(config.geocoder.port) },
          readyUrl: `http://127.0.0.1:${config.geocoder.port}/search?q=`,
        },
      ]
    : [];
  const worker: ProcessSpec = {
    name: 'workers',
    script: 'services/workers/src/main.ts',
    env: { ...shared, GEOCODER_URL: config.geocoder.url },
  };
  const remotes = REMOTE_FOLDERS.map((folder): ProcessSpec => ({
    name: `remote-${folder}`,
    script: 'services/gateway/src/serve-remote.ts',
    args: [folder],
    env: {},
    readyUrl: `http://127.0.0.1:${config.remotePorts[folder]}/mf-manifest.json`,
  }));
  const gateway: ProcessSpec = {
    name: 'gateway',
    script: 'services/gateway/src/serve-gateway.ts',
    env: {},
    readyUrl: `http://127.0.0.1:${config.gatewayPort}/remotes.json`,
  };
  return [...devIdp, ...fakeGeocoder, ...bffs, worker, ...remotes, gateway];
}
