import { isLocalHttpUrl, publicUrlFromEnv } from '@turno/bff-kit';
import { adminMfaKeyFromEnv } from '@turno/core';
import { pushRouteSettingsFromEnv, type PushRouteSettings } from './routes/push-subscriptions';

/** The OpenID Connect provider businesses and freelancers sign in with (Google in production). */
export interface OidcSettings {
  /** Issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registered at the provider: the portal's `/auth/callback`. */
  redirectUri: string;
  scopes: string;
  /** Optional `prompt` sent to the provider (e.g. `select_account` for Google). */
  prompt?: string;
}

/** The ViaCEP- and Nominatim-compatible services behind the CEP widget. */
export interface AddressSettings {
  /** `{cep}` is replaced by the 8 digits. */
  cepLookupUrl: string;
  searchUrl: string;
  /** Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent: string;
  timeoutMs: number;
  /** Lookups per signed-in user per minute. */
  perUserPerMinute: number;
}

/** Admin password sign-in throttles (see admin-login-throttle.ts). */
export interface AdminLoginSettings {
  /** Attempts per (account, client address) checked without delay… */
  freeFailures: number;
  /** …then each further attempt waits twice as long as the last, up to this. */
  maxDelaySeconds: number;
  /** How long the attempts of an (account, address) pair are remembered. */
  failureWindowMinutes: number;
  /** Attempts allowed per client address per window (then 429), whatever the e-mail. */
  ipMaxAttempts: number;
  ipWindowMinutes: number;
  /** Wrong passwords or codes per account per window, from all addresses together (then 429). */
  accountMaxFailures: number;
  accountWindowMinutes: number;
  /** Password checks (scrypt) running at once in this process, and waiting (then 429). */
  maxConcurrentChecks: number;
  maxQueuedChecks: number;
  /** Of those, running or waiting for one client address (an IPv6 /64). */
  checksPerAddress: number;
  /** Further checks at once for trusted callers only (a remembered device, a signed-in admin). */
  reservedChecks: number;
}

/** Per client address limits on starting and finishing a provider sign-in (routes/sign-in.ts). */
export interface SignInLimits {
  /** Requests per address per window to each of the redirect URL and POST /api/sessions (then 429). */
  perAddress: number;
  windowMinutes: number;
}

/** The admin second factor (admin-mfa.ts). */
export interface AdminMfaSettings {
  /** ADMIN_MFA_KEY: seals TOTP secrets, keys recovery-code hashes and device cookies (core/accounts/admin-mfa-keys.ts). */
  masterKey: string;
  /** The issuer name authenticator apps show. */
  issuer: string;
  /** How long the step between password and code lasts. */
  pendingSeconds: number;
  /** Codes that may be tried in one such step (then the password is needed again). */
  maxAttempts: number;
}

export interface ShellSettings {
  oidc: OidcSettings;
  address: AddressSettings;
  adminLogin: AdminLoginSettings;
  adminMfa: AdminMfaSettings;
  signIn: SignInLimits;
  /** Web push (issue 26): VAPID_PUBLIC_KEY, PUSH_ALLOW_LOCAL_ENDPOINTS (routes/push-subscriptions.ts). */
  push: PushRouteSettings;
}

const DEFAULT_DEV_IDP_PORT = 4400;
export const DEFAULT_OIDC_CLIENT_ID = 'turno-portal';
export const DEFAULT_CEP_LOOKUP_URL = 'https://viacep.com.br/ws/{cep}/json/';
export const DEFAULT_ADDRESS_SEARCH_URL = 'https://nominatim.openstreetmap.org/search';

function numberFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/**
 * Environment of the shell BFF (besides DATABASE_URL, REDIS_URL, PUBLIC_URL and the session
 * variables of @turno/bff-kit):
 * - OIDC_ISSUER (default http://localhost:4400 + PORT_OFFSET: the development provider),
 *   OIDC_CLIENT_ID (turno-portal), OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI (PUBLIC_URL + /auth/callback),
 *   OIDC_SCOPES ('openid email profile'), OIDC_PROMPT (unset);
 * - CEP_LOOKUP_URL (ViaCEP), ADDRESS_SEARCH_URL (Nominatim), ADDRESS_USER_AGENT,
 *   ADDRESS_TIMEOUT_MS (3000), ADDRESS_LOOKUPS_PER_MINUTE (30);
 * - ADMIN_LOGIN_FREE_FAILURES (3), ADMIN_LOGIN_MAX_DELAY_SECONDS (900),
 *   ADMIN_LOGIN_FAILURE_WINDOW_MINUTES (60), ADMIN_LOGIN_IP_MAX_ATTEMPTS (20),
 *   ADMIN_LOGIN_IP_WINDOW_MINUTES (15), ADMIN_LOGIN_ACCOUNT_MAX_FAILURES (10),
 *   ADMIN_LOGIN_ACCOUNT_WINDOW_MINUTES (15), ADMIN_LOGIN_MAX_CONCURRENT_CHECKS (4),
 *   ADMIN_LOGIN_MAX_QUEUED_CHECKS (32), ADMIN_LOGIN_CHECKS_PER_ADDRESS (2), ADMIN_LOGIN_RESERVED_CHECKS (1);
 * - SIGN_IN_IP_MAX_REQUESTS (60) per SIGN_IN_IP_WINDOW_MINUTES (10) per client address, to each of
 *   the sign-in redirect URL and POST /api/sessions;
 * - ADMIN_MFA_KEY (at least 32 random characters, required with NODE_ENV=production, where the
 *   repository's public values are refused; elsewhere a public development key), ADMIN_MFA_ISSUER
 *   ('Turno'), ADMIN_MFA_STEP_SECONDS (300), ADMIN_MFA_STEP_MAX_ATTEMPTS (5);
 * - VAPID_PUBLIC_KEY (web push off without it), PUSH_ALLOW_LOCAL_ENDPOINTS (development only).
 */
