import { EXPORTING_PROCESS_NODE_FLAGS } from '@turno/bff-kit/excel/node-flags';
import { webhookUrlWithToken } from '@turno/psp';
import { join } from 'node:path';
import { BFF_ROLES, REMOTE_FOLDERS, type PortalConfig } from './config';
import type { ProcessSpec } from './processes';

/** The BFFs that serve Excel exports, run with Node's flags for that (bffs/kit/src/excel/node-flags.ts). */
export const EXPORTING_BFF_ROLES: ReadonlySet<string> = new Set(['admin-billing', 'admin-ops']);

/**
 * The processes `npm start` runs, in start order: the development OpenID provider (unless
 * OIDC_ISSUER names another provider), the fake geocoder (unless GEOCODER_URL or
 * ADDRESS_SEARCH_URL names a real one), the fake PSP (unless PSP_BASE_URL names a real one), the
 * local SMTP catcher and push service (unless SMTP_HOST names a real server), BFFs
 * and worker, the remotes' servers, then the gateway. `config.oidc.clientSecret` and
 * `config.psp.webhookSecret` must be set (start.ts makes them when OIDC_CLIENT_SECRET or
 * PSP_WEBHOOK_SECRET is unset).
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
  // The PSP: the workers send payouts to it, the admin-billing BFF takes its webhooks. The fake
  // delivers its webhooks through the gateway (`/psp/webhook`, the public path a real PSP is given).
  const psp = { PSP_BASE_URL: config.psp.baseUrl, PSP_WEBHOOK_SECRET: config.psp.webhookSecret };
  const fakePsp: ProcessSpec[] = config.psp.fake
    ? [
        {
          name: 'fake-psp',
          script: 'infra/fake-psp/src/main.ts',
          env: {
            FAKE_PSP_PORT: String(config.psp.port),
            PSP_WEBHOOK_SECRET: config.psp.webhookSecret,
            FAKE_PSP_WEBHOOK_URL: webhookUrlWithToken(
              `${config.publicUrl}/psp/webhook`,
              config.psp.webhookSecret,
            ),
          },
          readyUrl: `http://127.0.0.1:${config.psp.port}/__control/health`,
        },
      ]
    : [];
  // Notifications (issue 26): e-mail to the local SMTP catcher (or SMTP_* as set), web push with the
  // development VAPID keys; the workers trust the local push service's self-signed certificate.
  const notify = config.notify;
  const devNotify: ProcessSpec[] = notify.fake
    ? [
        {
          name: 'dev-notify',
          script: 'infra/dev-notify/src/main.ts',
          env: {
            DEV_SMTP_PORT: String(notify.smtpPort),
            DEV_MAIL_PAGE_PORT: String(notify.mailPagePort),
            DEV_PUSH_PORT: String(notify.pushPort),
            DEV_MAIL_FOLDER: join(notify.folder, `mail-${notify.smtpPort}`),
            DEV_PUSH_CERT_FOLDER: notify.folder,
          },
          readyUrl: `http://127.0.0.1:${notify.mailPagePort}/__control/health`,
        },
      ]
    : [];
  const vapid: Record<string, string> = notify.vapid
    ? { VAPID_PUBLIC_KEY: notify.vapid.publicKey, VAPID_SUBJECT: 'mailto:avisos@turno.local' }
    : {};
  const workerChannels: Record<string, string> = {
    ...(notify.fake
      ? {
          SMTP_HOST: '127.0.0.1',
          SMTP_PORT: String(notify.smtpPort),
          WEB_PUSH_CA_FILE: join(notify.folder, 'dev-push-cert.pem'),
        }
      : {}),
    ...(notify.vapid ? { ...vapid, VAPID_PRIVATE_KEY: notify.vapid.privateKey } : {}),
    PUBLIC_URL: config.publicUrl,
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
      // Web push: the public key, and subscriptions to the local push service accepted.
      ...(role === 'shell'
        ? { ...vapid, ...(notify.fake ? { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } : {}) }
        : {}),
      // Business addresses are geocoded by the admin's "Localização" (services/core presence), a
      // freelancer's home when they save their profile (issue 26).
      ...(role === 'admin-ops' || role === 'freelancer' ? { GEOCODER_URL: config.geocoder.url } : {}),
      // The PSP's webhooks come in at the admin-billing BFF (bffs/admin-billing/src/psp-webhook).
      ...(role === 'admin-billing' ? psp : {}),
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
    env: { ...shared, GEOCODER_URL: config.geocoder.url, ...psp, ...workerChannels },
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
  return [...devIdp, ...fakeGeocoder, ...fakePsp, ...devNotify, ...bffs, worker, ...remotes, gateway];
}
