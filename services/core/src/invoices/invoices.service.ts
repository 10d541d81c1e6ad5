/**
 * Invoices (spec 01/02 "Invoice", 00-decisions "Billing"): weekly and custom generation, mark
 * paid, mark overdue, delete, and the service lines of the invoice view.
 *
 * The invariant — every completed assignment is billed exactly once — is kept by PostgreSQL (see
 * invoices-billing.ts): generation can be re-run, retried after a crash, or run concurrently; it
 * bills only what has no invoice line yet and never touches a paid invoice.
 *
 * Deleting an invoice deletes its lines: its assignments become billable again, and the next
 * generation that covers their dates (an admin's re-run, or the Monday cycle close, which also
 * bills leftovers of earlier weeks) invoices them anew.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVOICE_PAYMENT_TERM_DAYS,
  INVOICE_PIX_CHARGE_TEXTS,
  MESSAGES,
  WEEKLY_GENERATION_OFFSETS,
  addDays,
  billingWeek,
  billingWeekJustEnded,
  billingWeekOfDate,
  customInvoicePeriodError,
  formatDateBR,
  formatPeriodBR,
  saoPauloDate,
  shouldBecomeOverdue,
  toReais,
  type BillingWeek,
  type InvoiceStatus,
} from '@turno/domain';
import type { Actor } from '../shared/actor';
import { recordEvent, recordEvents } from '../events/record-event';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error';
import { intArrayParam } from '../shared/sql-where';
import {
  billCompletedWork,
  billableAmountCents,
  billableAssignment,
  billableProfessional,
  unbilledDatesBefore,
  type BillingOutcome,
  type BillingRunOptions,
} from './invoices-billing';
import {
  cancelChargesBeforeDeletion,
  retireInvoiceCharges,
  type InvoiceChargeCanceller,
} from './invoice-pix-charges';

export type { BillingBatchProgress, BillingRunOptions } from './invoices-billing';

/** The scheduler and the workers act as the system (no person behind the call). */
export interface SystemActor {
  role: 'system';
}
export const SYSTEM_ACTOR: SystemActor = { role: 'system' };
/** Who may run billing: an admin (the Faturas tab) or the system (scheduled jobs). */
export type BillingActor = Actor | SystemActor;

// ---------------------------------------------------------------------------------------------
// Result types (the contracts package will mirror them)
// ---------------------------------------------------------------------------------------------

/** Answer of POST /api/admin/invoices/generate-weekly (spec 02 §7) and of the weekly job. */
export interface WeeklyGenerationResult {
  success: true;
  /** The billed week as shown: '16/11/2026 a 22/11/2026'. */
  weekProcessed: string;
  weekStart: string;
  weekEnd: string;
  issueDate: string;
  dueDate: string;
  /** New invoices. */
  invoicesGenerated: number;
  /** Pending invoices of the week that received late work. */
  invoicesUpdated: number;
  /** Completed assignments billed by this run. */
  completedAssignments: number;
  /** Completed assignments of the week already billed before this run. */
  alreadyBilledAssignments: number;
  /** Sum of what this run billed, reais. */
  amountBilled: number;
  invoiceIds: number[];
  message: string;
}

/** The Monday cycle close: the week just ended plus leftovers of earlier weeks. */
export interface CycleCloseResult {
  success: true;
  /** The week just ended. */
  week: WeeklyGenerationResult;
  /** Earlier weeks that still had unbilled completed work (oldest first). */
  earlierWeeks: WeeklyGenerationResult[];
  invoicesGenerated: number;
  invoicesUpdated: number;
  completedAssignments: number;
}

/** Answer of POST /api/admin/invoices/generate-custom (spec 02 §7). */
export interface CustomGenerationResult {
  success: true;
  startDate: string;
  endDate: string;
  issueDate: string;
  dueDate: string;
  invoicesGenerated: number;
  completedAssignments: number;
  alreadyBilledAssignments: number;
  amountBilled: number;
  invoiceIds: number[];
  message: string;
}

