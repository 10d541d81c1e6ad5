import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  AdminJobsPage,
  AdminJobsQuerySchema,
  FreelancerJobsArea,
  FreelancerJobsPage,
  FreelancerJobsQuerySchema,
  Job as JobRow,
  JobStatusCounts,
  OpenJob,
  RestaurantJobsPage,
  RestaurantJobsQuerySchema,
} from '@turno/contracts';
import {
  addDays,
  agendaPeriodRange,
  DEFAULT_SEARCH_RADIUS_KM,
  DISTANCE_STEP_M,
  EARTH_RADIUS_M,
  shownDistanceKm,
  type AgendaRange,
  freelancerPayoutCents,
  ratingAllowed,
  saoPauloDate,
  saoPauloTime,
  toReais,
  vacancyArea,
} from '@turno/domain';
import type { z } from 'zod';
import { decodeCursor, pageOf, type CursorKey } from '../shared/keyset';
import { containsPattern, foldedMatch } from '../shared/search';
import { countsOf, readPageAndCounts, type ListReadOptions, type SqlStatement } from '../shared/list-read';
import { SqlWhere } from '../shared/sql-where';
import { atMonthlyShiftCapSql, reservedForOtherInviteesSql } from '../rows/staffing-conditions';
import { VersionedCache } from '../shared/versioned-cache';
import { jobsInScopeSql, type BusinessScope } from '../shared/business-scope';
import { addressLine, UTC_ISO } from '../shared/wire';

/**
 * Read models of the job lists: set-based SQL returning plain rows shaped into the contracts (no
 * entity hydration, no identity map). Each list answers one keyset page in two statements, the page
 * and its counts, and the counts are kept per data version (the audience's latest domain event id),
 * so a poll that sees no change reads only the page.
 */

export type { ListReadOptions } from '../shared/list-read';
export type RestaurantJobsFilter = z.output<typeof RestaurantJobsQuerySchema>;
export type AdminJobsFilter = z.output<typeof AdminJobsQuerySchema>;
export type OpenJobsFilter = z.output<typeof FreelancerJobsQuerySchema>;

interface JobDbRow {
  id: number;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_street: string | null;
  restaurant_number: string | null;
  title: string;
  position_type: string;
  description: string | null;
  date_needed: string;
  start_time: string;
  end_time: string;
  charge_cents: number;
  meal_time: string | null;
  recommended_attire: string | null;
  status: JobRow['status'];
  created_by_admin: boolean;
  assignment_id: number | null;
  assignment_status: JobRow['assignment_status'];
  freelancer_name: string | null;
  freelancer_user_id: number | null;
  freelancer_profile_photo_url: string | null;
  freelancer_phone: string | null;
  on_the_way_at: string | null;
  checkin_requested_at: string | null;
  check_in_at: string | null;
  checkout_requested_at: string | null;
  check_out_at: string | null;
  confirmed_at: string | null;
  unconfirmed_at: string | null;
}

/** Jobs with their restaurant and their current (non-cancelled) assignment and freelancer. */
const JOB_FROM = `from jobs j
  join restaurants r on r.id = j.restaurant_id
  left join assignments a on a.job_id = j.id and a.status <> 'cancelled'
  left join freelancers f on f.id = a.freelancer_id`;

const JOB_COLUMNS = `j.id, j.restaurant_id, r.business_name as restaurant_name,
  r.address as restaurant_street, r.address_number as restaurant_number,
  j.title, j.position_type, j.description, to_char(j.date_needed, 'YYYY-MM-DD') as date_needed,
  j.start_time, j.end_time, j.charge_cents, j.meal_time, j.recommended_attire, j.status,
  j.created_by_admin, a.id as assignment_id, a.status as assignment_status,
  f.name as freelancer_name, f.user_id as freelancer_user_id,
  f.profile_photo_url as freelancer_profile_photo_url, f.phone as freelancer_phone,
  ${UTC_ISO('a.on_the_way_at')} as on_the_way_at, ${UTC_ISO('a.checkin_requested_at')} as checkin_requested_at,
  ${UTC_ISO('a.check_in_at')} as check_in_at, ${UTC_ISO('a.checkout_requested_at')} as checkout_requested_at,
  ${UTC_ISO('a.check_out_at')} as check_out_at,
  ${UTC_ISO('a.confirmed_at')} as confirmed_at, ${UTC_ISO('a.unconfirmed_at')} as unconfirmed_at`;

