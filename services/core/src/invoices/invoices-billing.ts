/**
 * The billing engine behind invoices.service.ts: turns completed, not yet billed assignments into
 * invoices and invoice lines with a handful of set-based statements per batch of restaurants.
 *
 * How "every completed assignment is billed exactly once" holds:
 * - PostgreSQL refuses a second line for an assignment (invoice_lines is keyed by assignment_id); lines
 *   are inserted with `on conflict (assignment_id) do nothing`, so a re-run or a concurrent run
 *   skips what is billed instead of failing or billing twice.
 * - Each batch is one transaction that first locks its restaurants (`for no key update`, in id
 *   order: no deadlock between runs, job inserts are not blocked). Every billing run takes these
 *   locks, so two runs for the same restaurant follow each other, and the second one sees the
 *   first one's lines.
 * - An invoice's amount grows by the sum of the lines the same statement inserts (a new invoice
 *   starts at 0; a pending one is locked first), so amount = sum of lines always (the billing tests
 *   and bench:billing check it); invoices left without lines are removed before the commit.
 * - A run that dies mid-way has committed whole batches only; the next run bills the rest.
 * - Paid (and overdue) invoices are never updated: late work of a week goes to that week's pending
 *   invoice, or to a new one when there is none (at most one pending weekly invoice per restaurant
 *   and week, or per store and week when billed per store, enforced by a partial unique index).
 * - Chains (issue 28): a business billed `centralized` gets one invoice for all its stores; one billed
 *   `per_store` gets one invoice per store that had work (`invoices.store_id`). The mode is read under
 *   the business's lock, so a change of mode applies to the next batch that bills it, whole. The pending invoice is locked and re-read before
 *   it is extended, so a concurrent mark-paid / overdue / delete either comes first (then a new
 *   invoice is made) or waits for the commit.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  invoiceNumber,
  invoiceNumberPrefix,
  type BillingMode,
  type InvoiceType,
} from '@turno/domain';
import { recordEvents } from '../events/record-event';
import { intArrayParam } from '../shared/sql-where';
import { issueInvoiceCharges } from './invoice-pix-charges';

/** Hooks and sizes of a billing run (tests use the hooks to simulate a crash). */
export interface BillingRunOptions {
  /** Restaurants per transaction (default 500). */
  batchSize?: number;
  /**
   * Batches billed at the same time, each on its own connection (default 2). Batches hold disjoint
   * restaurants; the invoice-number counter is locked only for the last statements of each batch.
   * With 1 the batches run one after the other, in restaurant id order.
   */
  concurrency?: number;
  /** Called inside a batch's transaction after its writes, before the commit: a throw rolls it back. */
  beforeBatchCommit?: (batch: BillingBatchProgress) => void | Promise<void>;
  /** Called after a batch has committed: a throw stops the run there (what is committed stays). */
  afterBatchCommit?: (batch: BillingBatchProgress) => void | Promise<void>;
  /** Called once the restaurants to bill are known, before the first batch (a run's progress). */
  onPlanned?: (plan: { restaurantsTotal: number }) => void | Promise<void>;
}

export interface BillingBatchProgress {
  /** 1-based batch number within the run. */
  batch: number;
  restaurantIds: number[];
  invoicesGenerated: number;
  completedAssignments: number;
  /** Restaurants of the run processed so far (this batch included), of `restaurantsTotal`. */
  restaurantsProcessed: number;
  restaurantsTotal: number;
}

/** What to bill and how to invoice it. Dates are 'YYYY-MM-DD' (Sao Paulo calendar). */
export interface BillingScope {
  invoiceType: Extract<InvoiceType, 'restaurant_weekly_invoice' | 'restaurant_custom_invoice'>;
  /** Completed assignments whose job's date_needed is within from..to (both included). */
  from: string;
  to: string;
  /** Only these restaurants; null = every restaurant. */
  restaurantIds: number[] | null;
  issueDate: string;
  dueDate: string;
  /** Stored as the invoice's week_start / week_end (the period it covers). */
  periodStart: string;
  periodEnd: string;
  /** A date of the ISO week that names the invoice numbers (`TUR-2026-W46-…`). */
  numberWeekOf: string;
  description: string;
  /** Weekly: add late work to the restaurant's pending invoice of the same week instead of a new one. */
  appendToPendingWeekly: boolean;
  /** created_at / updated_at of what the run writes. */
  now: Date;
}

