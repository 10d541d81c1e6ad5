/**
 * The admin's detailed report period (spec 02 §2 "Detailed report" and §5 "Report dates"): a single
 * date or a start..end range, no date beyond today (Sao Paulo), end not before start.
 */
import * as MESSAGES from './messages';
import { freelancerPayoutCents } from './pricing';
import { daysBetween, isIsoDate } from './time';

/** Longest report range, in days (start and end included). Not in the spec: keeps a query bounded. */
export const REPORT_MAX_DAYS = 366;

/**
 * Checks a report period against `today` ('YYYY-MM-DD', Sao Paulo). Returns the pt-BR message to
 * show, or null when the period is fine. A single-date report passes the date as both ends.
 */
export function reportPeriodError(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  today: string,
): string | null {
  if (!startDate || !endDate) return MESSAGES.analytics.reportDateRequired;
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return MESSAGES.validation.invalidDate;
  if (startDate > today || endDate > today) return MESSAGES.analytics.reportDateAfterToday;
  if (endDate < startDate) return MESSAGES.analytics.reportEndBeforeStart;
  if (daysBetween(startDate, endDate) + 1 > REPORT_MAX_DAYS) {
    return MESSAGES.analytics.reportPeriodTooLong(REPORT_MAX_DAYS);
  }
  return null;
}

/** What a report row of one job is worth, in cents. */
export interface ReportRowAmountsCents {
  chargeCents: number;
  payoutCents: number;
  commissionCents: number;
}

/**
 * A job's amounts in the admin's report and metrics (spec 02 §2): a completed assignment shows what
 * was stored at completion (a commission not stored is charge − payout); any other job what its
 * charge will produce (the payout of `freelancerPayoutCents`, the rest commission).
 */
export function reportRowAmountsCents(row: {
  completed: boolean;
  jobChargeCents: number;
  storedChargeCents?: number | null;
  storedPayoutCents?: number | null;
  storedCommissionCents?: number | null;
}): ReportRowAmountsCents {
  if (row.completed) {
    const chargeCents = row.storedChargeCents ?? 0;
    const payoutCents = row.storedPayoutCents ?? 0;
    return {
      chargeCents,
      payoutCents,
      commissionCents: row.storedCommissionCents ?? chargeCents - payoutCents,
    };
  }
  const chargeCents = row.jobChargeCents;
  const payoutCents = freelancerPayoutCents(chargeCents);
  return { chargeCents, payoutCents, commissionCents: chargeCents - payoutCents };
}