export interface CustomInvoiceRequest {
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  /** null, undefined or empty = every restaurant (the admin's empty selection). */
  restaurantIds?: number[] | null;
}

export interface InvoiceStatusChange {
  id: number;
  invoice_number: string;
  status: InvoiceStatus;
  payment_date: string | null;
  message: string;
}

export interface OverdueRunResult {
  markedOverdue: number;
  invoiceIds: number[];
}

export interface InvoiceDeletion {
  id: number;
  invoice_number: string;
  /** Assignments whose line went with the invoice: billable again. */
  freedAssignments: number;
  message: string;
}

/** One billed or billable service: spec 01/02 §3 "Invoice service line", plus ids for the views. */
export interface InvoiceServiceLine {
  date_needed: string;
  position_type: string;
  freelancer_name: string;
  restaurant_payment_amount: number;
  start_time: string;
  end_time: string;
  job_id: number;
  assignment_id: number;
  /** The invoice that bills it; null while not billed yet. */
  invoice_id: number | null;
  invoice_number: string | null;
  /** The store where the service happened (issue 28). */
  store_id: number;
  store_name: string;
}

export interface InvoiceServicesQuery {
  /** Required for an admin; a restaurant may omit it (its own) but not name another. */
  restaurantId?: number | null;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
}

// ---------------------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------------------

function requireBillingActor(actor: BillingActor): void {
  if (actor.role !== 'admin' && actor.role !== 'system') {
    throw forbidden('invoices.forbidden', MESSAGES.invoices.onlyAdminsGenerate);
  }
}

function requireAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw forbidden('invoices.forbidden', MESSAGES.invoices.onlyAdminsGenerate);
}

/** The week of `weekOffset` (admins: 0, -1, -2, -3; the system: any past or current week). */
function weekToGenerate(actor: BillingActor, weekOffset: number | undefined, now: Date): BillingWeek {
  if (weekOffset === undefined) return billingWeekJustEnded(now);
  const allowed =
    actor.role === 'admin'
      ? (WEEKLY_GENERATION_OFFSETS as readonly number[]).includes(weekOffset)
      : Number.isInteger(weekOffset) && weekOffset <= 0;
  if (!allowed) throw invalid('invoices.invalid_week_offset', MESSAGES.invoices.invalidWeekOffset);
  return billingWeek(now, weekOffset);
}

async function billWeek(
  em: EntityManager,
  week: BillingWeek,
  now: Date,
  options: BillingRunOptions,
): Promise<WeeklyGenerationResult> {
  const outcome = await billCompletedWork(
    em,
    {
      invoiceType: 'restaurant_weekly_invoice',
      from: week.weekStart,
      to: week.weekEnd,
      restaurantIds: null,
      issueDate: week.issueDate,
      dueDate: week.dueDate,
      periodStart: week.weekStart,
      periodEnd: week.weekEnd,
      numberWeekOf: week.weekStart,
      description: MESSAGES.invoices.servicesDescription(
        formatDateBR(week.weekStart),
        formatDateBR(week.weekEnd),
      ),
      appendToPendingWeekly: true,
      now,
    },
    options,
  );
  return {
    success: true,
    weekProcessed: formatPeriodBR(week.weekStart, week.weekEnd),
    ...week,
    ...counts(outcome),
    invoicesUpdated: outcome.invoicesUpdated,
    alreadyBilledAssignments: outcome.alreadyBilledAssignments,
    message: resultMessage(outcome),
  };
}

function counts(outcome: BillingOutcome) {
  return {
    invoicesGenerated: outcome.invoicesGenerated,
    completedAssignments: outcome.completedAssignments,
    amountBilled: toReais(outcome.amountCents),
    invoiceIds: outcome.invoiceIds,
  };
}

function resultMessage(outcome: BillingOutcome): string {
  return outcome.completedAssignments === 0
    ? MESSAGES.invoices.nothingToBill
    : MESSAGES.invoices.generated(outcome.invoicesGenerated, outcome.completedAssignments);
}