export function shellSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ShellSettings {
  const publicUrl = publicUrlFromEnv(env);
  const offset = Number(env.PORT_OFFSET ?? '0') || 0;
  return {
    oidc: {
      issuer: (env.OIDC_ISSUER || `http://localhost:${DEFAULT_DEV_IDP_PORT + offset}`).replace(/\/+$/, ''),
      clientId: env.OIDC_CLIENT_ID || DEFAULT_OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET ?? '',
      redirectUri: env.OIDC_REDIRECT_URI || `${publicUrl}/auth/callback`,
      scopes: env.OIDC_SCOPES || 'openid email profile',
      prompt: env.OIDC_PROMPT || undefined,
    },
    address: {
      cepLookupUrl: env.CEP_LOOKUP_URL || DEFAULT_CEP_LOOKUP_URL,
      searchUrl: env.ADDRESS_SEARCH_URL || DEFAULT_ADDRESS_SEARCH_URL,
      userAgent: env.ADDRESS_USER_AGENT || `Turno/1.0 (+${publicUrl})`,
      timeoutMs: numberFromEnv(env, 'ADDRESS_TIMEOUT_MS', 3000),
      perUserPerMinute: numberFromEnv(env, 'ADDRESS_LOOKUPS_PER_MINUTE', 30),
    },
    adminLogin: {
      freeFailures: numberFromEnv(env, 'ADMIN_LOGIN_FREE_FAILURES', 3),
      maxDelaySeconds: numberFromEnv(env, 'ADMIN_LOGIN_MAX_DELAY_SECONDS', 900),
      failureWindowMinutes: numberFromEnv(env, 'ADMIN_LOGIN_FAILURE_WINDOW_MINUTES', 60),
      ipMaxAttempts: numberFromEnv(env, 'ADMIN_LOGIN_IP_MAX_ATTEMPTS', 20),
      ipWindowMinutes: numberFromEnv(env, 'ADMIN_LOGIN_IP_WINDOW_MINUTES', 15),
      accountMaxFailures: numberFromEnv(env, 'ADMIN_LOGIN_ACCOUNT_MAX_FAILURES', 10),
      accountWindowMinutes: numberFromEnv(env, 'ADMIN_LOGIN_ACCOUNT_WINDOW_MINUTES', 15),
      maxConcurrentChecks: numberFromEnv(env, 'ADMIN_LOGIN_MAX_CONCURRENT_CHECKS', 4),
      maxQueuedChecks: numberFromEnv(env, 'ADMIN_LOGIN_MAX_QUEUED_CHECKS', 32),
      checksPerAddress: numberFromEnv(env, 'ADMIN_LOGIN_CHECKS_PER_ADDRESS', 2),
      reservedChecks: numberFromEnv(env, 'ADMIN_LOGIN_RESERVED_CHECKS', 1),
    },
    signIn: {
      perAddress: numberFromEnv(env, 'SIGN_IN_IP_MAX_REQUESTS', 60),
      windowMinutes: numberFromEnv(env, 'SIGN_IN_IP_WINDOW_MINUTES', 10),
    },
    adminMfa: {
      masterKey: adminMfaKeyFromEnv(env),
      issuer: env.ADMIN_MFA_ISSUER || 'Turno',
      pendingSeconds: numberFromEnv(env, 'ADMIN_MFA_STEP_SECONDS', 300),
      maxAttempts: numberFromEnv(env, 'ADMIN_MFA_STEP_MAX_ATTEMPTS', 5),
    },
    push: pushRouteSettingsFromEnv(env),
  };
}

/**
 * Plain-http issuers are accepted only on this machine (the development provider), and never in
 * production: with NODE_ENV=production a local http issuer is refused at start, so the development
 * provider (whose demo accounts sign in without a password) cannot be left configured by mistake.
 */
export function issuerAllowsInsecureRequests(
  issuer: string,
  nodeEnv: string | undefined = process.env.NODE_ENV,
): boolean {
  const url = new URL(issuer);
  if (url.protocol === 'https:') return false;
  if (nodeEnv === 'production')
    throw new Error(`OIDC_ISSUER must be an https provider in production (got ${issuer})`);
  if (isLocalHttpUrl(issuer)) return true;
  throw new Error(`OIDC_ISSUER must be https (got ${issuer}); plain http is only for localhost`);
}