function toJob(row: JobDbRow): JobRow {
  return {
    id: row.id,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    restaurant_address: addressLine(row.restaurant_street, row.restaurant_number),
    title: row.title,
    position_type: row.position_type,
    description: row.description,
    date_needed: row.date_needed,
    start_time: row.start_time,
    end_time: row.end_time,
    hourly_rate: toReais(row.charge_cents),
    meal_time: row.meal_time,
    recommended_attire: row.recommended_attire,
    status: row.status,
    is_assigned: row.assignment_id !== null,
    assignment_id: row.assignment_id,
    assignment_status: row.assignment_status,
    freelancer_name: row.freelancer_name,
    freelancer_user_id: row.freelancer_user_id,
    freelancer_profile_photo_url: row.freelancer_profile_photo_url,
    freelancer_phone: row.freelancer_phone,
    on_the_way_time: row.on_the_way_at,
    freelancer_checkin_request_time: row.checkin_requested_at,
    check_in_time: row.check_in_at,
    freelancer_checkout_request_time: row.checkout_requested_at,
    check_out_time: row.check_out_at,
    created_by_admin: row.created_by_admin,
    assignment_confirmed_time: row.confirmed_at,
    assignment_unconfirmed_time: row.unconfirmed_at,
  };
}

/** The job order of every list: by date, start time, id; ascending, or descending for "all dates". */
type JobOrder = 'asc' | 'desc';
const JOB_CURSOR_SHAPE = ['string', 'string', 'number'] as const;
const jobKey = (row: Pick<JobDbRow, 'date_needed' | 'start_time' | 'id'>): CursorKey => [
  row.date_needed,
  row.start_time,
  row.id,
];

function addJobCursor(where: SqlWhere, cursor: string | undefined, order: JobOrder): void {
  const key = decodeCursor(cursor, JOB_CURSOR_SHAPE);
  if (!key) return;
  where.add(`(j.date_needed, j.start_time, j.id) ${order === 'asc' ? '>' : '<'} (?::date, ?, ?)`, ...key);
}

const jobOrderBy = (order: JobOrder) =>
  `order by j.date_needed ${order}, j.start_time ${order}, j.id ${order}`;

/** The statement of one page of jobs (one row more than `limit`: whether a next page exists). */
function jobPageStatement(where: SqlWhere, order: JobOrder, limit: number, extraColumns = ''): SqlStatement {
  return {
    sql: `select ${JOB_COLUMNS}${extraColumns} ${JOB_FROM} ${where.sql()} ${jobOrderBy(order)} limit ?`,
    params: [...where.params, limit + 1],
  };
}

/**
 * How many jobs each status filter would show: `all` (with the agenda's rule that completed jobs
 * from before the current week are left out when `hideCompletedBefore` is given), open, assigned,
 * completed (every completed job in the period).
 */
function jobCountsStatement(
  where: SqlWhere,
  joinAssignments: boolean,
  hideCompletedBefore: string | null,
): SqlStatement {
  const hidden = hideCompletedBefore ? `where ${NOT_COMPLETED_BEFORE}` : '';
  const from = joinAssignments ? JOB_FROM : 'from jobs j join restaurants r on r.id = j.restaurant_id';
  return {
    sql: `select count(*) ${hidden ? `filter (${hidden})` : ''} as "all",
       count(*) filter (where j.status = 'open') as open,
       count(*) filter (where j.status = 'assigned') as assigned,
       count(*) filter (where j.status = 'completed') as completed
     ${from} ${where.sql()}`,
    params: [...(hideCompletedBefore ? [hideCompletedBefore] : []), ...where.params],
  };
}

const JOB_COUNT_KEYS = ['all', 'open', 'assigned', 'completed'] as const;

/**
 * A page of jobs and the status counts of its filter in one statement; the counts are kept per
 * data version, so a request of an unchanged version reads the page alone.
 */