/**
 * Weekly invoices for one billing week: `weekOffset` 0 (current), -1, -2, -3 relative to `now`,
 * or, when omitted, the week just ended. One `restaurant_weekly_invoice` per restaurant with
 * completed, unbilled work in the week (date_needed Monday..Sunday, Sao Paulo), one line per
 * assignment at its stored charge; late work joins the restaurant's pending invoice of that week.
 * Idempotent: a second run bills nothing and changes nothing.
 */
export async function generateWeeklyInvoices(
  em: EntityManager,
  actor: BillingActor,
  input: { weekOffset?: number } = {},
  now: Date = new Date(),
  options: BillingRunOptions = {},
): Promise<WeeklyGenerationResult> {
  requireBillingActor(actor);
  return billWeek(em, weekToGenerate(actor, input.weekOffset, now), now, options);
}

/**
 * The cycle close (Monday 01:00): the week just ended (or `weekOffset`), then every earlier week
 * that still has completed, unbilled work — a Sunday-night shift approved after the run, or the
 * lines of a deleted invoice — so nothing completed stays unbilled.
 */
export async function closeBillingCycle(
  em: EntityManager,
  actor: BillingActor,
  input: { weekOffset?: number } = {},
  now: Date = new Date(),
  options: BillingRunOptions = {},
): Promise<CycleCloseResult> {
  requireBillingActor(actor);
  const target = weekToGenerate(actor, input.weekOffset, now);
  const earlierStarts = new Set(
    (await unbilledDatesBefore(em, target.weekStart)).map((date) => billingWeekOfDate(date).weekStart),
  );
  const earlierWeeks: WeeklyGenerationResult[] = [];
  for (const weekStart of [...earlierStarts].sort()) {
    earlierWeeks.push(await billWeek(em, billingWeekOfDate(weekStart), now, options));
  }
  const week = await billWeek(em, target, now, options);
  const all = [...earlierWeeks, week];
  return {
    success: true,
    week,
    earlierWeeks,
    invoicesGenerated: all.reduce((sum, result) => sum + result.invoicesGenerated, 0),
    invoicesUpdated: all.reduce((sum, result) => sum + result.invoicesUpdated, 0),
    completedAssignments: all.reduce((sum, result) => sum + result.completedAssignments, 0),
  };
}

/**
 * Custom invoices (spec 02 §5 "Custom invoice"): completed, unbilled work with date_needed in
 * startDate..endDate, for the chosen restaurants (none chosen = all), one
 * `restaurant_custom_invoice` per restaurant. Issued today (Sao Paulo), due 7 days later; week_start
 * / week_end hold the period; numbered in the ISO week of startDate.
 */
export async function generateCustomInvoices(
  em: EntityManager,
  actor: BillingActor,
  input: CustomInvoiceRequest,
  now: Date = new Date(),
  options: BillingRunOptions = {},
): Promise<CustomGenerationResult> {
  requireBillingActor(actor);
  const periodError = customInvoicePeriodError(input.startDate, input.endDate);
  if (periodError) throw invalid('invoices.invalid_period', periodError);
  const startDate = input.startDate as string;
  const endDate = input.endDate as string;
  const restaurantIds = input.restaurantIds ?? null;
  if (
    restaurantIds !== null &&
    (!Array.isArray(restaurantIds) || restaurantIds.some((id) => !Number.isSafeInteger(id) || id <= 0))
  ) {
    throw invalid('invoices.invalid_restaurants', MESSAGES.invoices.invalidRestaurantSelection);
  }
  const issueDate = saoPauloDate(now);
  const dueDate = addDays(issueDate, INVOICE_PAYMENT_TERM_DAYS);
  const outcome = await billCompletedWork(
    em,
    {
      invoiceType: 'restaurant_custom_invoice',
      from: startDate,
      to: endDate,
      restaurantIds: restaurantIds && restaurantIds.length > 0 ? [...new Set(restaurantIds)] : null,
      issueDate,
      dueDate,
      periodStart: startDate,
      periodEnd: endDate,
      numberWeekOf: startDate,
      description: MESSAGES.invoices.customDescription(formatDateBR(startDate), formatDateBR(endDate)),
      appendToPendingWeekly: false,
      now,
    },
    options,
  );
  return {
    success: true,
    startDate,
    endDate,
    issueDate,
    dueDate,
    ...counts(outcome),
    alreadyBilledAssignments: outcome.alreadyBilledAssignments,
    message: resultMessage(outcome),
  };
}

