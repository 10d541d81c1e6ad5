import { type CurrentUser, type RemoteName } from '@turno/contracts';

export type DashboardArea = Extract<RemoteName, 'restaurant' | 'freelancer'>;

export type DashboardRoute = { kind: 'redirect'; to: string } | { kind: 'area'; area: DashboardArea };

/**
 * Where /dashboard takes the current user (spec 01 §2 "Dashboard entry"): nobody (or a failed
 * load) → /, no profile yet → /setup, an admin → /admin/dashboard, otherwise the area of the
 * profile's user_type.
 */
export function dashboardRoute(user: CurrentUser | null | undefined): DashboardRoute {
  if (!user) return { kind: 'redirect', to: '/' };
  const profile = user.profile;
  if (!profile) return { kind: 'redirect', to: '/setup' };
  switch (profile.user_type) {
    case 'admin':
      return { kind: 'redirect', to: '/admin/dashboard' };
    case 'restaurant':
      return { kind: 'area', area: 'restaurant' };
    case 'freelancer':
      return { kind: 'area', area: 'freelancer' };
  }
}
