import { resolve } from 'node:path';
import type { RemoteName, RemotesConfig } from '@turno/contracts';

/**
 * What the gateway and the remotes' static servers read from the environment: their ports, the
 * public URL, where browsers load each remote from and where the gateway reaches each BFF. The
 * defaults are the ports of `npm start` (infra/dev/src/config.ts builds the whole portal's
 * configuration on this one). Ports can be moved all at once with PORT_OFFSET or one by one with
 * the variables named below.
 */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export const BFF_ROLES = ['shell', 'freelancer', 'restaurant', 'admin-ops', 'admin-billing'] as const;
export type BffRole = (typeof BFF_ROLES)[number];

export const REMOTE_FOLDERS = ['freelancer', 'restaurant', 'admin-ops', 'admin-billing'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];

export const DEFAULT_PORTS = {
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
};

/** The Module Federation name of a remote (MF names cannot hold '-'). */
export const remoteName = (folder: RemoteFolder): RemoteName => folder.replace('-', '_') as RemoteName;
const envKey = (name: string) => name.toUpperCase().replace(/-/g, '_');

export interface GatewayConfig {
  gatewayPort: number;
  publicUrl: string;
  remotePorts: Record<RemoteFolder, number>;
  /** What the browser fetches: each remote's public base URL (deploy-time configuration). */
  remoteUrls: Record<RemoteFolder, string>;
  bffPorts: Record<BffRole, number>;
  /** Where the gateway reaches each BFF (`BFF_<ROLE>_URL`; default http://127.0.0.1:<port>). */
  bffUrls: Record<BffRole, string>;
}

/** A port from `name`, else `fallback + offset` (PORT_OFFSET); anything else than a port throws. */
export function portSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, offset: number): number {
  const raw = env[name];
  const value = raw ? Number(raw) : fallback + offset;
  if (!Number.isInteger(value) || value <= 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
}

export function gatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const offset = Number(env.PORT_OFFSET ?? '0');
  const gatewayPort = portSetting(env, 'GATEWAY_PORT', DEFAULT_PORTS.gateway, offset);
  const remotePorts = {} as Record<RemoteFolder, number>;
  const remoteUrls = {} as Record<RemoteFolder, string>;
  for (const folder of REMOTE_FOLDERS) {
    remotePorts[folder] = portSetting(
      env,
      `REMOTE_${envKey(folder)}_PORT`,
      DEFAULT_PORTS.remotes[folder],
      offset,
    );
    remoteUrls[folder] = env[`REMOTE_${envKey(folder)}_URL`] ?? `http://localhost:${remotePorts[folder]}`;
  }
  const bffPorts = {} as Record<BffRole, number>;
  const bffUrls = {} as Record<BffRole, string>;
  for (const role of BFF_ROLES) {
    bffPorts[role] = portSetting(env, `BFF_${envKey(role)}_PORT`, DEFAULT_PORTS.bffs[role], offset);
    bffUrls[role] = (env[`BFF_${envKey(role)}_URL`] || `http://127.0.0.1:${bffPorts[role]}`).replace(
      /\/+$/,
      '',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`).replace(/\/+$/, '');
  return { gatewayPort, publicUrl, remotePorts, remoteUrls, bffPorts, bffUrls };
}

/** `/remotes.json`: written from the environment at start, so one host build serves every environment. */
export function remotesConfig(config: Pick<GatewayConfig, 'remoteUrls'>): RemotesConfig {
  return {
    remotes: REMOTE_FOLDERS.map((folder) => ({
      name: remoteName(folder),
      entry: `${config.remoteUrls[folder]}/mf-manifest.json`,
    })),
  };
}

/**
 * Gateway routes: `/api` → shell BFF (path kept), `/bff/<role>` → that BFF (prefix stripped), and
 * `/psp` → the admin-billing BFF (path kept): the PSP's webhooks (`POST /psp/webhook`, issue 25)
 * come in at a public path, outside sessions.
 */
export function gatewayProxies(config: Pick<GatewayConfig, 'bffUrls'>): Record<string, string> {
  const proxies: Record<string, string> = {
    '/api': config.bffUrls.shell,
    '/psp': config.bffUrls['admin-billing'],
  };
  for (const role of BFF_ROLES) {
    if (role !== 'shell') proxies[`/bff/${role}`] = config.bffUrls[role];
  }
  return proxies;
}
