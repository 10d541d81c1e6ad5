/**
 * The admin's "Relatório detalhado" (spec 02 §2) as bounded reads: one keyset page of jobs, the
 * totals and the discrepancy check of the whole period in set-based SQL, and the rows of the whole
 * period in batches for the Excel export. Same definitions as @turno/core's daily metrics
 * (analytics.service.ts): a job belongs to its date_needed; cancelled jobs are left out; a row's
 * amounts are libs/domain's `reportRowAmountsCents` (a completed job's stored at completion,
 * another one's what its charge will produce).
 */
import {
  decodeCursor,
  type EntityManager,
  invalid,
  pageOf,
  readPageAndCounts,
  type SqlStatement,
} from '@turno/core';
import type { DetailedReportPage, DetailedReportRow, ReportDiscrepancy } from '@turno/contracts';
import {
  MESSAGES,
  reportPeriodError,
  reportRowAmountsCents,
  saoPauloDate,
  shiftAmountsCents,
  toReais,
  type AssignmentStatus,
  type JobStatus,
} from '@turno/domain';

/** Discrepancies listed at most (the count says how many there are). */
export const REPORT_DISCREPANCIES_SHOWN = 200;

export interface ReportPeriodInput {
  date?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

export interface ReportPeriod {
  startDate: string;
  endDate: string;
}

/**
 * The period of a report request: a single `date`, or `startDate..endDate`, or today when nothing
 * is given; no date after today (São Paulo), the end not before the start (pt-BR 400).
 */
export function reportPeriod(input: ReportPeriodInput, now: Date = new Date()): ReportPeriod {
  const today = saoPauloDate(now);
  const single = input.date ?? (input.startDate || input.endDate ? null : today);
  const startDate = single ?? input.startDate ?? null;
  const endDate = single ?? input.endDate ?? null;
  const problem = reportPeriodError(startDate, endDate, today);
  if (problem) throw invalid('analytics.invalid_report_period', problem);
  return { startDate: startDate!, endDate: endDate! };
}

interface ReportDbRow {
  id: number;
  restaurant_id: number;
  restaurant_name: string;
  title: string;
  position_type: string;
  date_needed: string;
  start_time: string;
  end_time: string;
  charge_cents: number;
  status: JobStatus;
  assignment_id: number | null;
  assignment_status: AssignmentStatus | null;
  freelancer_name: string | null;
  restaurant_charge_cents: number | null;
  freelancer_payout_cents: number | null;
  commission_cents: number | null;
}

/** Jobs of the period (`j`), their live assignment (`a`) and freelancer (`f`). */
const REPORT_FROM = `from jobs j
  join restaurants r on r.id = j.restaurant_id
  left join assignments a on a.job_id = j.id and a.status <> 'cancelled'
  left join freelancers f on f.id = a.freelancer_id
 where j.date_needed between ?::date and ?::date and j.status <> 'cancelled'`;

const REPORT_COLUMNS = `j.id, j.restaurant_id, r.business_name as restaurant_name, j.title, j.position_type,
  to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, j.end_time, j.charge_cents, j.status,
  a.id as assignment_id, a.status as assignment_status, f.name as freelancer_name,
  a.restaurant_charge_cents, a.freelancer_payout_cents, a.commission_cents`;

function toReportRow(row: ReportDbRow): DetailedReportRow {
  const amounts = reportRowAmountsCents({
    completed: row.assignment_status === 'completed',
    jobChargeCents: row.charge_cents,
    storedChargeCents: row.restaurant_charge_cents,
    storedPayoutCents: row.freelancer_payout_cents,
    storedCommissionCents: row.commission_cents,
  });
  return {
    id: row.id,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    title: row.title,
    position_type: row.position_type,
    date_needed: row.date_needed,
    start_time: row.start_time,
    end_time: row.end_time,
    hourly_rate: toReais(row.charge_cents),
    status: row.status,
    assignment_id: row.assignment_id,
    assignment_status: row.assignment_status,
    freelancer_name: row.freelancer_name,
    restaurant_payment_amount: toReais(amounts.chargeCents),
    freelancer_payment_amount: toReais(amounts.payoutCents),
    commission_amount: toReais(amounts.commissionCents),
  };
}

/** Rows of the period after `cursor` (date, start time, job id), at most `limit`. */
/** The statement of a page (or a batch) of the period's jobs, in date and start order, after `after`. */
function reportRowsStatement(
  period: ReportPeriod,
  after: (string | number)[] | undefined,
  limit: number,
): SqlStatement {
  const keyset = after ? 'and (j.date_needed, j.start_time, j.id) > (?::date, ?, ?)' : '';
  return {
    sql: `select ${REPORT_COLUMNS} ${REPORT_FROM} ${keyset} order by j.date_needed, j.start_time, j.id limit ?`,
    params: [period.startDate, period.endDate, ...(after ?? []), limit],
  };
}

async function reportRows(
  em: EntityManager,
  period: ReportPeriod,
  after: (string | number)[] | undefined,
  limit: number,
): Promise<ReportDbRow[]> {
  const { sql, params } = reportRowsStatement(period, after, limit);
  return em.getConnection().execute<ReportDbRow[]>(sql, [...params]);
}

export interface ReportCheck {
  totals: DetailedReportPage['totals'];
  discrepancies: ReportDiscrepancy[];
  discrepancyCount: number;
}

/**
 * Totals of the period and the discrepancy check. Completed jobs are grouped by what decides their
 * price (workload, start time) and what was stored (charge, payout): libs/domain prices each group
 * once, and only the jobs of groups that differ are read, so the check costs the same for 100 or
 * 100,000 jobs.
 */
interface CheckGroup {
  workload_minutes: number;
  start_time: string;
  charge: number;
  payout: number;
  jobs: string | number;
}

/**
 * The statement of the period's totals and, as `groups` (JSON), its completed jobs grouped by what
 * decides their price (workload, start, stored amounts): one row.
 */
function reportCheckStatement(period: ReportPeriod): SqlStatement {
  return {
    sql: `select s.*, (select coalesce(json_agg(g), '[]'::json) from (
         select j.workload_minutes, j.start_time, coalesce(a.restaurant_charge_cents, 0) as charge,
                coalesce(a.freelancer_payout_cents, 0) as payout, count(*) as jobs
           ${REPORT_FROM} and a.status = 'completed'
          group by 1, 2, 3, 4) g) as groups
       from (select count(*) as jobs, count(*) filter (where a.status = 'completed') as completed_jobs,
              coalesce(sum(a.restaurant_charge_cents) filter (where a.status = 'completed'), 0) as charge,
              coalesce(sum(a.freelancer_payout_cents) filter (where a.status = 'completed'), 0) as payout,
              coalesce(sum(coalesce(a.commission_cents, a.restaurant_charge_cents - a.freelancer_payout_cents))
                filter (where a.status = 'completed'), 0) as commission
         ${REPORT_FROM}) s`,
    params: [period.startDate, period.endDate, period.startDate, period.endDate],
  };
}

/** The totals and the discrepancy check of the whole period (one statement, a second when prices are wrong). */
export async function reportCheck(em: EntityManager, period: ReportPeriod): Promise<ReportCheck> {
  const { sql, params } = reportCheckStatement(period);
  const [row] = await em.getConnection().execute<Record<string, unknown>[]>(sql, [...params]);
  return reportCheckOf(em, period, row);
}

/**
 * The check from the row of `reportCheckStatement`: the groups whose stored amounts differ from the
 * price rule (libs/domain `shiftAmountsCents`) are discrepancies; only then are their jobs read.
 */
async function reportCheckOf(
  em: EntityManager,
  period: ReportPeriod,
  sums: Record<string, unknown> | undefined,
): Promise<ReportCheck> {
  const connection = em.getConnection();
  const params = [period.startDate, period.endDate];
  const groups = (sums?.groups ?? []) as CheckGroup[];
  const wrong = groups.flatMap((group) => {
    const expected = shiftAmountsCents(group.workload_minutes / 60, group.start_time);
    return expected.chargeCents === group.charge && expected.payoutCents === group.payout
      ? []
      : [{ ...group, expected }];
  });
  const discrepancyCount = wrong.reduce((sum, group) => sum + Number(group.jobs), 0);
  let discrepancies: ReportDiscrepancy[] = [];
  if (wrong.length > 0) {
    const rows = await connection.execute<
      { id: number; workload_minutes: number; start_time: string; charge: number; payout: number }[]
    >(
      `select j.id, j.workload_minutes, j.start_time, a.restaurant_charge_cents as charge,
              a.freelancer_payout_cents as payout
         ${REPORT_FROM} and a.status = 'completed'
          and (j.workload_minutes, j.start_time, coalesce(a.restaurant_charge_cents, 0),
               coalesce(a.freelancer_payout_cents, 0)) in (
            select w.workload_minutes, w.start_time, w.charge, w.payout
              from jsonb_to_recordset(?::jsonb) as w(workload_minutes int, start_time text, charge int, payout int))
        order by j.date_needed, j.start_time, j.id
        limit ?`,
      [
        ...params,
        JSON.stringify(wrong.map(({ expected: _expected, jobs: _jobs, ...group }) => group)),
        REPORT_DISCREPANCIES_SHOWN,
      ],
    );
    discrepancies = rows.map((row) => {
      const expected = shiftAmountsCents(row.workload_minutes / 60, row.start_time);
      return {
        job_id: row.id,
        message: MESSAGES.analytics.calculationError(row.id),
        charged: toReais(row.charge ?? 0),
        paid: toReais(row.payout ?? 0),
        expected_charged: toReais(expected.chargeCents),
        expected_paid: toReais(expected.payoutCents),
      };
    });
  }
  return {
    totals: {
      jobs: Number(sums?.jobs ?? 0),
      completed_jobs: Number(sums?.completed_jobs ?? 0),
      restaurant_payment_amount: toReais(Number(sums?.charge ?? 0)),
      freelancer_payment_amount: toReais(Number(sums?.payout ?? 0)),
      commission_amount: toReais(Number(sums?.commission ?? 0)),
    },
    discrepancies,
    discrepancyCount,
  };
}

/**
 * GET /api/admin/daily-detailed-report: one page of the period's jobs (date, start time, id order)
 * with the whole period's totals and discrepancy check.
 */
export async function getDetailedReportPage(
  em: EntityManager,
  query: ReportPeriodInput & { cursor?: string; limit: number },
  now: Date = new Date(),
): Promise<DetailedReportPage> {
  const period = reportPeriod(query, now);
  const cursor = decodeCursor(query.cursor, ['string', 'string', 'number']);
  // One statement: the page, the totals and the price check's groups (a second only to list the
  // jobs of prices found wrong).
  const read = await readPageAndCounts<ReportDbRow>(
    em,
    reportRowsStatement(period, cursor, query.limit + 1),
    reportCheckStatement(period),
  );
  const rows = read.rows;
  const check = await reportCheckOf(em, period, read.counts);
  const page = pageOf(rows, query.limit, (row) => [row.date_needed, row.start_time, row.id], toReportRow);
  return {
    ...page,
    total: check.totals.jobs,
    ...period,
    ...check,
    allCorrect: check.discrepancyCount === 0,
    message: check.discrepancyCount === 0 ? MESSAGES.analytics.allCalculationsCorrect : null,
  };
}

/** Every row of the period, oldest first, read `batchSize` at a time (the Excel export). */
export async function* detailedReportRows(
  em: EntityManager,
  period: ReportPeriod,
  batchSize = 2000,
): AsyncGenerator<DetailedReportRow> {
  let after: (string | number)[] | undefined;
  for (;;) {
    const rows = await reportRows(em, period, after, batchSize);
    for (const row of rows) yield toReportRow(row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = [last.date_needed, last.start_time, last.id];
  }
}

/** One completed job whose stored amounts differ from the price rule (the discrepancy export). */
export interface ReportDiscrepancyRow extends ReportDiscrepancy {
  date_needed: string;
  restaurant_name: string;
  start_time: string;
  end_time: string;
}

/**
 * Every discrepancy of the period (not only the first 200 of the screen), oldest first, read
 * `batchSize` at a time: the groups that differ from the price rule are found once as in
 * reportCheck, then only their jobs are read, by keyset.
 */
export async function* reportDiscrepancyRows(
  em: EntityManager,
  period: ReportPeriod,
  batchSize = 2000,
): AsyncGenerator<ReportDiscrepancyRow> {
  const connection = em.getConnection();
  const params = [period.startDate, period.endDate];
  const groups = await connection.execute<
    { workload_minutes: number; start_time: string; charge: number; payout: number }[]
  >(
    `select j.workload_minutes, j.start_time, coalesce(a.restaurant_charge_cents, 0) as charge,
            coalesce(a.freelancer_payout_cents, 0) as payout
       ${REPORT_FROM} and a.status = 'completed'
      group by 1, 2, 3, 4`,
    params,
  );
  const wrong = groups.filter((group) => {
    const expected = shiftAmountsCents(group.workload_minutes / 60, group.start_time);
    return expected.chargeCents !== group.charge || expected.payoutCents !== group.payout;
  });
  if (wrong.length === 0) return;
  let after: (string | number)[] | undefined;
  for (;;) {
    const keyset = after ? 'and (j.date_needed, j.start_time, j.id) > (?::date, ?, ?)' : '';
    const rows = await connection.execute<
      {
        id: number;
        date_needed: string;
        restaurant_name: string;
        workload_minutes: number;
        start_time: string;
        end_time: string;
        charge: number | null;
        payout: number | null;
      }[]
    >(
      `select j.id, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, r.business_name as restaurant_name,
              j.workload_minutes, j.start_time, j.end_time, a.restaurant_charge_cents as charge,
              a.freelancer_payout_cents as payout
         ${REPORT_FROM} and a.status = 'completed'
          and (j.workload_minutes, j.start_time, coalesce(a.restaurant_charge_cents, 0),
               coalesce(a.freelancer_payout_cents, 0)) in (
            select w.workload_minutes, w.start_time, w.charge, w.payout
              from jsonb_to_recordset(?::jsonb) as w(workload_minutes int, start_time text, charge int, payout int))
          ${keyset}
        order by j.date_needed, j.start_time, j.id
        limit ?`,
      [...params, JSON.stringify(wrong), ...(after ?? []), batchSize],
    );
    for (const row of rows) {
      const expected = shiftAmountsCents(row.workload_minutes / 60, row.start_time);
      yield {
        job_id: row.id,
        message: MESSAGES.analytics.calculationError(row.id),
        date_needed: row.date_needed,
        restaurant_name: row.restaurant_name,
        start_time: row.start_time,
        end_time: row.end_time,
        charged: toReais(row.charge ?? 0),
        paid: toReais(row.payout ?? 0),
        expected_charged: toReais(expected.chargeCents),
        expected_paid: toReais(expected.payoutCents),
      };
    }
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = [last.date_needed, last.start_time, last.id];
  }
}