async function readJobPageAndCounts<Row extends JobDbRow>(
  em: EntityManager,
  page: SqlStatement,
  counts: { key: string; version: number | undefined; statement: () => SqlStatement },
  limit: number,
): Promise<{ items: JobRow[]; nextCursor: string | null; counts: JobStatusCounts; rows: Row[] }> {
  const kept = countsCache.peek(counts.key, counts.version);
  const read = await readPageAndCounts<Row>(em, page, kept ? null : counts.statement());
  const statusCounts = kept ?? countsOf(read.counts as Record<string, number>, JOB_COUNT_KEYS);
  if (!kept) countsCache.set(counts.key, counts.version, statusCounts);
  return { ...pageOf(read.rows, limit, jobKey, toJob), counts: statusCounts, rows: read.rows };
}

/** The agenda rule of status "all": completed jobs dated before `?` (this week's Monday) stay out. */
const NOT_COMPLETED_BEFORE = `not (j.status = 'completed' and j.date_needed < ?::date)`;

function addStatusFilter(where: SqlWhere, status: RestaurantJobsFilter['status'], hideBefore: string | null) {
  if (status !== 'all') where.add('j.status = ?', status);
  else if (hideBefore) where.add(NOT_COMPLETED_BEFORE, hideBefore);
}

const countsCache = new VersionedCache<JobStatusCounts>();
/** The dates of an agenda period in Sao Paulo (libs/domain `agendaPeriodRange`), or one day. */
export function agendaRange(query: Pick<RestaurantJobsFilter, 'period' | 'date'>, now: Date): AgendaRange {
  return agendaPeriodRange(query.period, saoPauloDate(now), query.date);
}

/**
 * The restaurant's agenda (spec 01 "Agenda", spec 02 "Controle Mercado" agenda): its jobs in the
 * period, by date and start time, optionally one status and a search over title and position type.
 * With status "all", completed jobs dated before the current week are left out. A manager's or
 * supervisor's scope (issue 28) keeps the jobs of their stores.
 */
export async function listRestaurantJobsPage(
  em: EntityManager,
  scope: BusinessScope,
  query: RestaurantJobsFilter,
  options: ListReadOptions & { ratable: true },
): Promise<RestaurantJobsPage & { ratable: Set<number> }>;
export async function listRestaurantJobsPage(
  em: EntityManager,
  scope: BusinessScope,
  query: RestaurantJobsFilter,
  options: ListReadOptions,
): Promise<RestaurantJobsPage>;
/**
 * With `ratable`, the same statement also tells which of the page's assignments the business may
 * still rate (its own, completed, within 30 days of completion — libs/domain `ratingAllowed` —, not
 * rated by it yet): `ratable` holds their ids.
 */
export async function listRestaurantJobsPage(
  em: EntityManager,
  scope: BusinessScope,
  query: RestaurantJobsFilter,
  options: ListReadOptions & { ratable?: boolean },
): Promise<RestaurantJobsPage & { ratable?: Set<number> }> {
  const range = agendaRange(query, options.now);
  const hideBefore = range.hideCompletedBefore;

  const jobs = jobsInScopeSql('j', scope);
  const filter = new SqlWhere().add(jobs.sql, ...jobs.params);
  if (range.unfinishedFrom)
    filter.add(
      `(j.date_needed between ?::date and ?::date
        or (j.date_needed >= ?::date and j.date_needed < ?::date and j.status = 'assigned'))`,
      range.from,
      range.to,
      range.unfinishedFrom,
      range.from,
    );
  else filter.add('j.date_needed between ?::date and ?::date', range.from, range.to);
  if (query.q) filter.add(foldedMatch(['j.search_text']), containsPattern(query.q));

  const countsKey = JSON.stringify([
    'restaurant-jobs',
    scope.restaurantId,
    scope.storeIds,
    range,
    hideBefore,
    query.q ?? '',
  ]);
  const where = filter.copy();
  addStatusFilter(where, query.status, hideBefore);
  addJobCursor(where, query.cursor, 'asc');
  const { rows, ...page } = await readJobPageAndCounts<JobDbRow & Partial<RatingDbColumns>>(
    em,
    jobPageStatement(where, 'asc', query.limit, options.ratable ? RATING_COLUMNS : ''),
    {
      key: countsKey,
      version: options.dataVersion,
      statement: () => jobCountsStatement(filter, false, hideBefore),
    },
    query.limit,
  );
  const result = { ...page, total: page.counts[query.status] };
  if (!options.ratable) return result as RestaurantJobsPage & { ratable: Set<number> };
  const ratable = new Set(
    rows
      .slice(0, query.limit)
      .filter(
        (row) =>
          row.assignment_id !== null &&
          row.status === 'completed' &&
          row.assignment_status === 'completed' &&
          row.rated_by_restaurant === false &&
          ratingAllowed(row.rating_completed_at ? new Date(row.rating_completed_at) : null, options.now),
      )
      .map((row) => row.assignment_id!),
  );
  return { ...result, ratable };
}