export interface BillingOutcome {
  /** New invoices. */
  invoicesGenerated: number;
  /** Existing pending invoices that received late work. */
  invoicesUpdated: number;
  /** Completed assignments billed by this run (= invoice lines created). */
  completedAssignments: number;
  /** Completed assignments of the scope that were billed before this run. */
  alreadyBilledAssignments: number;
  /** Sum of the lines created, centavos. */
  amountCents: number;
  /** Ids of the invoices created or updated. */
  invoiceIds: number[];
  /** Transactions committed (batches that had work). */
  batches: number;
}

/**
 * What is billed: a completed assignment (its charge), and a cancelled one with a late-cancellation
 * fee (issue 23: the business cancelled less than 12 h before the shift; the fee, as its own line
 * "Cancelamento tardio — <freelancer>" in the week of the shift's date). Both go through the same
 * key, so each is billed exactly once.
 */
const BILLABLE = (a: string) =>
  `(${a}.status = 'completed' or (${a}.status = 'cancelled' and ${a}.cancellation_fee_cents > 0))`;
/** The professional column of a cancellation line: "Cancelamento tardio — " + the freelancer's name. */
const CANCELLATION_LINE_PREFIX = MESSAGES.shiftRelease.invoiceLineName('');

/** SQL: the assignment `a` is billable (completed, or cancelled with a late-cancellation fee). */
export const billableAssignment = (a: string) => BILLABLE(a);
/** SQL: what a billable assignment `a` bills before it has a line: its charge, or its fee. */
export const billableAmountCents = (a: string) =>
  `(case when ${a}.status = 'completed' then ${a}.restaurant_charge_cents else ${a}.cancellation_fee_cents end)`;
/** SQL: the professional of a billable assignment `a` of freelancer `f`, as its line will name it. */
export const billableProfessional = (a: string, f: string) =>
  `(case when ${a}.status = 'completed' then ${f}.name else '${CANCELLATION_LINE_PREFIX.replace(/'/g, "''")}' || ${f}.name end)`;

const DEFAULT_BATCH_SIZE = 500;
/** BILLING_JIT=1 leaves PostgreSQL's JIT on for the batches (to compare in bench:billing). */
const BILLING_JIT = process.env.BILLING_JIT === '1';
const DEFAULT_CONCURRENCY = 2;

/**
 * The run's plan, in one scan of the scope's completed work: the restaurants with unbilled work (id
 * order) and how many of the scope's assignments were billed before this run.
 */
async function planRun(
  em: EntityManager,
  scope: BillingScope,
): Promise<{ restaurantIds: number[]; storesOf: Map<number, number[]>; alreadyBilled: number }> {
  const filter = scope.restaurantIds ? 'and j.restaurant_id = any(?::int[])' : '';
  const params: unknown[] = [scope.from, scope.to];
  if (scope.restaurantIds) params.push(intArrayParam(scope.restaurantIds));
  const rows = await em.execute<
    { restaurant_id: number; store_id: number; unbilled: number; billed: number }[]
  >(
    `select j.restaurant_id, j.store_id, count(*) filter (where l.assignment_id is null)::int as unbilled,
            count(l.assignment_id)::int as billed
       from assignments a join jobs j on j.id = a.job_id
       left join invoice_lines l on l.assignment_id = a.id
      where ${BILLABLE('a')} and j.date_needed between ?::date and ?::date ${filter}
      group by j.restaurant_id, j.store_id
      order by j.restaurant_id, j.store_id`,
    params,
  );
  const storesOf = new Map<number, number[]>();
  for (const row of rows) {
    if (row.unbilled === 0) continue;
    const stores = storesOf.get(row.restaurant_id);
    if (stores) stores.push(row.store_id);
    else storesOf.set(row.restaurant_id, [row.store_id]);
  }
  return {
    restaurantIds: [...storesOf.keys()],
    storesOf,
    alreadyBilled: rows.reduce((sum, row) => sum + row.billed, 0),
  };
}

/**
 * Reserves `count` consecutive sequence numbers for invoice numbers starting with `prefix`; returns
 * the first. The counter row stays locked until the transaction ends, and it never goes below the
 * highest number already used with that prefix (invoices written before the counter existed).
 */
