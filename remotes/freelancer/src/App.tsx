import { ComingSoon, PageHeader, Tabs, ThemeRoot } from '@turno/ui';
import { useState } from 'react';
import { OpenJobsScreen } from './jobs/OpenJobsScreen';

const TABS = [
  { id: 'vagas', label: 'Vagas' },
  { id: 'candidaturas', label: 'Candidaturas' },
  { id: 'trabalhos', label: 'Trabalhos' },
  { id: 'financas', label: 'Finanças' },
  { id: 'perfil', label: 'Perfil' },
] as const;

/** The freelancer dashboard, exposed to the host as `freelancer/App`. */
export default function App() {
  const [tab, setTab] = useState<string>('vagas');
  const label = TABS.find((t) => t.id === tab)?.label ?? '';
  return (
    <ThemeRoot data-remote="freelancer" data-testid="remote-freelancer">
      <PageHeader
        title="Área do Freelancer"
        subtitle="Encontre turnos perto de você e acompanhe seus trabalhos."
      />
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Seções da área do freelancer">
        {tab === 'vagas' ? <OpenJobsScreen /> : <ComingSoon title={label} />}
      </Tabs>
    </ThemeRoot>
  );
}