// ---------------------------------------------------------------------------------------------
// Status changes and deletion
// ---------------------------------------------------------------------------------------------

/** The invoice row a payment settled. */
export interface PaidInvoiceRow {
  id: number;
  invoice_number: string;
  payment_date: string;
  restaurant_id: number;
}

/**
 * The payment itself, in the caller's transaction (an admin's "Marcar como paga", or a Pix of the
 * invoice's amount received by the PSP): pending or overdue → paid on `paymentDate` (São Paulo),
 * announced (`invoice_paid`). Answers undefined when the invoice is not payable (paid, deleted).
 */
export async function settleInvoicePayment(
  tx: EntityManager,
  invoiceId: number,
  paymentDate: string,
  now: Date,
): Promise<PaidInvoiceRow | undefined> {
  const [row] = await tx.execute<PaidInvoiceRow[]>(
    `update invoices set status = 'paid', payment_date = ?::date, updated_at = ?
      where id = ? and status in ('pending', 'overdue')
      returning id, invoice_number, payment_date::text as payment_date, restaurant_id`,
    [paymentDate, now, invoiceId],
  );
  if (row) {
    await recordEvent(tx, {
      type: 'invoice_paid',
      restaurantId: row.restaurant_id,
      payload: { invoiceId: row.id },
    });
  }
  return row;
}

/**
 * Marks an invoice paid (00-decisions: pending or overdue → paid), with today's Sao Paulo date as
 * payment_date. A paid invoice is refused (409) and stays as it is. Its open Pix charge is
 * cancelled (at the PSP by the workers, issue 25).
 */
export async function markInvoicePaid(
  em: EntityManager,
  actor: Actor,
  invoiceId: number,
  now: Date = new Date(),
): Promise<InvoiceStatusChange> {
  requireAdmin(actor);
  if (!Number.isSafeInteger(invoiceId)) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  const paid = await em.transactional(async (tx) => {
    const row = await settleInvoicePayment(tx, invoiceId, saoPauloDate(now), now);
    if (row) await retireInvoiceCharges(tx, row, now);
    return row;
  });
  if (paid) {
    const { restaurant_id: _restaurantId, ...row } = paid;
    return { ...row, status: 'paid', message: MESSAGES.invoices.markedPaid };
  }
  await findInvoiceStatus(em, invoiceId);
  throw conflict('invoices.not_payable', MESSAGES.invoices.onlyPendingCanBePaid);
}

async function findInvoiceStatus(
  em: EntityManager,
  invoiceId: number,
  lock = false,
): Promise<{ id: number; invoice_number: string; status: InvoiceStatus; restaurant_id: number }> {
  if (!Number.isSafeInteger(invoiceId)) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  const [row] = await em.execute<
    { id: number; invoice_number: string; status: InvoiceStatus; restaurant_id: number }[]
  >(
    `select id, invoice_number, status, restaurant_id from invoices where id = ?${lock ? ' for update' : ''}`,
    [invoiceId],
  );
  if (!row) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  return row;
}

/**
 * The daily job: every pending invoice whose due date has passed in Sao Paulo becomes overdue
 * (`shouldBecomeOverdue`). Paid and already overdue invoices are untouched; running it twice the
 * same day changes nothing the second time.
 */
