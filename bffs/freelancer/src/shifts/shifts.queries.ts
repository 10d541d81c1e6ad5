import {
  addressLine,
  countsOf,
  decodeCursor,
  type EntityManager,
  type ListReadOptions,
  pageOf,
  readPageWithKeptCounts,
  SqlWhere,
  UTC_ISO,
  VersionedCache,
} from '@turno/core';
import type { FreelancerShift, FreelancerShiftsPage, FreelancerShiftsQuerySchema } from '@turno/contracts';
import { freelancerPayoutCents, toReais, workedTime } from '@turno/domain';
import type { z } from 'zod';

export type FreelancerShiftsFilter = z.output<typeof FreelancerShiftsQuerySchema>;
type Counts = FreelancerShiftsPage['counts'];

interface ShiftDbRow {
  id: number;
  job_id: number;
  title: string;
  position_type: string;
  description: string | null;
  date_needed: string;
  start_time: string;
  end_time: string;
  meal_time: string | null;
  recommended_attire: string | null;
  charge_cents: number;
  payout_cents: number | null;
  restaurant_name: string;
  restaurant_street: string | null;
  restaurant_number: string | null;
  assignment_status: FreelancerShift['assignment_status'];
  on_the_way_time: string | null;
  freelancer_checkin_request_time: string | null;
  check_in_time: string | null;
  freelancer_checkout_request_time: string | null;
  check_out_time: string | null;
  pay_basis: 'full' | 'worked' | null;
  paid_minutes: number | null;
  confirmation_requested_time: string | null;
  confirmed_time: string | null;
}

const SCOPE_SQL = {
  active: `a.status in ('assigned', 'in_progress')`,
  completed: `a.status = 'completed'`,
} as const;

function toShift(row: ShiftDbRow): FreelancerShift {
  return {
    id: row.id,
    job_id: row.job_id,
    title: row.title,
    position_type: row.position_type,
    description: row.description,
    date_needed: row.date_needed,
    start_time: row.start_time,
    end_time: row.end_time,
    meal_time: row.meal_time,
    recommended_attire: row.recommended_attire,
    // Frozen at completion; until then what the job's price pays.
    freelancer_payment_amount: toReais(row.payout_cents ?? freelancerPayoutCents(row.charge_cents)),
    restaurant_name: row.restaurant_name,
    restaurant_address: addressLine(row.restaurant_street, row.restaurant_number),
    assignment_status: row.assignment_status,
    on_the_way_time: row.on_the_way_time,
    freelancer_checkin_request_time: row.freelancer_checkin_request_time,
    check_in_time: row.check_in_time,
    freelancer_checkout_request_time: row.freelancer_checkout_request_time,
    check_out_time: row.check_out_time,
    early_departure_paid_minutes: earlyDeparturePaid(row) ? row.paid_minutes : null,
    confirmation_requested_time: row.confirmation_requested_time,
    confirmed_time: row.confirmed_time,
  };
}

/** Paid by worked time because the check-out came before the scheduled end (issue 23). */
function earlyDeparturePaid(row: ShiftDbRow): boolean {
  if (row.pay_basis !== 'worked' || !row.check_in_time || !row.check_out_time) return false;
  const shift = { date: row.date_needed, start: row.start_time, end: row.end_time };
  return workedTime(shift, new Date(row.check_in_time), new Date(row.check_out_time)).earlyDeparture;
}

const countsCache = new VersionedCache<Counts>();

/**
 * The freelancer's shifts (spec 01 "Trabalhos"): the ones held and not yet completed, soonest
 * first (`active`), or the completed ones, newest first; cancelled (unassigned) ones never show.
 * With the business's name and full address: the application was accepted (spec 01 §6).
 */
export async function listFreelancerShiftsPage(
  em: EntityManager,
  freelancerId: number,
  query: FreelancerShiftsFilter,
  options: ListReadOptions,
): Promise<FreelancerShiftsPage> {
  const order = query.scope === 'active' ? 'asc' : 'desc';
  const where = new SqlWhere().add('a.freelancer_id = ?', freelancerId).add(SCOPE_SQL[query.scope]);
  const key = decodeCursor(query.cursor, ['string', 'string', 'number']);
  if (key) {
    where.add(`(j.date_needed, j.start_time, a.id) ${order === 'asc' ? '>' : '<'} (?::date, ?, ?)`, ...key);
  }
  const countsKey = JSON.stringify(['freelancer-shifts', freelancerId]);
  // One statement: the page and, unless kept for this data version, the counts of each scope.
  const { rows, counts } = await readPageWithKeptCounts<ShiftDbRow, Counts>(
    em,
    {
      sql: `select a.id, j.id as job_id, j.title, j.position_type, j.description,
         to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, j.end_time, j.meal_time,
         j.recommended_attire, j.charge_cents, a.freelancer_payout_cents as payout_cents,
         r.business_name as restaurant_name, r.address as restaurant_street,
         r.address_number as restaurant_number, a.status as assignment_status,
         ${UTC_ISO('a.on_the_way_at')} as on_the_way_time,
         ${UTC_ISO('a.checkin_requested_at')} as freelancer_checkin_request_time,
         ${UTC_ISO('a.check_in_at')} as check_in_time,
         ${UTC_ISO('a.checkout_requested_at')} as freelancer_checkout_request_time,
         ${UTC_ISO('a.check_out_at')} as check_out_time,
         ${UTC_ISO('a.confirmation_requested_at')} as confirmation_requested_time,
         ${UTC_ISO('a.confirmed_at')} as confirmed_time,
         a.pay_basis, a.paid_minutes
       from assignments a
       join jobs j on j.id = a.job_id
       join restaurants r on r.id = j.restaurant_id
       ${where.sql()}
       order by j.date_needed ${order}, j.start_time ${order}, a.id ${order} limit ?`,
      params: [...where.params, query.limit + 1],
    },
    {
      cache: countsCache,
      key: countsKey,
      version: options.dataVersion,
      statement: () => ({
        sql: `select count(*) filter (where ${SCOPE_SQL.active}) as active,
           count(*) filter (where ${SCOPE_SQL.completed}) as completed
         from assignments a where a.freelancer_id = ?`,
        params: [freelancerId],
      }),
      shape: (row) => countsOf(row as Record<keyof Counts, number>, ['active', 'completed']),
    },
  );
  const page = pageOf(rows, query.limit, (row) => [row.date_needed, row.start_time, row.id], toShift);
  return { ...page, total: counts[query.scope], counts };
}
