import { type RemoteName } from '@turno/contracts';

export interface AdminTab {
  id: string;
  label: string;
  /**
   * The remote that renders this tab (its `./App`, given the tab id as `section`: one remote may
   * serve several tabs); without one the tab shows "Em breve".
   */
  remote?: Extract<RemoteName, 'admin_ops' | 'admin_billing'>;
  description: string;
}

/** The eight tabs of the admin shell, in the order of spec 02 §2. */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    remote: 'admin_ops',
    description: 'Central de métricas, relatório detalhado e Centro de Comando das vagas.',
  },
  {
    id: 'faturas',
    label: 'Faturas',
    remote: 'admin_billing',
    description: 'Faturas semanais e personalizadas.',
  },
  {
    id: 'mercados',
    label: 'Mercados',
    remote: 'admin_ops',
    description: 'Cadastro e aprovação de mercados.',
  },
  { id: 'freelancers', label: 'Freelancers', description: 'Cadastro, aprovação e edição de freelancers.' },
  { id: 'criar-vagas', label: 'Criar Vagas', description: 'Criação de vagas em nome de qualquer mercado.' },
  {
    id: 'controle-mercado',
    label: 'Controle Mercado',
    description: 'Painel, agenda e faturas de um mercado escolhido.',
  },
  { id: 'avaliacoes', label: 'Avaliações', description: 'Todas as avaliações entre mercados e freelancers.' },
  { id: 'bloqueios', label: 'Bloqueios', description: 'Bloqueios de freelancers por mercado.' },
];

/** `?tab=` of /admin/dashboard; unknown or missing values open the first tab. */
export function adminTab(search: URLSearchParams): AdminTab {
  return ADMIN_TABS.find((t) => t.id === search.get('tab')) ?? ADMIN_TABS[0]!;
}