/**
 * What the business's rating of a page row depends on (spec: within 30 days of completion, once):
 * its assignment's completion and whether the business rated it already (read only for completed
 * assignments).
 */
interface RatingDbColumns {
  rating_completed_at: Date | string | null;
  rated_by_restaurant: boolean | null;
}
const RATING_COLUMNS = `, a.completed_at as rating_completed_at,
  case when a.status = 'completed' then exists (select 1 from ratings rt
    where rt.assignment_id = a.id and rt.rater_type = 'restaurant') end as rated_by_restaurant`;

/** The dates of an admin date filter: every date, today, tomorrow, the 7 days from today, or one day. */
export function adminJobsRange(
  date: AdminJobsFilter['date'],
  now: Date,
): { from: string; to: string } | null {
  const today = saoPauloDate(now);
  switch (date) {
    case 'all':
      return null;
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'next7':
      return { from: today, to: addDays(today, 6) };
    default:
      return { from: date, to: date };
  }
}

/**
 * Every job of the platform for the admin command centre (spec 02 "Centro de Comando"): a date
 * filter (every date — newest first —, today, tomorrow, next 7 days, one day), a status, a search
 * over title, business name, position type and freelancer name, and optionally one restaurant.
 */
export async function listAdminJobsPage(
  em: EntityManager,
  query: AdminJobsFilter,
  options: ListReadOptions,
): Promise<AdminJobsPage> {
  const range = adminJobsRange(query.date, options.now);
  const order: JobOrder = range ? 'asc' : 'desc';
  const filter = new SqlWhere();
  if (query.restaurantId !== undefined) filter.add('j.restaurant_id = ?', query.restaurantId);
  if (range) filter.add('j.date_needed between ?::date and ?::date', range.from, range.to);
  if (query.q) {
    filter.add(
      foldedMatch(['j.search_text', 'r.search_text', 'f.search_text']),
      ...Array(3).fill(containsPattern(query.q)),
    );
  }

  const countsKey = JSON.stringify(['admin-jobs', query.restaurantId ?? null, range, query.q ?? '']);
  const where = filter.copy();
  addStatusFilter(where, query.status, null);
  addJobCursor(where, query.cursor, order);
  const { rows: _rows, ...page } = await readJobPageAndCounts(
    em,
    jobPageStatement(where, order, query.limit),
    {
      key: countsKey,
      version: options.dataVersion,
      statement: () => jobCountsStatement(filter, Boolean(query.q), null),
    },
    query.limit,
  );
  return { ...page, total: page.counts[query.status] };
}

/**
 * The columns of an open vacancy: the business's address is read only to derive its neighbourhood
 * and city (never sent); no name, assignment or freelancer before acceptance.
 */
type OpenJobDbRow = Pick<
  JobDbRow,
  | 'id'
  | 'restaurant_street'
  | 'title'
  | 'position_type'
  | 'description'
  | 'date_needed'
  | 'start_time'
  | 'end_time'
  | 'charge_cents'
  | 'meal_time'
  | 'recommended_attire'
> & { has_applied: boolean };

function toOpenJob(row: OpenJobDbRow): OpenJob {
  const area = vacancyArea(row.restaurant_street);
  return {
    id: row.id,
    restaurant_neighborhood: area.neighborhood,
    restaurant_city: area.city,
    title: row.title,
    position_type: row.position_type,
    description: row.description,
    date_needed: row.date_needed,
    start_time: row.start_time,
    end_time: row.end_time,
    hourly_rate: toReais(row.charge_cents),
    freelancer_payment_amount: toReais(freelancerPayoutCents(row.charge_cents)),
    meal_time: row.meal_time,
    recommended_attire: row.recommended_attire,
    has_applied: row.has_applied,
  };
}

