import { type CurrentUser } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Button } from '@turno/ui';
import { useState } from 'react';
import { Navigate, useNavigate } from '../router';
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

/**
 * /dashboard (spec 01 §2 "Dashboard entry"): no session → /, no profile → /setup, an admin →
 * /admin/dashboard, otherwise the restaurant or freelancer remote by the profile's user_type.
 */
export function DashboardPage() {
  const session = useSession();
  const navigate = useNavigate();

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
      <RemoteArea key={route.area} name={route.area} />
    </SiteLayout>
  );
}
