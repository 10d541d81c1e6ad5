/**
 * The sections the host gives each remote (`RemoteAppProps.section`): the host's routes and admin
 * tabs and each remote's App read these same lists, so a section one side names the other has.
 * No zod here: a remote's first screen imports these lists.
 */
import type { BusinessAction } from '@turno/domain';

/** The restaurant panel's tabs; the first (`dashboard`) is the panel at /dashboard. */
export const RESTAURANT_SECTIONS = [
  'dashboard',
  'agenda',
  'faturas',
  'perfil',
  'bloqueios',
  'presenca',
  'lojas',
  'equipe',
] as const;
export type RestaurantSection = (typeof RESTAURANT_SECTIONS)[number];

/**
 * What a business member must be allowed to do to see each tab (issue 28; libs/domain
 * `memberMay`): a supervisor sees the agenda and the presence code, a store manager also the
 * Dashboard (the vacancy form) and Bloqueios, the owner every tab.
 */
export const RESTAURANT_SECTION_ACTIONS: Record<RestaurantSection, BusinessAction> = {
  dashboard: 'manageVacancies',
  agenda: 'viewShifts',
  faturas: 'manageBilling',
  perfil: 'editBusinessProfile',
  bloqueios: 'handleApplications',
  presenca: 'approveAttendance',
  lojas: 'manageStores',
  equipe: 'manageTeam',
};

/** The freelancer area's tabs; the first (`vagas`) is the area at /dashboard. */
export const FREELANCER_SECTIONS = ['vagas', 'candidaturas', 'trabalhos', 'financas', 'perfil'] as const;
export type FreelancerSection = (typeof FREELANCER_SECTIONS)[number];

/** The admin operations remote: the admin shell's tabs it fills, and the host pages of /admin/jobs. */
export const ADMIN_OPS_SECTIONS = [
  'dashboard',
  'mercados',
  'freelancers',
  'analise-cadastro',
  'criar-vagas',
  'controle-mercado',
  'avaliacoes',
  'bloqueios',
  'disputas',
  'privacidade',
  'auditoria',
  'jobs',
  'job-applications',
  'job-edit',
] as const;
export type AdminOpsSection = (typeof ADMIN_OPS_SECTIONS)[number];

/** The admin billing remote: the top of the admin Dashboard tab, the Faturas tab and the Repasses tab. */
export const ADMIN_BILLING_SECTIONS = ['dashboard', 'faturas', 'repasses'] as const;
export type AdminBillingSection = (typeof ADMIN_BILLING_SECTIONS)[number];

/** Which sections each remote has, by the name the host knows it by. */
export interface RemoteSections {
  restaurant: RestaurantSection;
  freelancer: FreelancerSection;
  admin_ops: AdminOpsSection;
  admin_billing: AdminBillingSection;
}

/** Where the restaurant and freelancer areas live; their first tab is this path itself. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The URL of a tab of the restaurant or freelancer area: the first tab (`sections[0]`) at
 * /dashboard, every other at /dashboard/<section> (refresh keeps it, Back returns to the last one).
 */
export function dashboardSectionPath<S extends string>(sections: readonly S[], section: S): string {
  return section === sections[0] ? DASHBOARD_PATH : `${DASHBOARD_PATH}/${section}`;
}

/** The section a /dashboard/<segment> names, or null when the area has no such tab. */
export function dashboardSection<S extends string>(
  sections: readonly S[],
  segment: string | undefined,
): S | null {
  if (segment === undefined) return sections[0] ?? null;
  return (sections as readonly string[]).includes(segment) ? (segment as S) : null;
}
