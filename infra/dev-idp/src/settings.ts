import type { DevIdpOptions } from './provider';

export const DEFAULT_DEV_IDP_PORT = 4400;
/** The client id the shell BFF and the development provider use when OIDC_CLIENT_ID is unset. */
export const DEFAULT_CLIENT_ID = 'turno-portal';

const offsetOf = (env: NodeJS.ProcessEnv) => Number(env.PORT_OFFSET ?? '0') || 0;

/**
 * Environment (the same OIDC_* values the shell BFF gets):
 * DEV_IDP_PORT (4400 + PORT_OFFSET), OIDC_ISSUER (http://localhost:<port>), OIDC_CLIENT_ID
 * (turno-portal), OIDC_CLIENT_SECRET (required), OIDC_REDIRECT_URI (PUBLIC_URL + /auth/callback),
 * DEV_IDP_EXTRA_REDIRECT_URIS (comma-separated, optional).
 */
export function devIdpSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): DevIdpOptions & { port: number } {
  const port = Number(env.DEV_IDP_PORT || DEFAULT_DEV_IDP_PORT + offsetOf(env));
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('DEV_IDP_PORT must be a port number');
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!clientSecret) throw new Error('OIDC_CLIENT_SECRET is required (npm start generates one)');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${8080 + offsetOf(env)}`).replace(/\/+$/, '');
  const extra = (env.DEV_IDP_EXTRA_REDIRECT_URIS ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  return {
    port,
    issuer: (env.OIDC_ISSUER || `http://localhost:${port}`).replace(/\/+$/, ''),
    clientId: env.OIDC_CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret,
    redirectUris: [env.OIDC_REDIRECT_URI || `${publicUrl}/auth/callback`, ...extra],
    env,
  };
}
