/**
 * The PSP's settings, from the environment. Local defaults point at the fake PSP of `npm start`
 * (infra/fake-psp, port 4500 + PORT_OFFSET); production sets every PSP_* value.
 */
import { portFromEnv } from '@turno/server-runtime';
import type { TlsSettings } from './http';

export interface PspSettings {
  /** Which adapter: 'efi' (Efí's Pix API; the fake PSP speaks it too). */
  provider: 'efi';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Turno's own Pix key at the PSP: the payer of sends and the receiver of charges. */
  accountKey: string;
  tls?: TlsSettings;
  webhookSecret: string;
  /** Refuse webhooks without the body signature (the fake signs, Efí does not: see webhooks.ts). */
  webhookRequireSignature: boolean;
  timeoutMs: number;
  rateLimitPerSecond: number;
}

export const DEFAULT_FAKE_PSP_PORT = 4500;

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number ≥ 0, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/**
 * | Variable | Meaning | Default (development) |
 * | PSP_PROVIDER | adapter | efi |
 * | PSP_BASE_URL | API base | http://127.0.0.1:<4500 + PORT_OFFSET> (the fake PSP) |
 * | PSP_CLIENT_ID / PSP_CLIENT_SECRET | OAuth2 client credentials | fake values |
 * | PSP_ACCOUNT_PIX_KEY | Turno's key at the PSP | fake key |
 * | PSP_CERT_P12_PATH (+ PSP_CERT_PASSPHRASE) or PSP_CERT_PEM_PATH + PSP_KEY_PEM_PATH, PSP_CA_PATH | mutual TLS | none |
 * | PSP_WEBHOOK_SECRET | URL token and body signature key | required in production |
 * | PSP_WEBHOOK_REQUIRE_SIGNATURE | refuse unsigned webhooks | true unless NODE_ENV=production |
 * | PSP_TIMEOUT_MS | deadline per request | 10000 |
 * | PSP_RATE_LIMIT_PER_SECOND | requests per second per process (0 = none) | 20 |
 */
export function pspSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): PspSettings {
  const production = env.NODE_ENV === 'production';
  const provider = text(env, 'PSP_PROVIDER') ?? 'efi';
  if (provider !== 'efi') throw new Error(`PSP_PROVIDER must be "efi", got "${provider}"`);
  const required = (name: string, fallback: string): string => {
    const value = text(env, name);
    if (value) return value;
    if (production) throw new Error(`${name} is required in production`);
    return fallback;
  };
  const offset = portFromEnv('PORT_OFFSET', 0, env);
  const pfxPath = text(env, 'PSP_CERT_P12_PATH');
  const certPath = text(env, 'PSP_CERT_PEM_PATH');
  const keyPath = text(env, 'PSP_KEY_PEM_PATH');
  if (Boolean(certPath) !== Boolean(keyPath))
    throw new Error('PSP_CERT_PEM_PATH and PSP_KEY_PEM_PATH go together');
  const caPath = text(env, 'PSP_CA_PATH');
  const tls =
    pfxPath || certPath || caPath
      ? { pfxPath, certPath, keyPath, caPath, passphrase: env.PSP_CERT_PASSPHRASE ?? undefined }
      : undefined;
  const baseUrl = required('PSP_BASE_URL', `http://127.0.0.1:${DEFAULT_FAKE_PSP_PORT + offset}`);
  if (production && !tls)
    throw new Error('The PSP needs mutual TLS in production: set PSP_CERT_P12_PATH or PSP_CERT_PEM_PATH');
  return {
    provider: 'efi',
    baseUrl,
    clientId: required('PSP_CLIENT_ID', 'turno-dev'),
    clientSecret: required('PSP_CLIENT_SECRET', 'turno-dev-secret'),
    accountKey: required('PSP_ACCOUNT_PIX_KEY', 'pix@turno.dev'),
    tls,
    webhookSecret: required('PSP_WEBHOOK_SECRET', 'turno-dev-webhook-secret'),
    webhookRequireSignature: flag(env, 'PSP_WEBHOOK_REQUIRE_SIGNATURE', !production),
    timeoutMs: positiveInteger(env, 'PSP_TIMEOUT_MS', 10_000),
    rateLimitPerSecond: positiveInteger(env, 'PSP_RATE_LIMIT_PER_SECOND', 20),
  };
}
