import { Loading, PageHeader, Tabs, ThemeRoot } from '@turno/ui';
import { Suspense, lazy, useInsertionEffect, useState } from 'react';
import { PendingBadge, usePendingRequests } from './agenda/pending-requests';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { ensureRestaurantStyles } from './shared/styles';

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

const TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'agenda', label: 'Agenda' },
  { id: 'faturas', label: 'Faturas' },
  { id: 'perfil', label: 'Perfil' },
  { id: 'bloqueios', label: 'Bloqueios' },
  { id: 'presenca', label: 'Código de presença' },
] as const;

function TabContent({ tab, onTab }: { tab: string; onTab: (tab: string) => void }) {
  switch (tab) {
    case 'dashboard':
      return <DashboardScreen onOpenAgenda={() => onTab('agenda')} />;
    case 'agenda':
      return <AgendaScreen />;
    case 'faturas':
      return <InvoicesScreen />;
    case 'perfil':
      return <ProfileScreen />;
    case 'bloqueios':
      return <BlocksScreen />;
    case 'presenca':
      return <PresenceScreen />;
    default:
      return null;
  }
}

/** The restaurant (Mercado) panel, exposed to the host as `restaurant/App`. It opens on the Dashboard. */
export default function App() {
  const [tab, setTab] = useState<string>('dashboard');
  useInsertionEffect(() => ensureRestaurantStyles(), []);
  // Check-in/check-out requests waiting: a count beside "Agenda", a sound/notice on a new one.
  const pending = usePendingRequests({ alert: true });
  const tabs = TABS.map((item) =>
    item.id === 'agenda'
      ? {
          ...item,
          label: (
            <>
              {item.label} <PendingBadge count={pending} />
            </>
          ),
        }
      : item,
  );
  return (
    <ThemeRoot data-remote="restaurant" data-testid="remote-restaurant">
      <PageHeader title="Painel do Mercado" subtitle="Suas vagas, faturas e freelancers em um só lugar." />
      <Tabs tabs={tabs} active={tab} onChange={setTab} label="Seções do painel do mercado">
        <Suspense fallback={<Loading />}>
          <TabContent tab={tab} onTab={setTab} />
        </Suspense>
      </Tabs>
    </ThemeRoot>
  );
}