async function reserveSequence(tx: EntityManager, prefix: string, count: number): Promise<number> {
  const [row] = await tx.execute<{ last_value: number }[]>(
    `insert into invoice_number_sequences as s (prefix, last_value)
     select ?, coalesce(max(substring(i.invoice_number from '([0-9]+)$')::int), 0) + ?
       from invoices i where i.invoice_number like ?
     on conflict (prefix) do update set last_value = greatest(s.last_value + ?, excluded.last_value)
     returning last_value`,
    [prefix, count, `${prefix}%`, count],
  );
  if (!row) throw new Error('invoice number sequence not reserved');
  return row.last_value - count + 1;
}

interface BatchResult {
  invoicesGenerated: number;
  invoicesUpdated: number;
  completedAssignments: number;
  amountCents: number;
  invoiceIds: number[];
}

/**
 * Attaches the restaurants' unbilled invoice adjustments to their invoice of this run (a per-store
 * invoice takes its store's) and adds them to its amount, when the result stays ≥ 0 (else they wait
 * for the next invoice).
 */
async function attachAdjustments(
  tx: EntityManager,
  invoices: readonly BillingTarget[],
  now: Date,
): Promise<void> {
  if (invoices.length === 0) return;
  await tx.execute(
    `with due as (
       select a.id, t.invoice_id, a.charge_delta_cents
         from jsonb_to_recordset(?::jsonb) as t(restaurant_id int, store_id int, invoice_id int)
         join invoice_adjustments a on a.restaurant_id = t.restaurant_id
        where a.invoice_id is null and a.created_at <= ?
          and (t.store_id is null or t.store_id = (select j.store_id from assignments x
                                                      join jobs j on j.id = x.job_id
                                                     where x.id = a.assignment_id))
     ),
     fit as (
       select due.invoice_id, sum(due.charge_delta_cents)::int as delta
         from due join invoices i on i.id = due.invoice_id
        group by due.invoice_id, i.amount_cents
       having i.amount_cents + sum(due.charge_delta_cents) >= 0
     ),
     attached as (
       update invoice_adjustments a set invoice_id = due.invoice_id
         from due join fit on fit.invoice_id = due.invoice_id
        where a.id = due.id
     )
     update invoices i set amount_cents = i.amount_cents + fit.delta, updated_at = ?
       from fit where i.id = fit.invoice_id`,
    [JSON.stringify(invoices), now, now],
  );
}

/**
 * What one invoice of a batch bills: a whole business (`store_id` null, centralized billing) or one
 * of its stores (billed per store), and the invoice it goes to.
 */
interface BillingTarget {
  restaurant_id: number;
  store_id: number | null;
  invoice_id: number;
}