export async function markOverdueInvoices(
  em: EntityManager,
  actor: BillingActor,
  now: Date = new Date(),
): Promise<OverdueRunResult> {
  requireBillingActor(actor);
  const candidates = await em.execute<{ id: number; status: InvoiceStatus; due_date: string }[]>(
    `select id, status, due_date::text as due_date from invoices where status = 'pending' and due_date < ?::date`,
    [saoPauloDate(now)],
  );
  const due = candidates.filter((invoice) => shouldBecomeOverdue(invoice, now)).map((invoice) => invoice.id);
  if (due.length === 0) return { markedOverdue: 0, invoiceIds: [] };
  const updated = await em.transactional(async (tx) => {
    const rows = await tx.execute<{ id: number; restaurant_id: number }[]>(
      `update invoices set status = 'overdue', updated_at = ?
        where id = any(?::int[]) and status = 'pending'
        returning id, restaurant_id`,
      [now, intArrayParam(due)],
    );
    await recordEvents(
      tx,
      rows.map((row) => ({
        type: 'invoice_overdue' as const,
        restaurantId: row.restaurant_id,
        payload: { invoiceId: row.id },
      })),
    );
    return rows;
  });
  const invoiceIds = updated.map((row) => row.id).sort((a, b) => a - b);
  return { markedOverdue: invoiceIds.length, invoiceIds };
}

/** How a deletion reaches the PSP (issue 25). */
export interface InvoiceDeletionOptions {
  /** Cancels the invoice's Pix charge at the PSP; without it the workers do, and the admin tries again. */
  cancelCharge?: InvoiceChargeCanceller;
  now?: Date;
}

/**
 * Deletes an invoice (admin). Its lines go with it, so its assignments become billable again (the
 * next generation covering their dates bills them). A paid invoice cannot be deleted (409). Its Pix
 * charge is cancelled at the PSP first (issue 25): the PSP unreachable, or the charge paid
 * meanwhile, is a 409 and nothing is deleted. The charges stay, `cancelled`, without their invoice.
 */
