import { type AdminBillingSection, type AdminOpsSection } from '@turno/contracts';

/** One remote's part of an admin page: which remote, and which of its sections it shows. */
export type AdminArea = (
  | { remote: 'admin_ops'; section: AdminOpsSection }
  | { remote: 'admin_billing'; section: AdminBillingSection }
) & {
  /** The area's accessible name (and its fallback's title when the remote is down). */
  label: string;
  /** Height kept for the area while it loads (px): the areas below stay where they will be. */
  minHeight?: number;
};

export interface AdminTab {
  id: string;
  label: string;
  /**
   * The remote areas of this tab, top to bottom (at least one); each remote team owns its own area,
   * so one remote down leaves the others working.
   */
  areas: readonly [AdminArea, ...AdminArea[]];
  description: string;
}

/**
 * The tabs of the admin shell: the eight of spec 02 §2 in its order, "Disputas" (issue 23), then
 * "Auditoria" (issue 12), last because it is consulted, not worked in every day.
 */
export const ADMIN_TABS: readonly AdminTab[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    areas: [
      // The metrics card and the report fill the first screen: the command centre starts below it.
      { remote: 'admin_billing', section: 'dashboard', label: 'Central de Métricas', minHeight: 760 },
      { remote: 'admin_ops', section: 'dashboard', label: 'Centro de Comando' },
    ],
    description: 'Central de métricas, relatório detalhado e Centro de Comando das vagas.',
  },
  {
    id: 'faturas',
    label: 'Faturas',
    areas: [{ remote: 'admin_billing', section: 'faturas', label: 'Faturas' }],
    description: 'Faturas semanais e personalizadas.',
  },
  {
    id: 'repasses',
    label: 'Repasses',
    areas: [{ remote: 'admin_billing', section: 'repasses', label: 'Repasses' }],
    description: 'Pagamentos Pix aos freelancers: situação, reenvio, liberação e totais por dia.',
  },
  {
    id: 'mercados',
    label: 'Mercados',
    areas: [{ remote: 'admin_ops', section: 'mercados', label: 'Mercados' }],
    description: 'Cadastro e aprovação de mercados.',
  },
  {
    id: 'freelancers',
    label: 'Freelancers',
    areas: [{ remote: 'admin_ops', section: 'freelancers', label: 'Freelancers' }],
    description: 'Cadastro, aprovação e edição de freelancers.',
  },
  {
    id: 'analise-cadastro',
    label: 'Análise de cadastro',
    areas: [{ remote: 'admin_ops', section: 'analise-cadastro', label: 'Análise de cadastro' }],
    description: 'Documentos e selfies dos freelancers enviados para análise (issue 27).',
  },
  {
    id: 'criar-vagas',
    label: 'Criar Vagas',
    areas: [{ remote: 'admin_ops', section: 'criar-vagas', label: 'Criar Vagas' }],
    description: 'Criação de vagas em nome de qualquer mercado.',
  },
  {
    id: 'controle-mercado',
    label: 'Controle Mercado',
    areas: [{ remote: 'admin_ops', section: 'controle-mercado', label: 'Controle Mercado' }],
    description: 'Painel, agenda e faturas de um mercado escolhido.',
  },
  {
    id: 'avaliacoes',
    label: 'Avaliações',
    areas: [{ remote: 'admin_ops', section: 'avaliacoes', label: 'Avaliações' }],
    description: 'Todas as avaliações entre mercados e freelancers.',
  },
  {
    id: 'bloqueios',
    label: 'Bloqueios',
    areas: [{ remote: 'admin_ops', section: 'bloqueios', label: 'Bloqueios' }],
    description: 'Bloqueios de freelancers por mercado.',
  },
  {
    id: 'disputas',
    label: 'Disputas',
    areas: [{ remote: 'admin_ops', section: 'disputas', label: 'Disputas' }],
    description: 'Recursos de ocorrências dos freelancers aguardando decisão.',
  },
  {
    id: 'privacidade',
    label: 'Privacidade',
    areas: [{ remote: 'admin_ops', section: 'privacidade', label: 'Privacidade' }],
    description: 'Pedidos de exclusão e de exportação de dados (LGPD), com os prazos de 15 dias (issue 27).',
  },
  {
    id: 'auditoria',
    label: 'Auditoria',
    areas: [{ remote: 'admin_ops', section: 'auditoria', label: 'Auditoria' }],
    description: 'Ações dos administradores e eventos de segurança, com os valores antes e depois.',
  },
];

/** `?tab=` of /admin/dashboard; unknown or missing values open the first tab. */
export function adminTab(search: URLSearchParams): AdminTab {
  return ADMIN_TABS.find((t) => t.id === search.get('tab')) ?? ADMIN_TABS[0]!;
}
