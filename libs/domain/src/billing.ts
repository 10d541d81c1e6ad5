/**
 * The weekly billing cycle (00-decisions "Billing"): a week runs Monday 00:00 to Sunday 23:59:59
 * Sao Paulo time; generation runs Monday 01:00 for the week just ended; the invoice is issued on
 * the Wednesday after the week and is due 7 days later.
 */
import { INVOICE_PAYMENT_TERM_DAYS } from './limits';
import * as MESSAGES from './messages';
import { type InvoiceStatus } from './statuses';
import { addDays, isIsoDate, isoWeek, isoWeekday, saoPauloDate, saoPauloDateTimeToInstant } from './time';

/** A billing week and its invoice dates, all 'YYYY-MM-DD' in Sao Paulo time. */
export interface BillingWeek {
  /** Monday. */
  weekStart: string;
  /** Sunday. */
  weekEnd: string;
  /** The Wednesday after weekEnd. */
  issueDate: string;
  /** issueDate + 7 days. */
  dueDate: string;
}

/** ISO weekday (Monday = 1) and Sao Paulo time of the weekly generation run. */
export const WEEKLY_RUN_WEEKDAY = 1;
export const WEEKLY_RUN_TIME = '01:00';

/** Days from the Sunday that ends a week to the Wednesday the invoice is issued. */
const ISSUE_DAYS_AFTER_WEEK_END = 3;

/**
 * The billing week containing a Sao Paulo date, moved by `weekOffset` weeks (-1 = the week before).
 * Throws RangeError on an invalid date or a non-integer offset.
 */
export function billingWeekOfDate(date: string, weekOffset = 0): BillingWeek {
  if (!Number.isInteger(weekOffset)) throw new RangeError(`Invalid week offset: ${weekOffset}`);
  const weekStart = addDays(date, 1 - isoWeekday(date) + 7 * weekOffset);
  const weekEnd = addDays(weekStart, 6);
  const issueDate = addDays(weekEnd, ISSUE_DAYS_AFTER_WEEK_END);
  return { weekStart, weekEnd, issueDate, dueDate: addDays(issueDate, INVOICE_PAYMENT_TERM_DAYS) };
}

/**
 * The billing week containing `instant` (its Sao Paulo date), moved by `weekOffset` weeks:
 * 0 = this week, -1 = last week, -2, -3 … Sunday 23:59 SP still belongs to the week that ends
 * that day; Monday 00:00 SP (03:00 UTC) starts the next one.
 */
export function billingWeek(instant: Date, weekOffset = 0): BillingWeek {
  return billingWeekOfDate(saoPauloDate(instant), weekOffset);
}

/**
 * The week a generation run at `runAt` bills: the most recent week that has fully ended, i.e. the
 * week before the one containing `runAt` (Monday 01:00 SP → the Monday..Sunday just finished).
 */
export function billingWeekJustEnded(runAt: Date): BillingWeek {
  return billingWeek(runAt, -1);
}

/**
 * The week as a half-open range of instants: [Monday 00:00 SP, next Monday 00:00 SP).
 * Servers use it to select by timestamp (e.g. check-out time) instead of by date.
 */
export function billingWeekInstants(week: Pick<BillingWeek, 'weekStart' | 'weekEnd'>): {
  from: Date;
  to: Date;
} {
  return {
    from: saoPauloDateTimeToInstant(week.weekStart, '00:00'),
    to: saoPauloDateTimeToInstant(addDays(week.weekEnd, 1), '00:00'),
  };
}

/** The first weekly run (Monday 01:00 SP) strictly after `after`. */
export function nextWeeklyRunAt(after: Date): Date {
  const thisMonday = billingWeek(after).weekStart;
  const runThisWeek = saoPauloDateTimeToInstant(thisMonday, WEEKLY_RUN_TIME);
  if (runThisWeek.getTime() > after.getTime()) return runThisWeek;
  return saoPauloDateTimeToInstant(addDays(thisMonday, 7), WEEKLY_RUN_TIME);
}

/**
 * Human-readable invoice number: `TUR-{ISO week-year}-W{ISO week, 2 digits}-{sequence, 4 digits}`,
 * e.g. `TUR-2026-W46-0007`. The week may be given as the week's start date ('YYYY-MM-DD', the ISO
 * week is taken from it), as `{ year, week }`, or as two numbers `(year, week, sequence)`.
 */
export function invoiceNumber(weekStart: string, sequence: number): string;
export function invoiceNumber(week: { year: number; week: number }, sequence: number): string;
export function invoiceNumber(year: number, week: number, sequence: number): string;
export function invoiceNumber(
  weekOrYear: string | number | { year: number; week: number },
  weekOrSequence: number,
  sequence?: number,
): string {
  let year: number;
  let week: number;
  let seq: number;
  if (typeof weekOrYear === 'number') {
    [year, week, seq] = [weekOrYear, weekOrSequence, sequence ?? NaN];
  } else {
    ({ year, week } = typeof weekOrYear === 'string' ? isoWeek(weekOrYear) : weekOrYear);
    seq = weekOrSequence;
  }
  if (![year, week, seq].every(Number.isInteger) || week < 1 || week > 53 || seq < 0) {
    throw new RangeError(`Invalid invoice number parts: ${year}, ${week}, ${seq}`);
  }
  return `TUR-${year}-W${String(week).padStart(2, '0')}-${String(seq).padStart(4, '0')}`;
}

/**
 * The part of an invoice number shared by every invoice of a week, up to and including the last
 * hyphen: `invoiceNumberPrefix('2026-11-09')` → `'TUR-2026-W46-'`, so that
 * `invoiceNumber(week, n) === invoiceNumberPrefix(week) + n padded to 4 digits`. Servers key their
 * per-week sequence on it.
 */
export function invoiceNumberPrefix(week: string | { year: number; week: number }): string {
  const full = typeof week === 'string' ? invoiceNumber(week, 0) : invoiceNumber(week, 0);
  return full.slice(0, full.lastIndexOf('-') + 1);
}

/** Parses an invoice number made by `invoiceNumber`; null when the text is not one. */
export function parseInvoiceNumber(value: string): { year: number; week: number; sequence: number } | null {
  const match = /^TUR-(\d{4})-W(\d{2})-(\d{4,})$/.exec(value.trim());
  if (!match) return null;
  return { year: Number(match[1]), week: Number(match[2]), sequence: Number(match[3]) };
}

/**
 * True when a pending invoice is past its due date in Sao Paulo (the day after the due date and
 * later). Paid and already-overdue invoices are not "becoming" overdue and return false.
 */
export function shouldBecomeOverdue(
  invoice: { status: InvoiceStatus; due_date: string },
  now: Date,
): boolean {
  return invoice.status === 'pending' && saoPauloDate(now) > invoice.due_date;
}

/**
 * Checks the period of a custom invoice: both dates required and valid, start not after end.
 * Returns the pt-BR message to show, or null when the period is fine.
 */
export function customInvoicePeriodError(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): string | null {
  if (!startDate || !endDate) return MESSAGES.invoices.datesRequired;
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return MESSAGES.validation.invalidDate;
  if (startDate > endDate) return MESSAGES.invoices.startAfterEnd;
  return null;
}