/**
 * Where the freelancer searches from, in the vacancies' statement (no round trip of its own): the
 * device's position when they chose it (and shared one), else their home as geocoded, else none;
 * the radius asked (`?`, null: their own, else DEFAULT_SEARCH_RADIUS_KM); their specialties.
 */
const SEARCH_ORIGIN_CTE = `o as materialized (
    select f.specialties,
      case when s.origin = 'current' and s.current_latitude is not null then 'current'
           when s.home_geocode_status in ('found', 'manual') then 'home' end as origin,
      case when s.origin = 'current' and s.current_latitude is not null then s.current_latitude
           when s.home_geocode_status in ('found', 'manual') then s.home_latitude end as lat,
      case when s.origin = 'current' and s.current_latitude is not null then s.current_longitude
           when s.home_geocode_status in ('found', 'manual') then s.home_longitude end as lon,
      coalesce(?::int, s.radius_km, ${DEFAULT_SEARCH_RADIUS_KM}) as radius_km,
      array(select jsonb_array_elements_text(f.specialties)) as specialty_list
    from freelancers f left join freelancer_search_areas s on s.freelancer_id = f.id
    where f.id = ?
  ),
  p as materialized (
    select o.*, ${LL_TO_EARTH('o.lat', 'o.lon')} as e, o.radius_km * 1000.0 as radius_m,
      o.radius_km * 1000.0 * earth() / ${EARTH_RADIUS_M} * 1.001 as box_m
    from o
  )`;

/**
 * earthdistance's `ll_to_earth(lat, lon)` written out. The SQL function is not inlined (its body
 * ends in a cast to the `earth` domain), so each statement ran it through the SQL-function
 * executor: about 0.2 ms for one call, more than the rest of the origin's work.
 */
function LL_TO_EARTH(lat: string, lon: string): string {
  return `cube(cube(cube(earth() * cos(radians(${lat})) * cos(radians(${lon}))),
      earth() * cos(radians(${lat})) * sin(radians(${lon}))), earth() * sin(radians(${lat})))::earth`;
}

/**
 * The exact distance (metres) from the origin to a store: libs/domain's haversine on its sphere
 * (EARTH_RADIUS_M), written with built-in functions. earthdistance's own earth_distance wraps SQL
 * functions PostgreSQL does not inline here (about 30 µs a row, measured on the bench's 100,000
 * vacancies) and measures on earth() = 6,378,168 m; this is the same number as the screens' and the
 * tests', and the 15 km edge is the same on both sides.
 */
const DISTANCE_M = (store: string) => `(2 * ${EARTH_RADIUS_M} * asin(least(1, sqrt(
    power(sin(radians(${store}.latitude - p.lat) / 2), 2)
    + cos(radians(p.lat)) * cos(radians(${store}.latitude)) * power(sin(radians(${store}.longitude - p.lon) / 2), 2)))))`;

/**
 * The approved, active stores a freelancer sees vacancies of, with their distance: those within the
 * radius (the GiST index on ll_to_earth prefilters by earth_box — a cube a little larger than the
 * circle, on earth()'s sphere —, the haversine decides: the edge is in), then those that cannot be
 * placed (distance null); every one, without distance, when the freelancer cannot be placed.
 * Stores that blocked the freelancer are left out here, once per store rather than once per vacancy
 * (`?`: the freelancer). The unplaced stores come from their partial index; when the freelancer
 * cannot be placed, every store.
 * Materialized: inlined, the planner guessed a couple of dozen stores and a few dozen vacancies and
 * joined them in a nested loop (177 stores × 4,706 open vacancies compared one by one: 60–97 ms a
 * page at bench scale); kept apart it hashes them (7–11 ms, the same rows).
 */
const NEAR_STORES_CTE = `near as materialized (
    select r.id, ${DISTANCE_M('r')} as distance_m
      from p join restaurants r on earth_box(p.e, p.box_m) @> ll_to_earth(r.latitude, r.longitude)
     where p.e is not null and r.is_approved and r.is_active and r.id not in (select restaurant_id from blocked)
       and ${DISTANCE_M('r')} <= p.radius_m
    union all
    select r.id, null::float8 from p join restaurants r on r.latitude is null
     where p.e is not null and r.is_approved and r.is_active and r.id not in (select restaurant_id from blocked)
    union all
    select r.id, null::float8 from p join restaurants r on p.e is null
     where r.is_approved and r.is_active and r.id not in (select restaurant_id from blocked)
  )`;

