/**
 * Chains (issue 28): one business (the legal entity: `restaurants` in the data, "Mercado" on screen)
 * with one or more stores ("Lojas"), and the people who run them ("Equipe"). The roles, what each
 * may do, the member invitation's validity and the pt-BR words live here, for the screens, the BFFs
 * and services/core alike.
 */

/**
 * The roles of a business's members:
 * - `owner`: everything, every store, billing, the stores and the team;
 * - `manager` (gerente de loja): vacancies, applications, check-in/out approvals and ratings of the
 *   stores given to them;
 * - `supervisor`: check-in/out approvals and ratings of their stores only.
 */
export const BUSINESS_MEMBER_ROLES = ['owner', 'manager', 'supervisor'] as const;
export type BusinessMemberRole = (typeof BUSINESS_MEMBER_ROLES)[number];

export function isBusinessMemberRole(value: unknown): value is BusinessMemberRole {
  return typeof value === 'string' && (BUSINESS_MEMBER_ROLES as readonly string[]).includes(value);
}

/** The roles as the screens name them. */
export const BUSINESS_MEMBER_ROLE_LABELS: Record<BusinessMemberRole, string> = {
  owner: 'Proprietário',
  manager: 'Gerente de loja',
  supervisor: 'Supervisor',
};

/** What each role may do, in one line (the invitation's page, the team's dialogs). */
export const BUSINESS_MEMBER_ROLE_DUTIES: Record<BusinessMemberRole, string> = {
  owner: 'Tudo: todas as lojas, faturas, lojas e equipe.',
  manager:
    'Cria e edita vagas, aceita candidaturas, aprova entradas e saídas e avalia freelancers, nas lojas indicadas.',
  supervisor: 'Aprova entradas e saídas e avalia freelancers, nas lojas indicadas. Não cria vagas.',
};

/** What a member may do; each BFF route of the business names the one it needs. */
export const BUSINESS_ACTIONS = [
  /** The agenda, the dashboard and a vacancy's detail, for the member's stores. */
  'viewShifts',
  /** Check-in, check-out, timesheet approvals and the presence code. */
  'approveAttendance',
  /** Rating a freelancer after a shift. */
  'rateFreelancers',
  /** Creating, editing, repeating and cancelling vacancies; inviting freelancers to them. */
  'manageVacancies',
  /** Accepting and refusing applications; blocking a freelancer. */
  'handleApplications',
  /** Invoices, the billing mode and spending analytics. */
  'manageBilling',
  /** Adding, editing and deactivating stores. */
  'manageStores',
  /** Inviting members, changing roles and removing members. */
  'manageTeam',
  /** The business's profile (name, CNPJ, contact). */
  'editBusinessProfile',
] as const;
export type BusinessAction = (typeof BUSINESS_ACTIONS)[number];

const ALLOWED: Record<BusinessMemberRole, ReadonlySet<BusinessAction>> = {
  owner: new Set(BUSINESS_ACTIONS),
  manager: new Set<BusinessAction>([
    'viewShifts',
    'approveAttendance',
    'rateFreelancers',
    'manageVacancies',
    'handleApplications',
  ]),
  supervisor: new Set<BusinessAction>(['viewShifts', 'approveAttendance', 'rateFreelancers']),
};

/** Whether a member of `role` may do `action` (for the stores given to them; an owner has all). */
export function memberMay(role: BusinessMemberRole, action: BusinessAction): boolean {
  return ALLOWED[role].has(action);
}

/** Whether `role` sees every store of the business without being given each ("Todas as lojas"). */
export function seesEveryStore(role: BusinessMemberRole): boolean {
  return role === 'owner';
}

/** The invited person's page on the portal: `/convite-equipe/<token>` (the host's route). */
export const TEAM_INVITATION_PATH = '/convite-equipe';

/** A member invitation's link is valid this long after it is sent, and works once. */
export const MEMBER_INVITATION_VALID_DAYS = 7;

/** When an invitation sent at `sentAt` stops being valid. */
export function memberInvitationExpiresAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + MEMBER_INVITATION_VALID_DAYS * 24 * 3_600_000);
}

/** At most this many stores per business, and this many members (a bound on every list of them). */
export const MAX_STORES_PER_BUSINESS = 500;
export const MAX_MEMBERS_PER_BUSINESS = 1_000;

/** The store selector's choice that shows every store (owners only). */
export const ALL_STORES_LABEL = 'Todas as lojas';

/** Store names: trimmed, 2–80 characters. */
export const STORE_NAME_MIN = 2;
export const STORE_NAME_MAX = 80;

/** The pt-BR answers of the chain's rules. */
export const BUSINESS_MEMBER_MESSAGES = {
  forbiddenForRole: (role: BusinessMemberRole) =>
    `Seu papel (${BUSINESS_MEMBER_ROLE_LABELS[role]}) não permite esta ação. Peça ao proprietário.`,
  storeNotFound: 'Loja não encontrada.',
  storeInactive: 'Esta loja está desativada. Escolha outra loja.',
  storeRequired: 'Escolha a loja da vaga.',
  storeNameLength: `O nome da loja deve ter de ${STORE_NAME_MIN} a ${STORE_NAME_MAX} caracteres.`,
  storeNameTaken: 'Já existe uma loja com este nome neste Mercado.',
  storeCreated: 'Loja adicionada.',
  storeSaved: 'Loja salva.',
  storeDeactivated: 'Loja desativada: ela não recebe novas vagas.',
  storeReactivated: 'Loja reativada.',
  tooManyStores: `Um Mercado pode ter até ${MAX_STORES_PER_BUSINESS} lojas.`,
  lastActiveStore: 'O Mercado precisa de pelo menos uma loja ativa.',
  invitationExpired: `Este convite expirou (vale ${MEMBER_INVITATION_VALID_DAYS} dias). Peça um novo ao proprietário.`,
  invitationUsed: 'Este convite já foi usado.',
  alreadyMember: 'Esta pessoa já faz parte de um Mercado.',
  invalidEmail: 'Informe um e-mail válido.',
  roleRequired: 'Escolha o papel: gerente de loja ou supervisor.',
  managerNeedsStores: 'Escolha ao menos uma das lojas para este papel.',
  ownerCannotLeave: 'O proprietário não pode ser removido da equipe.',
  memberRemoved: 'Seu acesso a este Mercado foi removido.',
  tooManyMembers: `Um Mercado pode ter até ${MAX_MEMBERS_PER_BUSINESS} pessoas na equipe, contando os convites em aberto.`,
  alreadyInTeam: 'Esta pessoa já faz parte da equipe.',
  invitationNotFound: 'Convite não encontrado.',
  memberNotFound: 'Pessoa não encontrada na equipe.',
  invitationSent: `Convite criado. Envie o link para a pessoa: ele vale ${MEMBER_INVITATION_VALID_DAYS} dias e funciona uma vez.`,
  invitationEmailed: (email: string) =>
    `Convite enviado por e-mail para ${email}. O link vale ${MEMBER_INVITATION_VALID_DAYS} dias e funciona uma vez; você também pode copiá-lo abaixo.`,
  invitationRevoked: 'Convite cancelado.',
  memberChanged: 'Papel e lojas atualizados.',
  memberRemovedByOwner: 'Pessoa removida da equipe. As sessões dela foram encerradas.',
  invitationAccepted: 'Convite aceito. Bem-vindo à equipe!',
} as const;