export async function deleteInvoice(
  em: EntityManager,
  actor: Actor,
  invoiceId: number,
  options: InvoiceDeletionOptions = {},
): Promise<InvoiceDeletion> {
  requireAdmin(actor);
  const now = options.now ?? new Date();
  const outcome = await em.transactional(async (tx) => {
    const invoice = await findInvoiceStatus(tx, invoiceId, true);
    if (invoice.status === 'paid')
      throw conflict('invoices.paid_immutable', MESSAGES.invoices.paidCannotBeChanged);
    if ((await cancelChargesBeforeDeletion(tx, invoiceId, now, options.cancelCharge)) === 'later') {
      await recordEvent(tx, {
        type: 'invoice_charge_updated',
        restaurantId: invoice.restaurant_id,
        payload: { invoiceId: invoice.id },
      });
      return null;
    }
    const freed = await tx.execute<{ assignment_id: number }[]>(
      'delete from invoice_lines where invoice_id = ? returning assignment_id',
      [invoiceId],
    );
    await tx.execute('delete from invoices where id = ?', [invoiceId]);
    await recordEvent(tx, {
      type: 'invoice_deleted',
      restaurantId: invoice.restaurant_id,
      payload: { invoiceId: invoice.id },
    });
    return {
      id: invoice.id,
      invoice_number: invoice.invoice_number,
      freedAssignments: freed.length,
      message: MESSAGES.invoices.deleted,
    };
  });
  if (!outcome) throw conflict('invoices.pix_cancel_requested', INVOICE_PIX_CHARGE_TEXTS.cancelRequested);
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// Service lines
// ---------------------------------------------------------------------------------------------

const SERVICE_LINE_COLUMNS = `j.date_needed::text as date_needed, j.position_type,
  coalesce(l.freelancer_name, ${billableProfessional('a', 'f')}) as freelancer_name,
  coalesce(l.amount_cents, ${billableAmountCents('a')}) as amount_cents,
  j.start_time, j.end_time, j.id as job_id, a.id as assignment_id,
  l.invoice_id, i.invoice_number, j.store_id, (select s.name from stores s where s.id = j.store_id) as store_name`;

interface ServiceLineRow extends Omit<InvoiceServiceLine, 'restaurant_payment_amount'> {
  amount_cents: number;
}

function toServiceLine({ amount_cents, ...row }: ServiceLineRow): InvoiceServiceLine {
  return { ...row, restaurant_payment_amount: toReais(amount_cents) };
}

/**
 * GET invoice-services?restaurantId&startDate&endDate (spec 01/02 §7): the completed services of a
 * restaurant with date_needed in the period, billed or not, oldest first. An admin names any
 * restaurant; a restaurant sees only its own (another id → 404).
 */
export async function listInvoiceServices(
  em: EntityManager,
  actor: Actor,
  query: InvoiceServicesQuery,
): Promise<InvoiceServiceLine[]> {
  let restaurantId: number;
  if (actor.role === 'admin') {
    if (!query.restaurantId) throw invalid('invoices.restaurant_required', MESSAGES.restaurants.notSelected);
    restaurantId = query.restaurantId;
  } else if (actor.role === 'restaurant') {
    if (query.restaurantId && query.restaurantId !== actor.restaurantId) {
      throw notFound('invoices.restaurant_not_found', MESSAGES.restaurants.notFound);
    }
    restaurantId = actor.restaurantId;
  } else {
    throw forbidden('forbidden', MESSAGES.common.forbidden);
  }
  const periodError = customInvoicePeriodError(query.startDate, query.endDate);
  if (periodError) throw invalid('invoices.invalid_period', periodError);
  const rows = await em.execute<ServiceLineRow[]>(
    `select ${SERVICE_LINE_COLUMNS}
       from assignments a
       join jobs j on j.id = a.job_id
       join freelancers f on f.id = a.freelancer_id
       left join invoice_lines l on l.assignment_id = a.id
       left join invoices i on i.id = l.invoice_id
      where ${billableAssignment('a')} and j.restaurant_id = ? and j.date_needed between ?::date and ?::date
      order by j.date_needed, j.start_time, a.id`,
    [restaurantId, query.startDate, query.endDate],
  );
  return rows.map(toServiceLine);
}

/** How an invoice adjustment (a timesheet settled after the shift was invoiced) reads on its invoice. */
export const ADJUSTMENT_LINE_PREFIX = 'Ajuste de horários — ';

/**
 * The lines of one invoice, in service order (its detail and print view): one per service, and one
 * per adjustment a settled timesheet left for it (a credit is negative).
 */
export async function listInvoiceLines(
  em: EntityManager,
  actor: Actor,
  invoiceId: number,
): Promise<InvoiceServiceLine[]> {
  if (actor.role === 'freelancer') throw forbidden('forbidden', MESSAGES.common.forbidden);
  if (!Number.isSafeInteger(invoiceId)) throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  const [invoice] = await em.execute<{ restaurant_id: number }[]>(
    'select restaurant_id from invoices where id = ?',
    [invoiceId],
  );
  if (!invoice || (actor.role === 'restaurant' && invoice.restaurant_id !== actor.restaurantId)) {
    throw notFound('invoices.not_found', MESSAGES.invoices.notFound);
  }
  const rows = await em.execute<ServiceLineRow[]>(
    `select ${SERVICE_LINE_COLUMNS}
       from invoice_lines l
       join invoices i on i.id = l.invoice_id
       join assignments a on a.id = l.assignment_id
       join jobs j on j.id = a.job_id
       join freelancers f on f.id = a.freelancer_id
      where l.invoice_id = ?
     union all
     select j.date_needed::text as date_needed, j.position_type,
            ? || f.name as freelancer_name, d.charge_delta_cents as amount_cents,
            j.start_time, j.end_time, j.id as job_id, a.id as assignment_id, d.invoice_id, i.invoice_number,
            j.store_id, (select s.name from stores s where s.id = j.store_id) as store_name
       from invoice_adjustments d
       join invoices i on i.id = d.invoice_id
       join assignments a on a.id = d.assignment_id
       join jobs j on j.id = a.job_id
       join freelancers f on f.id = a.freelancer_id
      where d.invoice_id = ?
      order by 1, 5, 8`,
    [invoiceId, ADJUSTMENT_LINE_PREFIX, invoiceId],
  );
  return rows.map(toServiceLine);
}