/** The stores that blocked the freelancer (`?`), for NEAR_STORES_CTE. */
const BLOCKED_STORES_CTE = `blocked as materialized (select b.restaurant_id from blocks b where b.freelancer_id = ?)`;

/**
 * The order of "Vagas" (libs/domain nearby.ts `compareNearbyVacancies`): fit (0 invited by the
 * business, issue 26 "Chamar de novo"; 1 a specialty of theirs; 2 the others), placed, the 100 m
 * step, date, start, the better paid, id — all ascending with the price negated. The cursor carries
 * the charge itself (a cursor holds no negative number).
 */
const NEARBY_ORDER = 'v.fit, v.unplaced, v.step, v.date_needed, v.start_time, -v.charge_cents, v.id';
const NEARBY_CURSOR_SHAPE = ['number', 'number', 'number', 'string', 'string', 'number', 'number'] as const;
type NearbyDbRow = OpenJobDbRow & {
  fit: number;
  unplaced: number;
  step: number;
  distance_m: number | null;
  invited_until: string | Date | null;
};
const nearbyKey = (row: NearbyDbRow): CursorKey => [
  Number(row.fit),
  Number(row.unplaced),
  Number(row.step),
  row.date_needed,
  row.start_time,
  row.charge_cents,
  row.id,
];

function toNearbyJob(row: NearbyDbRow): OpenJob {
  return {
    ...toOpenJob(row),
    distance_km: row.distance_m === null ? null : shownDistanceKm(Number(row.distance_m)),
    invitation:
      row.invited_until === null ? null : { exclusive_until: new Date(row.invited_until).toISOString() },
  };
}

interface NearbyCounts {
  total: number;
  area: FreelancerJobsArea;
}
const nearbyCountsCache = new VersionedCache<NearbyCounts>();

/**
 * Open vacancies a freelancer may apply to (spec 01 "Vagas", issue 26): status open, dated today or
 * later in Sao Paulo (or the one day asked, never before today), at approved and active restaurants
 * that have not blocked this freelancer, within their maximum distance of where they search from
 * (stores that cannot be placed after the others); ranked by fit and distance, then date and price
 * (libs/domain nearby.ts). A search over title and position type (not the business name: a search
 * must not tell whose vacancy it is). Neighbourhood, city and the distance to the 100 m only before
 * acceptance. One statement: the origin, the page and — unless kept for this data version — the
 * total and the area searched.
 */
