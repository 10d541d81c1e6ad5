import { ComingSoon, PageHeader, Tabs, ThemeRoot } from '@turno/ui';
import { useState } from 'react';
import { AgendaScreen } from './agenda/AgendaScreen';

const TABS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'agenda', label: 'Agenda' },
  { id: 'faturas', label: 'Faturas' },
  { id: 'perfil', label: 'Perfil' },
  { id: 'bloqueios', label: 'Bloqueios' },
] as const;

/** The restaurant (Mercado) panel, exposed to the host as `restaurant/App`. */
export default function App() {
  const [tab, setTab] = useState<string>('agenda');
  const label = TABS.find((t) => t.id === tab)?.label ?? '';
  return (
    <ThemeRoot data-remote="restaurant" data-testid="remote-restaurant">
      <PageHeader title="Painel do Mercado" subtitle="Suas vagas, faturas e freelancers em um só lugar." />
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Seções do painel do mercado">
        {tab === 'agenda' ? <AgendaScreen /> : <ComingSoon title={label} />}
      </Tabs>
    </ThemeRoot>
  );
}
