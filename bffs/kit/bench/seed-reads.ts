import type { Pool } from 'pg';

/** Size of the benchmark's data set. */
export interface ReadsBenchSize {
  restaurants: number;
  freelancers: number;
  jobs: number;
  /** Weeks of invoice history (one weekly invoice per restaurant per week). */
  invoiceWeeks: number;
  events: number;
}

/**
 * A year of history in set-based inserts (generate_series): `restaurants` businesses (5 % pending,
 * 2.5 % rejected), `freelancers` workers, `jobs` jobs spread from 365 days ago to 30 days ahead
 * (past ones mostly completed, future ones open or assigned, with their assignments), a weekly
 * invoice per business per week (older paid, some overdue, last week pending), and a backlog of
 * domain events; stores and freelancers' homes placed over greater São Paulo (issue 26). `today`
 * is the Sao Paulo date the bench runs on.
 */
export async function seedReadsBench(pool: Pool, size: ReadsBenchSize, today: string): Promise<void> {
  const R = size.restaurants;
  const F = size.freelancers;
  await pool.query(
    `insert into users (email, name, user_type)
     select 'dono' || i || '@bench.local', 'Dono ' || i, 'restaurant' from generate_series(1, $1) i`,
    [R],
  );
  await pool.query(
    `insert into users (email, name, user_type)
     select 'freela' || i || '@bench.local', 'Freela ' || i, 'freelancer' from generate_series(1, $1) i`,
    [F],
  );
  await pool.query(
    `insert into restaurants (user_id, name, business_name, address, address_number, cuisine_type,
       contact_person, is_approved, is_active, approved_at, created_at, updated_at)
     select i, 'Responsável ' || i,
       (array['Supermercado', 'Hortifruti', 'Açougue', 'Padaria', 'Empório'])[1 + i % 5] || ' ' || i,
       'Rua ' || i, (i % 900)::text, (array['Supermercado', 'Hortifruti', 'Açougue', 'Padaria', 'Empório'])[1 + i % 5],
       'Contato ' || i, i % 20 <> 0, i % 40 <> 0, case when i % 20 <> 0 then now() end,
       now() - ((($1 - i) || ' hours')::interval), now()
     from generate_series(1, $1) i`,
    [R],
  );
  await pool.query(
    `insert into freelancers (user_id, name, specialties, is_approved, is_available, created_at, updated_at)
     select $1 + i, 'Freelancer ' || i, '["Operador de Caixa"]'::jsonb, true, true, now(), now()
     from generate_series(1, $2) i`,
    [R, F],
  );
  // Issue 26: where they are, over greater São Paulo (about 45 × 45 km, spread by a multiplicative
  // hash): every 50th store and every 20th freelancer's home could not be placed.
  await pool.query(
    `update restaurants set latitude = case when id % 50 = 0 then null else -23.40 - ((id * 7919) % 1000) * 0.0004 end,
       longitude = case when id % 50 = 0 then null else -46.40 - ((id * 104729) % 1000) * 0.00045 end,
       geocode_status = case when id % 50 = 0 then 'not_found' else 'found' end, geocoded_at = now()`,
  );
  await pool.query(
    `insert into freelancer_search_areas (freelancer_id, home_query, home_latitude, home_longitude,
       home_geocode_status, home_geocoded_at)
     select id, 'Rua ' || id, case when id % 20 = 0 then null else -23.40 - ((id * 6007) % 1000) * 0.0004 end,
       case when id % 20 = 0 then null else -46.40 - ((id * 7727) % 1000) * 0.00045 end,
       case when id % 20 = 0 then 'not_found' else 'found' end, now()
     from freelancers`,
  );
  // Jobs: day offsets -365..+30 spread by a multiplicative hash, four shift shapes.
  await pool.query(
    `insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time,
       workload_minutes, charge_cents, status, created_by_admin, created_at, updated_at)
     select 1 + (i - 1) % $1, p, p, d, s, e, 360, case when s = '22:00' then 17900 else 14900 end,
       case when d < $3::date then (case i % 20 when 0 then 'cancelled' when 1 then 'open' else 'completed' end)
            else (case when i % 5 < 2 then 'assigned' else 'open' end) end,
       i % 10 = 0, now(), now()
     from (
       select i,
         $3::date + (((i::bigint * 7919) % 396) - 365)::int as d,
         (array['06:00', '08:00', '14:00', '22:00'])[1 + i % 4] as s,
         (array['12:00', '14:00', '20:00', '04:00'])[1 + i % 4] as e,
         (array['Operador de Caixa', 'Empacotador/Embalador', 'Atendentes de Loja', 'Ajudante de Limpeza',
                'Estoquista', 'Aux de Açougueiro', 'Aux de Padaria'])[1 + i % 7] as p
       from generate_series(1, $2) i
     ) shifts`,
    [R, size.jobs, today],
  );
  await pool.query(
    `insert into assignments (job_id, freelancer_id, status, check_in_at, check_out_at,
       restaurant_charge_cents, freelancer_payout_cents, commission_cents, completed_at, created_at, updated_at)
     select j.id, 1 + j.id % $1, case when j.status = 'completed' then 'completed' else 'assigned' end,
       case when j.status = 'completed' then now() end, case when j.status = 'completed' then now() end,
       case when j.status = 'completed' then j.charge_cents end,
       case when j.status = 'completed' then (case when j.charge_cents = 17900 then 15000 else 12000 end) end,
       case when j.status = 'completed' then 2900 end,
       case when j.status = 'completed' then now() end, now(), now()
     from jobs j where j.status in ('assigned', 'completed')`,
    [F],
  );
  // One weekly invoice per restaurant per week, Mondays going back from last week.
  await pool.query(
    `insert into invoices (invoice_number, invoice_type, restaurant_id, amount_cents, status, issue_date,
       due_date, payment_date, week_start, week_end, created_at, updated_at)
     select 'TUR-' || to_char(ws, 'IYYY-"W"IW') || '-' || lpad(r::text, 4, '0'), 'restaurant_weekly_invoice', r,
       14900 * (1 + r % 7), st, ws + 9, ws + 16, case when st = 'paid' then ws + 12 end, ws, ws + 6, now(), now()
     from (
       select r, w, date_trunc('week', $3::date)::date - 7 * w as ws,
         case when w = 1 then 'pending' when w <= 3 and r % 10 = 0 then 'overdue' else 'paid' end as st
       from generate_series(1, $1) r, generate_series(1, $2) w
     ) weeks`,
    [R, size.invoiceWeeks, today],
  );
  await pool.query(
    `insert into domain_events (type, restaurant_id, freelancer_id, payload, created_at)
     select 'job_updated', 1 + i % $1, 1 + i % $2, '{}'::jsonb, now() from generate_series(1, $3) i`,
    [R, F, size.events],
  );
  await pool.query(
    `insert into admins (email, name, password_hash) values ('bench@turno.local', 'Bench', 'unused')`,
  );
  await seedScreensOfTheLists(pool, size);
  await pool.query('analyze');
}

