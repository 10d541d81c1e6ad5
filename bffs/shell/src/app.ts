import { createBffApp, type BffDependencies } from '@turno/bff-kit';
import { OidcClient } from './oidc';
import { accountDeletionRoutes } from './routes/account-deletion';
import { addressRoutes } from './routes/address';
import { consentRoutes } from './routes/consents';
import { dataExportRoutes } from './routes/data-exports';
import { notificationRoutes } from './routes/notifications';
import { notificationPreferenceRoutes } from './routes/notification-preferences';
import { pushSubscriptionRoutes } from './routes/push-subscriptions';
import { adminAuthRoutes } from './routes/admin-auth';
import { adminSecurityRoutes } from './routes/admin-security';
import { freelancerPhoto } from './routes/photos';
import { profileSetup } from './routes/profile';
import { signInRoutes } from './routes/sign-in';
import { teamInvitationRoutes } from './routes/team-invitations';
import { currentUser } from './routes/users';
import { shellSettingsFromEnv, type ShellSettings } from './settings';

/**
 * Every endpoint of the shell BFF: sign-in with OpenID Connect, the session, profile setup,
 * admin password sign-in, and the CEP widget's address lookups (spec 01 §7 "Session", spec 02 §7).
 */
export function createShellRoutes(
  settings: ShellSettings = shellSettingsFromEnv(),
  oidc = new OidcClient(settings.oidc),
) {
  const adminAuth = adminAuthRoutes(settings.adminLogin, settings.adminMfa);
  return [
    ...signInRoutes(oidc, settings.signIn),
    currentUser,
    profileSetup,
    ...consentRoutes,
    ...dataExportRoutes,
    ...accountDeletionRoutes,
    ...notificationRoutes,
    ...notificationPreferenceRoutes,
    ...pushSubscriptionRoutes(settings.push),
    ...adminAuth.routes,
    ...adminSecurityRoutes(settings.adminLogin, adminAuth.passwordChecks, adminAuth.mfa),
    ...addressRoutes(settings.address),
    freelancerPhoto,
    ...teamInvitationRoutes,
  ];
}

export const createShellBff = (deps: BffDependencies, settings: ShellSettings = shellSettingsFromEnv()) =>
  createBffApp({ name: 'bff-shell', routes: createShellRoutes(settings), ...deps });
