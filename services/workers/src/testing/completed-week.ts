import type { EntityManager } from '@mikro-orm/postgresql';
import { shiftAmountsCents, shiftEndTime, workloadMinutes } from '@turno/domain';

/** What a billing test needs to seed: how many businesses, shifts and freelancers, in which week. */
export interface CompletedWeek {
  /** Prefix of the seeded e-mails, unique per test file (`kill`, `pgfault`…). */
  prefix: string;
  restaurants: number;
  shiftsPerRestaurant: number;
  freelancers: number;
  /** Monday of the week ('YYYY-MM-DD'); the shifts spread over its seven days. */
  weekStart: string;
}

/**
 * Restaurants, freelancers, and `shiftsPerRestaurant` completed 8-hour shifts each in the week,
 * set-based (a handful of statements whatever the size): the data of the worker billing tests.
 */
export async function seedCompletedWeek(em: EntityManager, week: CompletedWeek) {
  const amounts = shiftAmountsCents(8, '08:00');
  await em.execute(
    `insert into users (email, name, user_type)
     select ? || '-owner-' || g || '@example.com', 'Dono ' || g, 'restaurant' from generate_series(1, ?) g`,
    [week.prefix, week.restaurants],
  );
  await em.execute(
    `insert into restaurants (user_id, name, business_name, is_approved, is_active)
     select id, name, 'Mercado ' || id, true, true from users where user_type = 'restaurant' order by id`,
  );
  await em.execute(
    `insert into users (email, name, user_type)
     select ? || '-freela-' || g || '@example.com', 'Freela ' || g, 'freelancer' from generate_series(1, ?) g`,
    [week.prefix, week.freelancers],
  );
  await em.execute(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available)
     select id, name, '["Repositor"]'::jsonb, true, true from users where user_type = 'freelancer' order by id`,
  );
  await em.execute(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes,
                       charge_cents, status)
     select r.id, 'Repositor', 'Repositor', ?::date + (g % 7), '08:00', ?, ?, ?, 'completed'
       from restaurants r cross join generate_series(1, ?) g`,
    [
      week.weekStart,
      shiftEndTime('08:00', 8),
      workloadMinutes(8),
      amounts.chargeCents,
      week.shiftsPerRestaurant,
    ],
  );
  await em.execute(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at, restaurant_charge_cents,
                              freelancer_payout_cents, commission_cents, completed_at)
     select j.id, (select min(id) from freelancers) + j.id % ?, 'completed', now(), now(), ?, ?, ?, now()
       from jobs j`,
    [week.freelancers, amounts.chargeCents, amounts.payoutCents, amounts.commissionCents],
  );
  const [first] = await em.execute<{ id: number }[]>('select min(id) as id from restaurants');
  return { firstRestaurantId: first!.id, amounts };
}

/** The billing checks of the worker tests, as counts that must be 0 (each a set-based statement). */
export async function billingAnomalies(em: EntityManager, week: { weekStart: string; weekEnd: string }) {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await em.execute<{ n: string }[]>(sql, params))[0]!.n);
  return {
    /** Completed assignments of the week without exactly one invoice line. */
    notBilledOnce: await count(
      `select count(*) as n from assignments a join jobs j on j.id = a.job_id
        where a.status = 'completed' and j.date_needed between ?::date and ?::date
          and (select count(*) from invoice_lines l where l.assignment_id = a.id) <> 1`,
      [week.weekStart, week.weekEnd],
    ),
    /** Invoices whose amount is not the sum of their lines. */
    amountsOff: await count(
      `select count(*) as n from invoices i
        where i.amount_cents <> (select coalesce(sum(amount_cents), 0) from invoice_lines l where l.invoice_id = i.id)`,
    ),
  };
}
