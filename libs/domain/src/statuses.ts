/** Status values of every aggregate, as stored in the database and sent over the wire (spec 01 §4, spec 02 §3–4). */

export const JOB_STATUSES = ['open', 'assigned', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  open: 'Aberta',
  assigned: 'Alocada',
  completed: 'Concluída',
  cancelled: 'Cancelada',
};

export const ASSIGNMENT_STATUSES = ['assigned', 'in_progress', 'completed', 'cancelled'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus, string> = {
  assigned: 'Aguardando início',
  in_progress: 'Em trabalho',
  completed: 'Concluído',
  cancelled: 'Cancelado',
};

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Pendente',
  accepted: 'Aceita',
  rejected: 'Rejeitada',
  expired: 'Expirada',
};

export const INVOICE_STATUSES = ['pending', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pendente',
  paid: 'Paga',
  overdue: 'Vencida',
};

export const INVOICE_TYPES = [
  'restaurant_invoice',
  'restaurant_weekly_invoice',
  'restaurant_custom_invoice',
] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const USER_TYPES = ['admin', 'restaurant', 'freelancer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const RATER_TYPES = ['restaurant', 'freelancer'] as const;
export type RaterType = (typeof RATER_TYPES)[number];

export const BLOCKED_BY = ['admin', 'restaurant'] as const;
export type BlockedBy = (typeof BLOCKED_BY)[number];

/** Account state derived from the two flags (spec 02 §4). */
export type AccountState = 'approved' | 'pending' | 'rejected';
export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  approved: 'Aprovado',
  pending: 'Pendente',
  rejected: 'Rejeitado',
};
/** Restaurant: approved = is_approved; pending = !approved && is_active; rejected = !is_active. */
export function restaurantAccountState(r: { is_approved: boolean; is_active: boolean }): AccountState {
  if (r.is_approved) return 'approved';
  return r.is_active ? 'pending' : 'rejected';
}
/** Freelancer: the same with is_available in place of is_active. */
export function freelancerAccountState(f: { is_approved: boolean; is_available: boolean }): AccountState {
  if (f.is_approved) return 'approved';
  return f.is_available ? 'pending' : 'rejected';
}

/** What each status filter of the job lists reads (agenda, command centre), "Todas" first. */
export const JOB_LIST_FILTER_LABELS = {
  all: 'Todas',
  open: 'Abertas',
  assigned: 'Alocadas',
  completed: 'Concluídas',
} as const;
/** What each date filter of the admin job list reads (command centre, its export). */
export const ADMIN_JOB_DATE_FILTER_LABELS = {
  all: 'Todas',
  today: 'Hoje',
  tomorrow: 'Amanhã',
  next7: 'Próximos 7 dias',
} as const;
/** What the score and rater filters of the ratings list read (Avaliações, its export). */
export const RATING_SCORE_FILTER_LABELS = {
  all: 'Todas',
  '1': '1 estrela',
  '2': '2 estrelas',
  '3': '3 estrelas',
  '4': '4 estrelas',
  '5': '5 estrelas',
} as const;
export const RATER_TYPE_FILTER_LABELS = {
  all: 'Todos',
  restaurant: 'Mercado',
  freelancer: 'Freelancer',
} as const;
/** What each status filter of the invoice list reads. */
export const INVOICE_LIST_FILTER_LABELS = {
  all: 'Todas',
  pending: 'Pendentes',
  paid: 'Pagas',
  overdue: 'Vencidas',
} as const;
/** What each account-status filter of the restaurant list reads. */
export const RESTAURANT_LIST_FILTER_LABELS = {
  all: 'Todos',
  pending: 'Pendentes',
  approved: 'Aprovados',
  rejected: 'Rejeitados',
} as const;
