import {
  countsOf,
  decodeCursor,
  type EntityManager,
  type ListReadOptions,
  pageOf,
  readPageWithKeptCounts,
  SqlWhere,
  UTC_ISO,
  UTC_MICROSECONDS,
  VersionedCache,
} from '@turno/core';
import type {
  FreelancerApplication,
  FreelancerApplicationFilter,
  FreelancerApplicationsPage,
  FreelancerApplicationsQuerySchema,
} from '@turno/contracts';
import { freelancerPayoutCents, toReais, vacancyArea } from '@turno/domain';
import type { z } from 'zod';

export type FreelancerApplicationsFilter = z.output<typeof FreelancerApplicationsQuerySchema>;
type Counts = FreelancerApplicationsPage['counts'];

interface ApplicationDbRow {
  id: number;
  job_id: number;
  title: string;
  position_type: string;
  date_needed: string;
  start_time: string;
  end_time: string;
  charge_cents: number;
  status: FreelancerApplication['status'];
  message: string | null;
  applied_at: string;
  applied_key: string;
  expires_at: string;
  reviewed_at: string | null;
  business_name: string;
  restaurant_street: string | null;
}

const FROM = `from applications a
  join jobs j on j.id = a.job_id
  join restaurants r on r.id = j.restaurant_id`;

/** What each status filter reads; a pending application past `?` (now) counts as expired: hidden. */
const STATUS_SQL: Record<Exclude<FreelancerApplicationFilter, 'all'>, string> = {
  pending: `(a.status = 'pending' and a.expires_at > ?)`,
  accepted: `a.status = 'accepted'`,
  rejected: `a.status = 'rejected'`,
};
const VISIBLE_SQL = `(a.status in ('accepted', 'rejected') or ${STATUS_SQL.pending})`;

function toApplication(row: ApplicationDbRow): FreelancerApplication {
  const area = vacancyArea(row.restaurant_street);
  return {
    id: row.id,
    job_id: row.job_id,
    title: row.title,
    position_type: row.position_type,
    date_needed: row.date_needed,
    start_time: row.start_time,
    end_time: row.end_time,
    hourly_rate: toReais(row.charge_cents),
    freelancer_payment_amount: toReais(freelancerPayoutCents(row.charge_cents)),
    status: row.status,
    message: row.message,
    applied_at: row.applied_at,
    expires_at: row.expires_at,
    reviewed_at: row.reviewed_at,
    // The business's name once accepted (spec 01 §6); before, where it is, as on the vacancy.
    restaurant_name: row.status === 'accepted' ? row.business_name : null,
    restaurant_neighborhood: area.neighborhood,
    restaurant_city: area.city,
  };
}

const countsCache = new VersionedCache<Counts>();

/**
 * The freelancer's applications (spec 01 "Candidaturas"), newest first, one keyset page: pending
 * (until expiry), accepted and rejected; expired ones — stored as expired or pending past
 * `expires_at` at `now` — are hidden (00-decisions). Counts per status beside the page.
 */
export async function listFreelancerApplicationsPage(
  em: EntityManager,
  freelancerId: number,
  query: FreelancerApplicationsFilter,
  options: ListReadOptions,
): Promise<FreelancerApplicationsPage> {
  const now = options.now;
  const where = new SqlWhere().add('a.freelancer_id = ?', freelancerId);
  if (query.status === 'all') where.add(VISIBLE_SQL, now);
  else where.add(STATUS_SQL[query.status], ...(query.status === 'pending' ? [now] : []));
  const key = decodeCursor(query.cursor, ['string', 'number']);
  if (key) where.add('(a.applied_at, a.id) < (?::timestamptz, ?)', ...key);

  // Pending ones leave the counts when they expire: the minute is part of the key.
  const countsKey = JSON.stringify([
    'freelancer-applications',
    freelancerId,
    Math.floor(now.getTime() / 60_000),
  ]);
  // One statement: the page and, unless kept for this data version, its counts.
  const { rows, counts } = await readPageWithKeptCounts<ApplicationDbRow, Counts>(
    em,
    {
      sql: `select a.id, a.job_id, j.title, j.position_type, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
         j.start_time, j.end_time, j.charge_cents, a.status, a.message,
         ${UTC_ISO('a.applied_at')} as applied_at, ${UTC_MICROSECONDS('a.applied_at')} as applied_key,
         ${UTC_ISO('a.expires_at')} as expires_at, ${UTC_ISO('a.reviewed_at')} as reviewed_at,
         r.business_name, r.address as restaurant_street
       ${FROM} ${where.sql()}
       order by a.applied_at desc, a.id desc limit ?`,
      params: [...where.params, query.limit + 1],
    },
    {
      cache: countsCache,
      key: countsKey,
      version: options.dataVersion,
      statement: () => ({
        sql: `select count(*) filter (where ${VISIBLE_SQL}) as "all",
           count(*) filter (where ${STATUS_SQL.pending}) as pending,
           count(*) filter (where ${STATUS_SQL.accepted}) as accepted,
           count(*) filter (where ${STATUS_SQL.rejected}) as rejected
         from applications a where a.freelancer_id = ?`,
        params: [now, now, freelancerId],
      }),
      shape: (row) =>
        countsOf(row as Record<keyof Counts, number>, ['all', 'pending', 'accepted', 'rejected']),
    },
  );
  const page = pageOf(rows, query.limit, (row) => [row.applied_key, row.id], toApplication);
  return { ...page, total: counts[query.status], counts };
}
