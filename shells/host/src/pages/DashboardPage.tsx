import {
  DASHBOARD_PATH,
  FREELANCER_SECTIONS,
  RESTAURANT_SECTIONS,
  dashboardSection,
  type CurrentUser,
} from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button } from '@turno/ui';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { RemoteArea } from '../remotes/RemoteArea';
import { REMOTE_LABELS } from '../remotes/labels';
import { useSession } from '../session/useSession';
import { dashboardRoute } from './dashboard-area';

/** The signed-in person's name and "Sair", at the right of the header. */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const [leaving, setLeaving] = useState(false);
  const name = user.profile?.business_name ?? user.profile?.name ?? user.name ?? user.email ?? '';
  return (
    <>
      {name && (
        <span className="t-muted" data-testid="signed-in-as" style={{ fontWeight: 600 }}>
          {name}
        </span>
      )}
      <Button
        variant="secondary"
        size="sm"
        busy={leaving}
        onClick={() => {
          setLeaving(true);
          onLogout();
        }}
      >
        {MESSAGES.signIn.signOut}
      </Button>
    </>
  );
}

/** The tabs of each area, the first one at /dashboard itself. */
const AREA_SECTIONS = { restaurant: RESTAURANT_SECTIONS, freelancer: FREELANCER_SECTIONS } as const;

/**
 * /dashboard (spec 01 §2 "Dashboard entry"): no session → /, no profile → /setup, an admin →
 * /admin/dashboard, otherwise the restaurant or freelancer remote by the profile's user_type.
 * /dashboard/<section> is one of the area's tabs, given to the remote as its `section`; a section
 * the area does not have (or its first tab's own name) goes to /dashboard.
 */
export function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();
  const { section: segment } = useParams();

  if (session.pending) {
    return (
      <SiteLayout>
        <title>Turno · Carregando</title>
        <PageLoading label={MESSAGES.signIn.loadingDashboard} />
      </SiteLayout>
    );
  }
  const route = dashboardRoute(session.user);
  if (route.kind === 'redirect') return <Navigate to={route.to} replace />;
  const sections = AREA_SECTIONS[route.area];
  const section = dashboardSection(sections, segment);
  if (segment !== undefined && (section === null || section === sections[0])) {
    return <Navigate to={DASHBOARD_PATH} replace />;
  }

  const logout = () => {
    void session.logout().then(() => navigate('/', { replace: true }));
  };
  return (
    <SiteLayout
      context={REMOTE_LABELS[route.area]}
      homeHref="/dashboard"
      nav={<UserMenu user={session.user!} onLogout={logout} />}
    >
      <title>{`Turno · ${REMOTE_LABELS[route.area]}`}</title>
      <RemoteArea key={route.area} name={route.area} section={section ?? undefined} />
    </SiteLayout>
  );
}
