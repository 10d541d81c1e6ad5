import {
  DASHBOARD_PATH,
  RESTAURANT_SECTIONS,
  type RemoteAppProps,
  type RestaurantSection,
} from '@turno/contracts';
import { Loading, PageHeader, Tabs, ThemeRoot, useDashboardTab } from '@turno/ui';
import { Suspense, lazy, useInsertionEffect, useMemo, useState } from 'react';
import type { RepeatRequest } from './invite-again/repeat-request';
import {
  PENDING_REQUESTS_URL,
  PendingBadge,
  PendingCountContext,
  usePendingRequests,
} from './agenda/pending-requests';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { SPENDING_URL } from './dashboard/SpendingPanel';
import { PROFILE_URL } from './profile/profile';
import { startFirstReads } from './shared/first-reads';
import { ensureRestaurantStyles } from './shared/styles';
import { STORES_URL, StoresContext, roleOf, sectionsOf, useBusinessStores } from './stores/stores';

// The panel opens on the Dashboard: its reads (and the stores, whose role chooses the tabs) start
// as this code loads (the host may still be checking the session), not after the first render
// (shared/first-reads.ts).
if (globalThis.location?.pathname === DASHBOARD_PATH) {
  startFirstReads([PROFILE_URL, PENDING_REQUESTS_URL, SPENDING_URL, STORES_URL]);
}

// The panel opens on the Dashboard; the other tabs are chunks of their own, loaded when opened.
const AgendaScreen = lazy(() => import('./agenda/AgendaScreen').then((m) => ({ default: m.AgendaScreen })));
const InvoicesScreen = lazy(() =>
  import('./invoices/InvoicesScreen').then((m) => ({ default: m.InvoicesScreen })),
);
const ProfileScreen = lazy(() =>
  import('./profile/ProfileScreen').then((m) => ({ default: m.ProfileScreen })),
);
const BlocksScreen = lazy(() => import('./blocks/BlocksScreen').then((m) => ({ default: m.BlocksScreen })));
const PresenceScreen = lazy(() =>
  import('./presence/PresenceScreen').then((m) => ({ default: m.PresenceScreen })),
);
const StoresScreen = lazy(() => import('./stores/StoresScreen').then((m) => ({ default: m.StoresScreen })));
const TeamScreen = lazy(() => import('./team/TeamScreen').then((m) => ({ default: m.TeamScreen })));

const LABELS: Record<RestaurantSection, string> = {
  dashboard: 'Dashboard',
  agenda: 'Agenda',
  faturas: 'Faturas',
  perfil: 'Perfil',
  bloqueios: 'Bloqueios',
  presenca: 'Código de presença',
  lojas: 'Lojas',
  equipe: 'Equipe',
};

function TabContent({ tab, onTab }: { tab: RestaurantSection; onTab: (tab: RestaurantSection) => void }) {
  // "Repetir vaga" / "Chamar de novo" in the Agenda open the Dashboard's form filled in (issue 26).
  const [repeat, setRepeat] = useState<RepeatRequest | null>(null);
  switch (tab) {
    case 'dashboard':
      return (
        <DashboardScreen
          onOpenAgenda={() => onTab('agenda')}
          repeat={repeat}
          onRepeatDone={() => setRepeat(null)}
        />
      );
    case 'agenda':
      return (
        <AgendaScreen
          onRepeat={(job, callAgain) => {
            setRepeat({ jobId: job.id, callAgain });
            onTab('dashboard');
          }}
        />
      );
    case 'faturas':
      return <InvoicesScreen />;
    case 'perfil':
      return <ProfileScreen />;
    case 'bloqueios':
      return <BlocksScreen />;
    case 'presenca':
      return <PresenceScreen />;
    case 'lojas':
      return <StoresScreen />;
    case 'equipe':
      return <TeamScreen />;
    default:
      return null;
  }
}

/**
 * The restaurant (Mercado) panel, exposed to the host as `restaurant/App`. It opens on the Dashboard
 * (/dashboard); every other tab has its address (/dashboard/agenda, …), the host's `section`.
 * Issue 28: only the tabs the member's role may use (every tab while the role is unknown); a tab
 * the role may not use shows the first it may (a supervisor lands on the Agenda).
 */
export default function App({ section, navigate }: RemoteAppProps<RestaurantSection> = {}) {
  const { tab, open, hrefOf } = useDashboardTab(RESTAURANT_SECTIONS, section, navigate);
  useInsertionEffect(() => ensureRestaurantStyles(), []);
  // Check-in/check-out requests waiting: a count beside "Agenda", a sound/notice on a new one.
  const pending = usePendingRequests({ alert: true });
  // The stores the member reaches and their role, read once for the tabs, "Lojas", "Equipe" and the
  // vacancy form.
  const { data, error, loading, refresh } = useBusinessStores();
  const stores = useMemo(() => ({ data, error, loading, refresh }), [data, error, loading, refresh]);
  const sections = sectionsOf(roleOf(stores));
  const shown = sections.includes(tab) ? tab : (sections[0] ?? tab);
  const tabs = sections.map((id) => ({
    id,
    label:
      id === 'agenda' ? (
        <>
          {LABELS[id]} <PendingBadge count={pending} />
        </>
      ) : (
        LABELS[id]
      ),
  }));
  return (
    <ThemeRoot data-remote="restaurant" data-testid="remote-restaurant">
      <PageHeader title="Painel do Mercado" subtitle="Suas vagas, faturas e freelancers em um só lugar." />
      <Tabs
        tabs={tabs}
        active={shown}
        onChange={(id) => open(id as RestaurantSection)}
        hrefOf={hrefOf}
        label="Seções do painel do mercado"
      >
        <PendingCountContext.Provider value={pending}>
          <StoresContext.Provider value={stores}>
            <Suspense fallback={<Loading />}>
              <TabContent tab={shown} onTab={open} />
            </Suspense>
          </StoresContext.Provider>
        </PendingCountContext.Provider>
      </Tabs>
    </ThemeRoot>
  );
}
