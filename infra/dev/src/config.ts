import { join } from 'node:path';
import {
  BFF_ROLES,
  DEFAULT_PORTS as GATEWAY_DEFAULT_PORTS,
  REMOTE_FOLDERS,
  REPO_ROOT,
  gatewayConfig,
  gatewayProxies,
  portSetting as port,
  remotesConfig,
  type BffRole,
  type GatewayConfig,
  type RemoteFolder,
} from '@turno/gateway';

/**
 * Every process of the local portal, its port and how it is started: the one place that knows.
 * The gateway's, the remotes' and the BFFs' ports and URLs are the gateway's own configuration
 * (services/gateway/src/config.ts); this adds what only `npm start` runs.
 * Ports can be moved all at once with PORT_OFFSET (the e2e suite runs beside a dev portal that way)
 * or one by one with the variables named below.
 */
export { BFF_ROLES, REMOTE_FOLDERS, REPO_ROOT, gatewayProxies, remotesConfig };
export type { BffRole, RemoteFolder };

const DEFAULT_PORTS = {
  ...GATEWAY_DEFAULT_PORTS,
  devIdp: 4400,
  fakeGeocoder: 4410,
  /** services/psp's development default (DEFAULT_FAKE_PSP_PORT): its clients find it without PSP_BASE_URL. */
  fakePsp: 4500,
  /** The local SMTP catcher, its mailbox page and the local Web Push service (infra/dev-notify). */
  devSmtp: 4525,
  devMailPage: 4526,
  devPush: 4527,
};

/** The client id the shell BFF and the development provider agree on when OIDC_CLIENT_ID is unset. */
export const DEFAULT_OIDC_CLIENT_ID = 'turno-portal';

export interface PortalConfig extends GatewayConfig {
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
  /**
   * The PSP of payouts and invoice charges (issue 25): with PSP_BASE_URL unset, `npm start` runs the
   * fake PSP (infra/fake-psp) on 4500 + PORT_OFFSET (FAKE_PSP_PORT). `webhookSecret` is empty when
   * PSP_WEBHOOK_SECRET is unset: start.ts then makes a random one per start.
   */
  psp: { fake: boolean; port: number; baseUrl: string; webhookSecret: string };
  /**
   * The notification channels (issue 26): with SMTP_HOST unset, `npm start` runs infra/dev-notify
   * (an SMTP catcher on 4525 + PORT_OFFSET, its mailbox page on 4526, a Web Push service on 4527)
   * and the workers send to it. `vapid` is filled in by start.ts (devVapidKeys: `.turno/vapid-keys.json`).
   */
  notify: {
    fake: boolean;
    smtpPort: number;
    mailPagePort: number;
    pushPort: number;
    /** Where the mails (`mail-<smtp port>/`) and the push service's certificate are kept. */
    folder: string;
    vapid: { publicKey: string; privateKey: string } | null;
  };
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  stateFile: string;
}

export function portalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const offset = Number(env.PORT_OFFSET ?? '0');
  const gateway = gatewayConfig(env);
  const { gatewayPort, publicUrl } = gateway;
  const devIdpPort = port(env, 'DEV_IDP_PORT', DEFAULT_PORTS.devIdp, offset);
  const devIdpIssuer = `http://localhost:${devIdpPort}`;
  const issuer = (env.OIDC_ISSUER || devIdpIssuer).replace(/\/+$/, '');
  return {
    ...gateway,
    oidc: {
      issuer,
      clientId: env.OIDC_CLIENT_ID || DEFAULT_OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      redirectUri: env.OIDC_REDIRECT_URI || `${publicUrl}/auth/callback`,
    },
    devIdp: { enabled: issuer === devIdpIssuer, port: devIdpPort },
    geocoder: geocoderOf(env, offset),
    psp: pspOf(env, offset),
    notify: {
      fake: !env.SMTP_HOST?.trim(),
      smtpPort: port(env, 'DEV_SMTP_PORT', DEFAULT_PORTS.devSmtp, offset),
      mailPagePort: port(env, 'DEV_MAIL_PAGE_PORT', DEFAULT_PORTS.devMailPage, offset),
      pushPort: port(env, 'DEV_PUSH_PORT', DEFAULT_PORTS.devPush, offset),
      folder: join(REPO_ROOT, '.turno'),
      vapid: null,
    },
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

function pspOf(env: NodeJS.ProcessEnv, offset: number): PortalConfig['psp'] {
  const fakePort = port(env, 'FAKE_PSP_PORT', DEFAULT_PORTS.fakePsp, offset);
  const configured = env.PSP_BASE_URL?.trim();
  return {
    fake: !configured,
    port: fakePort,
    baseUrl: configured || `http://127.0.0.1:${fakePort}`,
    webhookSecret: env.PSP_WEBHOOK_SECRET ?? '',
  };
}