/** One transaction: lock, find targets, create invoices, insert lines, settle amounts. */
async function billBatch(
  tx: EntityManager,
  scope: BillingScope,
  restaurantIds: number[],
  storesOf: ReadonlyMap<number, readonly number[]>,
): Promise<BatchResult> {
  const ids = intArrayParam(restaurantIds);
  const empty: BatchResult = {
    invoicesGenerated: 0,
    invoicesUpdated: 0,
    completedAssignments: 0,
    amountCents: 0,
    invoiceIds: [],
  };

  // 0. No JIT compilation: the batch's statements cross the planner's JIT threshold on their row
  // estimates, and compiling them costs more than it saves on a few thousand rows each.
  if (!BILLING_JIT) await tx.execute('set local jit = off');

  // 1. Serialise with every other billing run (and every change of billing mode) on these
  // restaurants, and read how each is billed now.
  const locked = await tx.execute<{ id: number; billing_mode: BillingMode }[]>(
    `select id, billing_mode from restaurants where id = any(?::int[]) order by id for no key update`,
    [ids],
  );

  // 2. The invoices to write: one per business billed centrally, one per store with work for a
  // business billed per store (the stores the run's plan found with unbilled work), each with the
  // pending weekly invoice to extend. The lines inserted in step 5 decide what is really left now
  // that the locks are held (a concurrent run may have billed it meanwhile; a new invoice left
  // without lines is removed in step 7). No scan of the jobs here: its plan would depend on
  // invoice_lines' statistics, which change while the run fills the table.
  const wanted = locked.flatMap((row): { restaurant_id: number; store_id: number | null }[] =>
    row.billing_mode === 'per_store'
      ? (storesOf.get(row.id) ?? []).map((storeId) => ({ restaurant_id: row.id, store_id: storeId }))
      : [{ restaurant_id: row.id, store_id: null }],
  );
  if (wanted.length === 0) return empty;
  const pendingWeekly = scope.appendToPendingWeekly
    ? `(select i.id from invoices i
          where i.restaurant_id = t.restaurant_id and coalesce(i.store_id, 0) = coalesce(t.store_id, 0)
            and i.invoice_type = 'restaurant_weekly_invoice' and i.week_start = ?::date and i.status = 'pending')`
    : 'null::int';
  const targetParams: unknown[] = scope.appendToPendingWeekly ? [scope.periodStart] : [];
  targetParams.push(JSON.stringify(wanted));
  const targets = await tx.execute<
    { restaurant_id: number; store_id: number | null; pending_invoice_id: number | null }[]
  >(
    `select t.restaurant_id, t.store_id, ${pendingWeekly} as pending_invoice_id
       from jsonb_to_recordset(?::jsonb) as t(restaurant_id int, store_id int)
      order by t.restaurant_id, t.store_id nulls first`,
    targetParams,
  );

  // 3. Lock the pending invoices to extend. One paid, made overdue or deleted meanwhile (those
  // paths do not take the restaurant lock) is no longer pending here and is left alone.
  const pendingIds = targets.flatMap((target) =>
    target.pending_invoice_id === null ? [] : [target.pending_invoice_id],
  );
  const stillPending = new Set<number>();
  if (pendingIds.length > 0) {
    const lockedInvoices = await tx.execute<{ id: number }[]>(
      `select id from invoices where id = any(?::int[]) and status = 'pending' order by id for update`,
      [intArrayParam(pendingIds)],
    );
    for (const row of lockedInvoices) stillPending.add(row.id);
  }
  const keyOf = (target: { restaurant_id: number; store_id: number | null }) =>
    `${target.restaurant_id}:${target.store_id ?? ''}`;
  const invoiceOfTarget = new Map<string, number>();
  const needNew: { restaurant_id: number; store_id: number | null }[] = [];
  for (const target of targets) {
    if (target.pending_invoice_id !== null && stillPending.has(target.pending_invoice_id)) {
      invoiceOfTarget.set(keyOf(target), target.pending_invoice_id);
    } else {
      needNew.push({ restaurant_id: target.restaurant_id, store_id: target.store_id });
    }
  }

  // 4. New invoices (amount settled in step 6). Their numbers come last (step 8), so the per-week
  // counter is locked only at the end of the transaction; until then a placeholder unique to this
  // transaction and target, never visible outside it.
  const createdIds = new Set<number>();
  if (needNew.length > 0) {
    const created = await tx.execute<{ id: number; restaurant_id: number; store_id: number | null }[]>(
      `insert into invoices (invoice_number, invoice_type, restaurant_id, store_id, description, amount_cents,
                             status, issue_date, due_date, week_start, week_end, created_at, updated_at)
       select '~' || txid_current() || '-' || t.restaurant_id || '-' || coalesce(t.store_id, 0), ?,
              t.restaurant_id, t.store_id, ?, 0, 'pending', ?::date, ?::date, ?::date, ?::date, ?, ?
         from jsonb_to_recordset(?::jsonb) as t(restaurant_id int, store_id int)
       returning id, restaurant_id, store_id`,
      [
        scope.invoiceType,
        scope.description,
        scope.issueDate,
        scope.dueDate,
        scope.periodStart,
        scope.periodEnd,
        scope.now,
        scope.now,
        JSON.stringify(needNew),
      ],
    );
    for (const row of created) {
      invoiceOfTarget.set(keyOf(row), row.id);
      createdIds.add(row.id);
    }
  }
  const mapping: BillingTarget[] = targets.map((target) => ({
    restaurant_id: target.restaurant_id,
    store_id: target.store_id,
    invoice_id: invoiceOfTarget.get(keyOf(target))!,
  }));

  // The slice is a range of the run's id-ordered restaurants: the id range lets the planner read only
  // the slice's jobs (jobs_restaurant_date_start_index) at any table size, and the lateral read
  // (`offset 0` keeps it one) finds each job's assignment through its index instead of hashing the
  // whole assignments table for every batch.
  const range = [restaurantIds[0]!, restaurantIds[restaurantIds.length - 1]!];

  // 5. One line per completed assignment not billed yet, on its business's invoice or its store's.
  // The key assignment_id decides what is billed (`on conflict do nothing` skips the billed ones):
  // the select must not read invoice_lines itself, or a nested-loop anti-join would rescan the table
  // this very statement is filling.
  const added = await tx.execute<{ invoice_id: number; lines: number; amount_cents: number }[]>(
    `with inserted as (
       insert into invoice_lines (invoice_id, assignment_id, date_needed, position_type, freelancer_name, amount_cents)
       select t.invoice_id, a.id, j.date_needed, j.position_type,
              case when a.status = 'completed' then f.name else ? || f.name end,
              case when a.status = 'completed' then a.restaurant_charge_cents else a.cancellation_fee_cents end
         from jsonb_to_recordset(?::jsonb) as t(restaurant_id int, store_id int, invoice_id int)
         join jobs j on j.restaurant_id = t.restaurant_id and (t.store_id is null or j.store_id = t.store_id)
         cross join lateral (select a.id, a.freelancer_id, a.status, a.restaurant_charge_cents,
                                    a.cancellation_fee_cents from assignments a
                              where a.job_id = j.id and ${BILLABLE('a')} offset 0) a
         join freelancers f on f.id = a.freelancer_id
        where j.restaurant_id between ? and ? and j.date_needed between ?::date and ?::date
       on conflict (assignment_id) do nothing
       returning invoice_id, amount_cents
     ),
     added as (
       select invoice_id, count(*)::int as lines, sum(amount_cents)::int as amount_cents
         from inserted group by invoice_id
     ),
     settled as (
       update invoices i set amount_cents = i.amount_cents + added.amount_cents, updated_at = ?
         from added where i.id = added.invoice_id
     )
     select invoice_id, lines, amount_cents from added`,
    [CANCELLATION_LINE_PREFIX, JSON.stringify(mapping), ...range, scope.from, scope.to, scope.now],
  );

  // 6. amount = sum of all the invoice's lines, settled by the statement above: a new invoice starts
  // at 0, and a pending invoice being extended is locked (step 3) with amount = its earlier lines.
  const touched = added.map((row) => row.invoice_id);
  const touchedSet = new Set(touched);

  // 6b. Credits and debits left by timesheets settled after their shift was invoiced go on the
  // restaurant's invoice of this run ("the next invoice", never an edit of an issued one). A credit
  // larger than the invoice waits for a larger one (the amount never goes below zero).
  await attachAdjustments(
    tx,
    mapping.filter((row) => touchedSet.has(row.invoice_id)),
    scope.now,
  );

  // 7. An invoice created for work that vanished meanwhile (e.g. billed by a run that ignored the
  // locks) must not stay empty.
  const empties = [...createdIds].filter((id) => !touchedSet.has(id));
  if (empties.length > 0) {
    await tx.execute(
      `delete from invoices i where i.id = any(?::int[])
          and not exists (select 1 from invoice_lines l where l.invoice_id = i.id)`,
      [intArrayParam(empties)],
    );
  }

  // 8. Numbers for the new invoices that kept lines, consecutive from the per-week counter (locked
  // from here to the commit), in restaurant id order (then store id).
  const numbered = mapping.flatMap((target) =>
    createdIds.has(target.invoice_id) && touchedSet.has(target.invoice_id) ? [target.invoice_id] : [],
  );
  if (numbered.length > 0) {
    const first = await reserveSequence(tx, invoiceNumberPrefix(scope.numberWeekOf), numbered.length);
    await tx.execute(
      `update invoices i set invoice_number = t.invoice_number
         from jsonb_to_recordset(?::jsonb) as t(id int, invoice_number text)
        where i.id = t.id`,
      [
        JSON.stringify(
          numbered.map((id, index) => ({
            id,
            invoice_number: invoiceNumber(scope.numberWeekOf, first + index),
          })),
        ),
      ],
    );
  }

  // 8b. Each invoice written gets its Pix charge (issue 25), `creating` for the workers; an extended
  // invoice's earlier charge is retired (cancelled at the PSP before the new revision is created).
  await issueInvoiceCharges(tx, touched, scope.now);

  // 9. Each invoice written is announced to its restaurant (and to the admins), at commit.
  const restaurantOfInvoice = new Map(mapping.map((target) => [target.invoice_id, target.restaurant_id]));
  await recordEvents(
    tx,
    touched.map((invoiceId) => ({
      type: 'invoice_generated' as const,
      restaurantId: restaurantOfInvoice.get(invoiceId) ?? null,
      payload: { invoiceId },
    })),
  );

  return {
    invoicesGenerated: touched.filter((id) => createdIds.has(id)).length,
    invoicesUpdated: touched.filter((id) => !createdIds.has(id)).length,
    completedAssignments: added.reduce((sum, row) => sum + row.lines, 0),
    amountCents: added.reduce((sum, row) => sum + row.amount_cents, 0),
    invoiceIds: touched,
  };
}

