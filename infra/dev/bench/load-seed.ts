import type { Orm } from '@turno/core';
import { shiftAmountsCents, shiftEndTime, workloadMinutes } from '@turno/domain';

/** What the Monday-morning load needs to know about the seeded data. */
export interface LoadData {
  /** User ids of the businesses, and of the freelancers (the first `checkIns` hold a shift today). */
  businessUserIds: number[];
  freelancerUserIds: number[];
  /** Open vacancies of the coming week, for applications. */
  openJobIds: number[];
  /** Shifts of today, one per freelancer in order of `freelancerUserIds`, for check-in requests. */
  todayAssignmentIds: number[];
}

/**
 * Set-based seed of a load run's own database: `businesses` approved businesses with
 * `openJobsPerBusiness` open vacancies each over the next week, `freelancers` approved freelancers
 * with a photo (so that they may apply), and for the first `checkIns` freelancers one shift today
 * (started at 00:30 São Paulo, so that a check-in may be requested all day); then the planner's statistics.
 */
export async function seedLoadData(
  orm: Orm,
  sizes: { businesses: number; freelancers: number; openJobsPerBusiness: number; checkIns: number },
): Promise<LoadData> {
  const em = orm.em.fork();
  const amounts = shiftAmountsCents(8, '08:00');
  const ids = async (sql: string, params: unknown[] = []) =>
    (await em.execute<{ id: number }[]>(sql, params)).map((row) => row.id);
  const today = `(now() at time zone 'America/Sao_Paulo')::date`;

  await em.execute(
    `insert into users (email, name, user_type)
     select 'load-business-' || g || '@turno.test', 'Mercado ' || g, 'restaurant' from generate_series(1, ?) g`,
    [sizes.businesses],
  );
  await em.execute(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active, approved_at)
     select id, name, name, true, true, now() from users where email like 'load-business-%' order by id`,
  );
  await em.execute(
    `insert into users (email, name, user_type)
     select 'load-freela-' || g || '@turno.test', 'Freela ' || g, 'freelancer' from generate_series(1, ?) g`,
    [sizes.freelancers],
  );
  await em.execute(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available, approved_at, profile_photo_url)
     select id, name, '["Repositor"]'::jsonb, true, true, now(), '/uploads/load.jpg'
       from users where email like 'load-freela-%' order by id`,
  );
  await em.execute(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                       charge_cents, status)
     select r.id, 'Repositor', 'Repositor', ${today} + 2 + (g % 6), '08:00', ?, ?, ?, 'open'
       from restaurants r cross join generate_series(1, ?) g`,
    [shiftEndTime('08:00', 8), workloadMinutes(8), amounts.chargeCents, sizes.openJobsPerBusiness],
  );
  // Today's shifts: business (i mod businesses) employs freelancer i.
  await em.execute(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                       charge_cents, status)
     select (select id from restaurants order by id offset (g % ?) limit 1), 'Caixa', 'Operador de Caixa',
            ${today}, '00:30', ?, ?, ?, 'assigned'
       from generate_series(0, ? - 1) g`,
    [sizes.businesses, shiftEndTime('00:30', 8), workloadMinutes(8), amounts.chargeCents, sizes.checkIns],
  );
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, restaurant_charge_cents, freelancer_payout_cents,
                              commission_cents)
     select j.id, f.id, 'assigned', ?, ?, ?
       from (select id, row_number() over (order by id) as n from jobs where status = 'assigned') j
       join (select id, row_number() over (order by id) as n from freelancers) f on f.n = j.n`,
    [amounts.chargeCents, amounts.payoutCents, amounts.commissionCents],
  );
  // Planner statistics, as a production database has them (autovacuum analyzes a table after it
  // changes, but only at its next round, a minute or more away). Without them PostgreSQL plans the
  // freshly loaded tables as if they were empty: the open-vacancies count took 66 ms (a nested loop over
  // every business for each vacancy) instead of under 5, and PostgreSQL used 31 of the run's 40 core-seconds.
  await em.execute('analyze');
  return {
    businessUserIds: await ids('select user_id as id from restaurants order by id'),
    freelancerUserIds: await ids('select user_id as id from freelancers order by id'),
    openJobIds: await ids(`select id from jobs where status = 'open' order by id`),
    todayAssignmentIds: await ids('select id from assignments order by freelancer_id'),
  };
}
