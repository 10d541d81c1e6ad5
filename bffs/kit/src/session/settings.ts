import { userRateLimitsFromEnv, type UserRateLimits } from '../rate-limits';

/**
 * Security settings of a BFF, read from the environment once at start: the public origin (CSRF
 * guard), cookie flags and the session timeouts. Tests build their own with `securitySettings()`.
 */

export interface SessionPolicy {
  /** Ends after this long without a request (Redis TTL, refreshed on use). */
  idleSeconds: number;
  /** Ends this long after sign-in, whatever the activity. */
  absoluteSeconds: number;
}

export interface SecuritySettings {
  /** The portal's public URL (PUBLIC_URL), e.g. `https://turno.example.com`. */
  publicUrl: string;
  /** Origins allowed to change state: the public URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: readonly string[];
  /** Secure flag on every cookie: on unless the public URL is http://localhost or http://127.0.0.1. */
  cookieSecure: boolean;
  /** Prefix of every Redis key of sessions, pending sign-ins and login throttles. */
  keyPrefix: string;
  userSession: SessionPolicy;
  adminSession: SessionPolicy;
  /** Per-user rate limits of the routes that name one (`rateLimit`), from libs/domain and USER_RATE_LIMIT_*. */
  userRateLimits: UserRateLimits;
}

export const DEFAULT_KEY_PREFIX = 'turno:auth:';
const DEFAULT_GATEWAY_PORT = 8080;

/** PUBLIC_URL, else `http://localhost:<8080 + PORT_OFFSET>` as `npm start` serves it. */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const offset = Number(env.PORT_OFFSET ?? '0') || 0;
  return `http://localhost:${DEFAULT_GATEWAY_PORT + offset}`;
}

/** True for http://localhost… and http://127.0.0.1…: local development, where cookies cannot be Secure. */
export function isLocalHttpUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]')
  );
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function booleanFromEnv(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

/**
 * Environment:
 * - PUBLIC_URL (default http://localhost:8080 + PORT_OFFSET), ALLOWED_ORIGINS (comma-separated extra origins);
 * - COOKIE_SECURE (true/false; default: true unless PUBLIC_URL is local http);
 * - SESSION_IDLE_MINUTES (120), SESSION_ABSOLUTE_HOURS (12): business and freelancer sessions;
 * - ADMIN_SESSION_IDLE_MINUTES (30), ADMIN_SESSION_ABSOLUTE_HOURS (8): admin sessions;
 * - SESSION_KEY_PREFIX (`turno:auth:`): Redis key prefix;
 * - USER_RATE_LIMIT_<NAME> (libs/domain USER_RATE_LIMITS; 0 = off): per-user rate limits.
 */
export function securitySettings(env: NodeJS.ProcessEnv = process.env): SecuritySettings {
  const publicUrl = publicUrlFromEnv(env);
  const extra = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
  return {
    publicUrl,
    allowedOrigins: [...new Set([new URL(publicUrl).origin, ...extra])],
    cookieSecure: booleanFromEnv(env, 'COOKIE_SECURE') ?? !isLocalHttpUrl(publicUrl),
    keyPrefix: env.SESSION_KEY_PREFIX || DEFAULT_KEY_PREFIX,
    userSession: {
      idleSeconds: Math.round(positiveNumber(env, 'SESSION_IDLE_MINUTES', 120) * 60),
      absoluteSeconds: Math.round(positiveNumber(env, 'SESSION_ABSOLUTE_HOURS', 12) * 3600),
    },
    adminSession: {
      idleSeconds: Math.round(positiveNumber(env, 'ADMIN_SESSION_IDLE_MINUTES', 30) * 60),
      absoluteSeconds: Math.round(positiveNumber(env, 'ADMIN_SESSION_ABSOLUTE_HOURS', 8) * 3600),
    },
    userRateLimits: userRateLimitsFromEnv(env),
  };
}