/**
 * Bills every completed, unbilled assignment of the scope: one invoice per restaurant, or per store
 * of a restaurant billed per store (or the pending weekly invoice of that week), one line per
 * assignment. Restaurants are
 * processed in batches, one transaction each; the statements per batch are constant (about six),
 * whatever the number of assignments.
 */
export async function billCompletedWork(
  em: EntityManager,
  scope: BillingScope,
  options: BillingRunOptions = {},
): Promise<BillingOutcome> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_BATCH_SIZE));
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const { restaurantIds, storesOf, alreadyBilled } = await planRun(em, scope);
  await options.onPlanned?.({ restaurantsTotal: restaurantIds.length });
  const outcome: BillingOutcome = {
    invoicesGenerated: 0,
    invoicesUpdated: 0,
    completedAssignments: 0,
    alreadyBilledAssignments: alreadyBilled,
    amountCents: 0,
    invoiceIds: [],
    batches: 0,
  };

  const slices: number[][] = [];
  for (let start = 0; start < restaurantIds.length; start += batchSize) {
    slices.push(restaurantIds.slice(start, start + batchSize));
  }
  let nextSlice = 0;
  let processed = 0;
  let failure: { error: unknown } | undefined;
  // `concurrency` lanes take the next slice until none is left or one fails; a failure lets the
  // batches in flight finish (each commits or rolls back whole) and starts no other.
  const lane = async () => {
    while (!failure && nextSlice < slices.length) {
      const batch = nextSlice + 1;
      const ids = slices[nextSlice]!;
      nextSlice += 1;
      try {
        const result = await em.fork().transactional(async (tx) => {
          const written = await billBatch(tx, scope, ids, storesOf);
          await options.beforeBatchCommit?.(progress(batch, ids, written, processed, restaurantIds.length));
          return written;
        });
        outcome.invoicesGenerated += result.invoicesGenerated;
        outcome.invoicesUpdated += result.invoicesUpdated;
        outcome.completedAssignments += result.completedAssignments;
        outcome.amountCents += result.amountCents;
        outcome.invoiceIds.push(...result.invoiceIds);
        if (result.invoiceIds.length > 0) outcome.batches += 1;
        processed += ids.length;
        await options.afterBatchCommit?.(
          progress(batch, ids, result, processed - ids.length, restaurantIds.length),
        );
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, slices.length) }, lane));
  if (failure) throw failure.error;
  return outcome;
}

function progress(
  batch: number,
  restaurantIds: number[],
  result: BatchResult,
  processedBefore: number,
  restaurantsTotal: number,
): BillingBatchProgress {
  return {
    batch,
    restaurantIds,
    invoicesGenerated: result.invoicesGenerated,
    completedAssignments: result.completedAssignments,
    restaurantsProcessed: processedBefore + restaurantIds.length,
    restaurantsTotal,
  };
}

/** Distinct job dates (before `before`) that still have completed, unbilled work. */
export async function unbilledDatesBefore(em: EntityManager, before: string): Promise<string[]> {
  const rows = await em.execute<{ date_needed: string }[]>(
    `select distinct j.date_needed::text as date_needed
       from assignments a join jobs j on j.id = a.job_id
      where ${BILLABLE('a')} and j.date_needed < ?::date
        and not exists (select 1 from invoice_lines l where l.assignment_id = a.id)
      order by 1`,
    [before],
  );
  return rows.map((row) => row.date_needed);
}
