import { join, resolve } from 'node:path';
import type { RemoteName, RemotesConfig } from '@turno/contracts';

/**
 * Every process of the local portal, its port and how it is started: the one place that knows.
 * Ports can be moved all at once with PORT_OFFSET (the e2e suite runs beside a dev portal that way)
 * or one by one with the variables named below.
 */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export const BFF_ROLES = ['shell', 'freelancer', 'restaurant', 'admin-ops', 'admin-billing'] as const;
export type BffRole = (typeof BFF_ROLES)[number];

export const REMOTE_FOLDERS = ['freelancer', 'restaurant', 'admin-ops', 'admin-billing'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];

const DEFAULT_PORTS = {
  gateway: 8080,
  remotes: { freelancer: 3101, restaurant: 3102, 'admin-ops': 3103, 'admin-billing': 3104 } as Record<
    RemoteFolder,
    number
  >,
  bffs: {
    shell: 4000,
    freelancer: 4001,
    restaurant: 4002,
    'admin-ops': 4003,
    'admin-billing': 4004,
  } as Record<BffRole, number>,
  devIdp: 4400,
  fakeGeocoder: 4410,
};

/** The client id the shell BFF and the development provider agree on when OIDC_CLIENT_ID is unset. */
export const DEFAULT_OIDC_CLIENT_ID = 'turno-portal';

/** The Module Federation name of a remote (MF names cannot hold '-'). */
export const remoteName = (folder: RemoteFolder): RemoteName => folder.replace('-', '_') as RemoteName;
const envKey = (name: string) => name.toUpperCase().replace(/-/g, '_');

export interface PortalConfig {
  gatewayPort: number;
  publicUrl: string;
  remotePorts: Record<RemoteFolder, number>;
  /** What the browser fetches: each remote's public base URL (deploy-time configuration). */
  remoteUrls: Record<RemoteFolder, string>;
  bffPorts: Record<BffRole, number>;
  /** Where the gateway reaches each BFF (`BFF_<ROLE>_URL`; default http://127.0.0.1:<port>). */
  bffUrls: Record<BffRole, string>;
  /** The OpenID provider of businesses and freelancers (the shell BFF's OIDC_* variables). */
  oidc: {
    issuer: string;
    clientId: string;
    /** Empty when OIDC_CLIENT_SECRET is unset: start.ts then makes a random one per start. */
    clientSecret: string;
    redirectUri: string;
  };
  /** The development provider (infra/dev-idp): runs unless OIDC_ISSUER names another provider. */
  devIdp: { enabled: boolean; port: number };
  /**
   * Where the services geocode business addresses (GEOCODER_URL, else ADDRESS_SEARCH_URL): with
   * neither set, `npm start` (no internet) runs a local Nominatim-compatible fake (fake-geocoder.ts).
   */
  geocoder: { fake: boolean; port: number; url: string };
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  stateFile: string;
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number, offset: number): number {
  const raw = env[name];
  const value = raw ? Number(raw) : fallback + offset;
  if (!Number.isInteger(value) || value <= 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
}

export function portalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const offset = Number(env.PORT_OFFSET ?? '0');
  const gatewayPort = port(env, 'GATEWAY_PORT', DEFAULT_PORTS.gateway, offset);
  const remotePorts = {} as Record<RemoteFolder, number>;
  const remoteUrls = {} as Record<RemoteFolder, string>;
  for (const folder of REMOTE_FOLDERS) {
    remotePorts[folder] = port(env, `REMOTE_${envKey(folder)}_PORT`, DEFAULT_PORTS.remotes[folder], offset);
    remoteUrls[folder] = env[`REMOTE_${envKey(folder)}_URL`] ?? `http://localhost:${remotePorts[folder]}`;
  }
  const bffPorts = {} as Record<BffRole, number>;
  const bffUrls = {} as Record<BffRole, string>;
  for (const role of BFF_ROLES) {
    bffPorts[role] = port(env, `BFF_${envKey(role)}_PORT`, DEFAULT_PORTS.bffs[role], offset);
    bffUrls[role] = (env[`BFF_${envKey(role)}_URL`] || `http://127.0.0.1:${bffPorts[role]}`).replace(
      /\/+$/,
      '',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`).replace(/\/+$/, '');
  const devIdpPort = port(env, 'DEV_IDP_PORT', DEFAULT_PORTS.devIdp, offset);
  const devIdpIssuer = `http://localhost:${devIdpPort}`;
  const issuer = (env.OIDC_ISSUER || devIdpIssuer).replace(/\/+$/, '');
  return {
    gatewayPort,
    publicUrl,
    remotePorts,
    remoteUrls,
    bffPorts,
    bffUrls,
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID || DEFAULT_OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      redirectUri: env.OIDC_REDIRECT_URI || `${publicUrl}/auth/callback`,
    },
    devIdp: { enabled: issuer === devIdpIssuer, port: devIdpPort },
    geocoder: geocoderOf(env, offset),
    databaseUrl: env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: env.QUEUE_PREFIX ?? 'turno',
    stateFile: env.TURNO_STATE_FILE ?? join(REPO_ROOT, '.turno', `portal-${gatewayPort}.json`),
  };
}

function geocoderOf(env: NodeJS.ProcessEnv, offset: number): PortalConfig['geocoder'] {
  const fakePort = port(env, 'FAKE_GEOCODER_PORT', DEFAULT_PORTS.fakeGeocoder, offset);
  const configured = env.GEOCODER_URL || env.ADDRESS_SEARCH_URL;
  return configured
    ? { fake: false, port: fakePort, url: configured }
    : { fake: true, port: fakePort, url: `http://127.0.0.1:${fakePort}/search` };
}

/** `/remotes.json`: written from the environment at start, so one host build serves every environment. */
export function remotesConfig(config: PortalConfig): RemotesConfig {
  return {
    remotes: REMOTE_FOLDERS.map((folder) => ({
      name: remoteName(folder),
      entry: `${config.remoteUrls[folder]}/mf-manifest.json`,
    })),
  };
}

/** Gateway routes: `/api` → shell BFF (path kept), `/bff/<role>` → that BFF (prefix stripped). */
export function gatewayProxies(config: PortalConfig): Record<string, string> {
  const proxies: Record<string, string> = { '/api': config.bffUrls.shell };
  for (const role of BFF_ROLES) {
    if (role !== 'shell') proxies[`/bff/${role}`] = config.bffUrls[role];
  }
  return proxies;
}
