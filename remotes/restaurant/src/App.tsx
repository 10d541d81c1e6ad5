import { Loading, PageHeader, Tabs, ThemeRoot } from '@turno/ui';
import { Suspense, lazy, useInsertionEffect, useState } from 'react';
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

const TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'agenda', label: 'Agenda' },
  { id: 'faturas', label: 'Faturas' },
  { id: 'perfil', label: 'Perfil' },
  { id: 'bloqueios', label: 'Bloqueios' },
] as const;

function TabContent({ tab }: { tab: string }) {
  switch (tab) {
    case 'dashboard':
      return <DashboardScreen />;
    case 'agenda':
      return <AgendaScreen />;
    case 'faturas':
      return <InvoicesScreen />;
    case 'perfil':
      return <ProfileScreen />;
    case 'bloqueios':
      return <BlocksScreen />;
    default:
      return null;
  }
}

/** The restaurant (Mercado) panel, exposed to the host as `restaurant/App`. It opens on the Dashboard. */
export default function App() {
  const [tab, setTab] = useState<string>('dashboard');
  useInsertionEffect(() => ensureRestaurantStyles(), []);
  return (
    <ThemeRoot data-remote="restaurant" data-testid="remote-restaurant">
      <PageHeader title="Painel do Mercado" subtitle="Suas vagas, faturas e freelancers em um só lugar." />
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Seções do painel do mercado">
        <Suspense fallback={<Loading />}>
          <TabContent tab={tab} />
        </Suspense>
      </Tabs>
    </ThemeRoot>
  );
}
