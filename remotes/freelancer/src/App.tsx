import { FREELANCER_SECTIONS, type FreelancerSection, type RemoteAppProps } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { Alert, Button, Loading, PageHeader, Skeleton, Tabs, ThemeRoot, useDashboardTab } from '@turno/ui';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { type RatingTarget } from './finances/RatingDialog';
import { OpenJobsScreen } from './jobs/OpenJobsScreen';

// Vagas is the first screen; the other tabs are chunks of their own, loaded when opened.
const ApplicationsScreen = lazy(() =>
  import('./applications/ApplicationsScreen').then((m) => ({ default: m.ApplicationsScreen })),
);
// The completion notice polls finished shifts after the first screen shows: its shift schemas load then.
const CompletionNotice = lazy(() =>
  import('./shifts/CompletionNotice').then((m) => ({ default: m.CompletionNotice })),
);
const ShiftsScreen = lazy(() => import('./shifts/ShiftsScreen').then((m) => ({ default: m.ShiftsScreen })));
const FinancesScreen = lazy(() =>
  import('./finances/FinancesScreen').then((m) => ({ default: m.FinancesScreen })),
);
const ProfileScreen = lazy(() =>
  import('./profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })),
);
// Issue 27: the vetting checklist, shown until the freelancer is approved.
const VettingChecklist = lazy(() =>
  import('./vetting/VettingChecklist').then((m) => ({ default: m.VettingChecklist })),
);
import { useFreelancerMe } from './me/useFreelancerMe';
// Shown while the profile is incomplete, awaiting approval or suspended: in the first chunk, so the
// banners are drawn in the same frame as the tabs below them (a lazy chunk drew them a moment later
// and pushed the tabs down under a finger already on its way: issue 24, layout stability).
import { StatusBanners } from './me/StatusBanners';

const LABELS: Record<FreelancerSection, string> = {
  vagas: 'Vagas',
  candidaturas: 'Candidaturas',
  trabalhos: 'Trabalhos',
  financas: 'Finanças',
  perfil: 'Perfil',
};
const TABS = FREELANCER_SECTIONS.map((id) => ({ id, label: LABELS[id] }));

export interface AppProps extends RemoteAppProps<FreelancerSection> {
  /** For tests: the fetch every call uses (the browser's by default). */
  fetchImpl?: typeof fetch;
  /** The retry of a profile that could not be loaded: a page reload (spec 01 §2). */
  onReload?: () => void;
}

/**
 * The freelancer dashboard, exposed to the host as `freelancer/App`: Vagas at /dashboard, every other
 * tab at its own address (/dashboard/candidaturas, …), the host's `section`.
 */
export default function App({
  fetchImpl,
  onReload = () => window.location.reload(),
  section,
  navigate,
}: AppProps) {
  const { tab, open, hrefOf } = useDashboardTab(FREELANCER_SECTIONS, section, navigate);
  /** The shift the completion prompt asked to rate: Finanças opens its rating at once. */
  const [rateFirst, setRateFirst] = useState<RatingTarget | null>(null);
  // Leaving Finanças (Back, a link): coming back later does not open that rating again.
  const shownTab = useRef(tab);
  useEffect(() => {
    if (shownTab.current === 'financas' && tab !== 'financas') setRateFirst(null);
    shownTab.current = tab;
  }, [tab]);
  const openTab = (id: FreelancerSection) => {
    setRateFirst(null);
    open(id);
  };
  const me = useFreelancerMe(fetchImpl);
  return (
    <ThemeRoot data-remote="freelancer" data-testid="remote-freelancer">
      <div className="t-stack">
        <PageHeader
          title="Área do Freelancer"
          subtitle="Encontre turnos perto de você e acompanhe seus trabalhos."
        />
        {/* Read by screen readers only: a visible line here would push the tabs down, then up (CLS). */}
        {me.status === 'loading' && <Skeleton label="Carregando seu perfil..." />}
        {me.status === 'error' && (
          <Alert
            tone="danger"
            title={
              me.error.status === 404
                ? MESSAGES.freelancers.profileNotFound
                : MESSAGES.freelancers.profileLoadFailed
            }
            data-testid="profile-error"
            action={
              <Button variant="secondary" size="sm" onClick={onReload}>
                {MESSAGES.freelancers.retryProfile}
              </Button>
            }
          >
            {me.error.status === 404 ? undefined : me.error.detail}
          </Alert>
        )}
        {me.me && <StatusBanners me={me.me} onOpenProfile={() => openTab('perfil')} vettingShown />}
        {me.me && !me.me.is_approved && me.me.is_available && (
          <Suspense fallback={null}>
            <VettingChecklist me={me.me} onOpenProfile={() => openTab('perfil')} fetchImpl={fetchImpl} />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <CompletionNotice
            fetchImpl={fetchImpl}
            onRate={(shift) => {
              setRateFirst({ id: shift.id, title: shift.title, restaurant_name: shift.restaurant_name });
              open('financas');
            }}
          />
        </Suspense>
        {/* Until the profile is read, the tabs are laid out but neither shown nor reachable: the banners
            it may bring go above them, and a tap must not land on a tab that is about to move. The
            Vagas list is read meanwhile. */}
        <div
          inert={me.status === 'loading'}
          style={me.status === 'loading' ? { visibility: 'hidden' } : undefined}
          data-testid="freelancer-sections"
        >
          <Tabs
            tabs={TABS}
            active={tab}
            onChange={(id) => openTab(id as FreelancerSection)}
            hrefOf={hrefOf}
            label="Seções da área do freelancer"
          >
            <Suspense fallback={<Loading />}>
              {tab === 'vagas' && (
                <OpenJobsScreen
                  me={me.me}
                  fetchImpl={fetchImpl}
                  profileHref={hrefOf('perfil')}
                  onOpenProfile={() => open('perfil')}
                />
              )}
              {tab === 'candidaturas' && <ApplicationsScreen fetchImpl={fetchImpl} />}
              {tab === 'trabalhos' && <ShiftsScreen fetchImpl={fetchImpl} />}
              {tab === 'financas' && <FinancesScreen fetchImpl={fetchImpl} rateFirst={rateFirst} />}
              {tab === 'perfil' && me.me && (
                <ProfileScreen me={me.me} onSaved={me.reload} onReload={me.reload} fetchImpl={fetchImpl} />
              )}
            </Suspense>
          </Tabs>
        </div>
      </div>
    </ThemeRoot>
  );
}
