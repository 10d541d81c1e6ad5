import {
  DASHBOARD_PATH,
  FREELANCER_SECTIONS,
  RESTAURANT_SECTIONS,
  dashboardSection,
  type CurrentUser,
} from '@turno/contracts';
import { ACCOUNT_DELETION_MESSAGES, MESSAGES } from '@turno/domain';
import { Alert, Button, NotificationBell } from '@turno/ui';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { RemoteArea } from '../remotes/RemoteArea';
import { REMOTE_LABELS } from '../remotes/labels';
import { useSession } from '../session/useSession';
import { dashboardRoute } from './dashboard-area';
import { TermsUpdatePage, termsPending } from './TermsAcceptance';

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
  // Issue 27: a one-time notice from /me (a deletion called off by signing in again), until dismissed.
  const [noticeDismissed, setNoticeDismissed] = useState(false);

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
  // Issue 27: a newer version of the terms or the notice is accepted before the area opens.
  if (termsPending(session.user?.terms)) return <TermsUpdatePage />;
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
      nav={
        <>
          {/* Issue 26: the in-app notification centre, on the area's live stream. */}
          <NotificationBell source={route.area} navigate={(path) => navigate(path)} />
          <UserMenu user={session.user!} onLogout={logout} />
        </>
      }
    >
      <title>{`Turno · ${REMOTE_LABELS[route.area]}`}</title>
      {session.user?.notice && !noticeDismissed && (
        <Alert
          tone="info"
          data-testid="account-notice"
          action={
            <Button variant="secondary" onClick={() => setNoticeDismissed(true)}>
              {ACCOUNT_DELETION_MESSAGES.noticeDismiss}
            </Button>
          }
        >
          {session.user.notice}
        </Alert>
      )}
      <RemoteArea key={route.area} name={route.area} section={section ?? undefined} />
    </SiteLayout>
  );
}