export async function listOpenJobsPage(
  em: EntityManager,
  freelancerId: number,
  query: OpenJobsFilter,
  options: ListReadOptions,
): Promise<FreelancerJobsPage> {
  const today = saoPauloDate(options.now);
  const open = new SqlWhere().add(`j.status = 'open'`);
  if (query.date) open.add('j.date_needed = ?::date', query.date);
  else open.add('j.date_needed >= ?::date', today);
  // A day before today has no vacancy to apply to (the date picker's minimum is today).
  if (query.date && query.date < today) open.add('false');
  // Nor has a shift of today that has started (issue 22): 'HH:MM' texts compare as times.
  const minute = saoPauloTime(options.now);
  open.add('(j.date_needed > ?::date or j.start_time > ?)', today, minute);
  if (query.q) open.add(foldedMatch(['j.search_text']), containsPattern(query.q));
  // The stores that blocked this freelancer are left out with the stores (NEAR_STORES_CTE).
  // Issue 26: what the apply command refuses is not offered — a vacancy reserved for other
  // invitees, and one of a business with which the freelancer holds the month's cap of shifts.
  const reserved = reservedForOtherInviteesSql('j.id', freelancerId, options.now);
  open.add(`not ${reserved.sql}`, ...reserved.params);
  const atCap = atMonthlyShiftCapSql({
    freelancer: freelancerId,
    restaurant: 'j.restaurant_id',
    date: 'j.date_needed',
  });
  open.add(`not ${atCap.sql}`, ...atCap.params);
  const originParams = [query.distance_km ?? null, freelancerId, freelancerId];
  const candidates = `with ${SEARCH_ORIGIN_CTE}, ${BLOCKED_STORES_CTE}, ${NEAR_STORES_CTE}`;
  const from = `from near n join jobs j on j.restaurant_id = n.id`;

  const after = new SqlWhere();
  const key = decodeCursor(query.cursor, NEARBY_CURSOR_SHAPE);
  if (key) {
    const [fit, unplaced, step, date, start, charge, id] = key;
    after.add(
      `(v.fit, v.unplaced, v.step, v.date_needed, v.start_time, -v.charge_cents, v.id)
        > (?, ?, ?, ?::date, ?, -(?::int), ?)`,
      fit,
      unplaced,
      step,
      date,
      start,
      charge,
      id,
    );
  }
  const countsKey = JSON.stringify([
    'open-jobs',
    freelancerId,
    today,
    minute,
    query.date ?? null,
    query.q ?? '',
    query.distance_km ?? null,
  ]);
  const kept = nearbyCountsCache.peek(countsKey, options.dataVersion);
  // The candidates once (materialized: the page and the count read them), the page sorted top-N,
  // and — unless kept for this data version — the total and the area beside it, in one statement.
  const pageOrder = NEARBY_ORDER.replace(/\bv\./g, 'page.');
  const sql = `${candidates},
      v as (
        select j.id, j.date_needed, j.start_time, j.charge_cents, n.distance_m,
          case when j.id in (select inv.job_id from job_invitations inv where inv.freelancer_id = ?) then 0
               when j.position_type::text = any((select specialty_list from o)::text[]) then 1 else 2 end as fit,
          case when n.distance_m is null then 1 else 0 end as unplaced,
          coalesce(floor(n.distance_m / ${DISTANCE_STEP_M} + 0.5), 0)::int as step
        ${from} ${open.sql()}
      ),
      page as (
        select j.id, r.address as restaurant_street, j.title, j.position_type, j.description,
          to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, j.end_time, j.charge_cents,
          j.meal_time, j.recommended_attire, k.distance_m, k.fit, k.unplaced, k.step,
          exists (select 1 from applications a where a.job_id = j.id and a.freelancer_id = ?) as has_applied,
          (select inv.exclusive_until from job_invitations inv where inv.job_id = j.id and inv.freelancer_id = ?) as invited_until
        from (select v.* from v ${after.sql()} order by ${NEARBY_ORDER} limit ?) k
        join jobs j on j.id = k.id join restaurants r on r.id = j.restaurant_id
      )
      ${
        kept
          ? `select page.* from page order by ${pageOrder}`
          : `select page.*, c.total, c.origin, c.radius_km
             from (select (select count(*) from v) as total, (select origin from o) as origin,
                     (select radius_km from o) as radius_km) c
             left join page on true order by ${pageOrder}`
      }`;
  const rows = await em
    .getConnection()
    .execute<
      (NearbyDbRow & { total?: number | string; origin?: FreelancerJobsArea['origin']; radius_km?: number })[]
    >(sql, [
      ...originParams,
      freelancerId,
      ...open.params,
      freelancerId,
      freelancerId,
      ...after.params,
      query.limit + 1,
    ]);
  const read = { rows: rows.filter((row) => row.id !== null), counts: rows[0] };
  let counts = kept;
  if (!counts) {
    const row = read.counts;
    counts = {
      total: Number(row?.total ?? 0),
      area: { origin: row?.origin ?? null, radius_km: Number(row?.radius_km ?? DEFAULT_SEARCH_RADIUS_KM) },
    };
    nearbyCountsCache.set(countsKey, options.dataVersion, counts);
  }
  return {
    ...pageOf(read.rows, query.limit, nearbyKey, toNearbyJob),
    total: counts.total,
    area: counts.area,
  };
}

/**
 * One job of the platform as the admin sees it (the edit and applications pages, issue 10), with
 * its current assignment; null when there is no such job.
 */
export async function readAdminJob(em: EntityManager, jobId: number): Promise<JobRow | null> {
  const [row] = await em
    .getConnection()
    .execute<JobDbRow[]>(`select ${JOB_COLUMNS} ${JOB_FROM} where j.id = ? limit 1`, [jobId]);
  return row ? toJob(row) : null;
}
