import { runBff } from '@turno/bff-kit';
import { portFromEnv } from '@turno/server-runtime';
import { createShellRoutes } from './app';
import { OidcClient } from './oidc';
import { shellSettingsFromEnv } from './settings';

let settings: ReturnType<typeof shellSettingsFromEnv>;
try {
  settings = shellSettingsFromEnv();
} catch (error) {
  // A setting the BFF must not start with (e.g. a public ADMIN_MFA_KEY in production): one clear line.
  console.error(`bff-shell: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (!settings.oidc.clientSecret) {
  console.error(
    'bff-shell: OIDC_CLIENT_SECRET is not set (the OpenID client secret; npm start generates one)',
  );
  process.exit(1);
}
const oidc = new OidcClient(settings.oidc);
void runBff({
  name: 'bff-shell',
  routes: createShellRoutes(settings, oidc),
  port: portFromEnv('PORT', 4000),
}).then(() =>
  // Discover the provider now (it may still be starting: sign-in retries on first use).
  oidc.configuration().catch(() => undefined),
);