/**
 * What the other lists show: applications (three live ones on every fourth open vacancy, the
 * accepted one of each filled shift), ratings of a third of the completed shifts, 2,000 blocks,
 * strikes (every fifth appealed), check-in/out requests waiting, and 20,000 audit entries.
 */
async function seedScreensOfTheLists(pool: Pool, size: ReadsBenchSize): Promise<void> {
  const R = size.restaurants;
  const F = size.freelancers;
  await pool.query(
    `insert into applications (job_id, freelancer_id, status, message, applied_at, expires_at)
     select j.id, 1 + (j.id * k + k) % $1, 'pending', 'Tenho experiência', now() - interval '10 minutes',
       now() + interval '110 minutes'
     from jobs j, generate_series(1, 3) k
     where j.status = 'open' and j.id % 4 = 0 and j.date_needed >= current_date`,
    [F],
  );
  await pool.query(
    `insert into applications (job_id, freelancer_id, status, applied_at, expires_at, reviewed_at)
     select a.job_id, a.freelancer_id, 'accepted', now() - interval '3 days', now() - interval '2 days',
       now() - interval '3 days'
     from assignments a`,
  );
  await pool.query(
    `insert into ratings (assignment_id, rater_type, rating, comment)
     select a.id, 'restaurant', 1 + a.id % 5, case when a.id % 2 = 0 then 'Pontual e atencioso' end
     from assignments a where a.status = 'completed' and a.id % 3 = 0`,
  );
  await pool.query(
    `insert into ratings (assignment_id, rater_type, rating)
     select a.id, 'freelancer', 1 + a.id % 5 from assignments a where a.status = 'completed' and a.id % 6 = 0`,
  );
  await pool.query(
    `insert into blocks (freelancer_id, restaurant_id, blocked_by, block_reason)
     select 1 + i % $2, 1 + (i * 37) % $1, case when i % 3 = 0 then 'admin' else 'restaurant' end, 'Faltou'
     from generate_series(1, least($2, 2000)) i`,
    [R, F],
  );
  await pool.query(
    `insert into freelancer_strikes (freelancer_id, reason, created_at, expires_at, appeal_text, appealed_at,
       appeal_status)
     select 1 + i % $1, 'no_show', now() - (i || ' hours')::interval, now() + interval '90 days',
       case when i % 5 = 0 then 'Avisei o mercado' end, case when i % 5 = 0 then now() - interval '1 hour' end,
       case when i % 5 = 0 then 'pending' end
     from generate_series(1, 500) i`,
    [F],
  );
  await pool.query(
    `update assignments set checkin_requested_at = now() - interval '5 minutes'
     where status = 'assigned' and id % 50 = 0`,
  );
  await pool.query(
    `insert into audit_events (actor_kind, actor_id, action, outcome, status, target_type, target_id, details,
       request_id, created_at)
     select 'admin', (select min(id) from admins), 'POST /api/admin/restaurants/:id/approve',
       case when i % 10 = 0 then 'refused' else 'success' end, case when i % 10 = 0 then 409 else 200 end,
       'restaurants', (1 + i % $1)::text, '{}'::jsonb, 'bench-' || i, now() - (i || ' minutes')::interval
     from generate_series(1, 20000) i`,
    [R],
  );
}
