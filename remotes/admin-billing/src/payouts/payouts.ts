import {
  AdminPayoutsQuerySchema,
  PAYOUT_PERIOD_DEFAULT_DAYS,
  type AdminPayout,
  type AdminPayoutsQuery,
  type PayoutListStatusFilter,
} from '@turno/contracts';
import { PAYOUT_STATUS_LABELS, addDays, saoPauloDate } from '@turno/domain';
import { optionsOf } from '@turno/ui';

export const PAYOUTS_URL = '/bff/admin-billing/api/admin/payouts';
export const PAYOUTS_EXPORT_URL = '/bff/admin-billing/api/admin/exports/payouts.xlsx';

export interface PayoutsFilters {
  q: string;
  status: PayoutListStatusFilter;
  from: string;
  to: string;
}

/** The last 30 days (São Paulo) at `now`, every state, every freelancer. */
export function defaultPayoutsFilters(now: Date = new Date()): PayoutsFilters {
  const today = saoPauloDate(now);
  return { q: '', status: 'all', from: addDays(today, 1 - PAYOUT_PERIOD_DEFAULT_DAYS), to: today };
}

export const PAYOUT_STATUS_OPTIONS = optionsOf({ all: 'Todos', ...PAYOUT_STATUS_LABELS });

/** A row's key: a payout's and a deduction's ids are of two tables. */
export const payoutRowKey = (payout: Pick<AdminPayout, 'id' | 'kind'>) =>
  `${payout.kind ?? 'shift'}-${payout.id}`;

/** What the server does without a filter: such a filter stays out of the URL. */
export const PAYOUTS_QUERY_DEFAULTS = AdminPayoutsQuerySchema.parse({});

export function payoutsQuery(filters: PayoutsFilters): Omit<AdminPayoutsQuery, 'cursor' | 'limit'> {
  return { q: filters.q, status: filters.status, from: filters.from, to: filters.to };
}

/**
 * Which actions a payout's row offers: retry when failed, release when held, paid outside unless
 * paid or sending; none on a deduction's row (issue 25: what a freelancer owes is no payout).
 */
export function payoutActionsOf(
  payout: Pick<AdminPayout, 'status' | 'kind'>,
): ('retry' | 'release' | 'markPaid')[] {
  const actions: ('retry' | 'release' | 'markPaid')[] = [];
  if (payout.kind === 'deduction') return actions;
  if (payout.status === 'failed') actions.push('retry');
  if (payout.status === 'held') actions.push('release');
  if (payout.status !== 'paid' && payout.status !== 'sending') actions.push('markPaid');
  return actions;
}
