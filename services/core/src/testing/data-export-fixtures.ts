import type { EntityManager } from '@mikro-orm/postgresql';
import { insertFreelancer, insertRestaurant } from './fixtures';

/**
 * A freelancer with a history, written set-based (one statement per table, generate_series): `shifts`
 * completed shifts at one store, each with its vacancy, its accepted application, a check-in with
 * its distance, a rating each way and a paid payout; plus one pending application. For the data
 * export's tests, its benchmark (5,000 shifts) and the e2e. Answers the people's ids.
 */
export async function insertFreelancerWithHistory(
  em: EntityManager,
  { shifts, name = 'Helena Exportação' }: { shifts: number; name?: string },
): Promise<{ userId: number; freelancerId: number; restaurantId: number; restaurantUserId: number }> {
  const restaurant = await insertRestaurant(em.fork());
  const freelancer = await insertFreelancer(em.fork(), {
    name,
    cpf: '52998224725',
    pixKey: 'helena@pix.example',
  });
  const connection = em.getConnection();
  await connection.execute(
    `with days as (
       select n, date '2025-01-01' + (n % 700) as day from generate_series(1, ?) as n
     ), new_jobs as (
       insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
       select ?, 'Operador de Caixa ' || n, 'Operador de Caixa', day, '08:00', '14:00', 360, 14900, 'completed' from days
       returning id, date_needed
     ), new_applications as (
       insert into applications (job_id, freelancer_id, status, message, applied_at, expires_at, reviewed_at)
       select id, ?, 'accepted', 'Tenho experiência em caixa.', date_needed - 3, date_needed - 1, date_needed - 2 from new_jobs
       returning job_id
     )
     insert into assignments (job_id, freelancer_id, status, check_in_at, check_in_method, check_in_distance_m, check_out_at,
                              check_out_method, restaurant_charge_cents, freelancer_payout_cents, commission_cents, completed_at)
     select j.id, ?, 'completed', j.date_needed + time '11:00', 'geofence', 35, j.date_needed + time '17:00', 'manager',
            14900, 12000, 2900, j.date_needed + time '17:00'
       from new_jobs j`,
    [shifts, restaurant.id, freelancer.id, freelancer.id],
  );
  await connection.execute(
    `insert into ratings (assignment_id, rater_type, rating, comment)
     select s.id, kind, 5, case kind when 'restaurant' then 'Pontual e atenciosa.' else 'Equipe acolhedora.' end
       from assignments s cross join (values ('restaurant'), ('freelancer')) as kinds(kind) where s.freelancer_id = ?`,
    [freelancer.id],
  );
  await connection.execute(
    `insert into payouts (assignment_id, freelancer_id, amount_cents, idempotency_id, status, pix_key, payee_name, payee_cpf, paid_at)
     select s.id, s.freelancer_id, 12000, 'export-' || s.id, 'paid', 'helena@pix.example', ?, '52998224725', s.completed_at + interval '1 hour'
       from assignments s where s.freelancer_id = ?`,
    [name, freelancer.id],
  );
  await connection.execute(
    `with job as (
       insert into jobs (restaurant_id, title, position_type, date_needed, start_time, end_time, workload_minutes, charge_cents, status)
       values (?, 'Repositor', 'Repositor', date '2027-01-04', '08:00', '14:00', 360, 14900, 'open') returning id
     )
     insert into applications (job_id, freelancer_id, status, message, applied_at, expires_at)
     select id, ?, 'pending', 'Posso cobrir o turno.', now(), now() + interval '2 days' from job`,
    [restaurant.id, freelancer.id],
  );
  return {
    userId: freelancer.user.id,
    freelancerId: freelancer.id,
    restaurantId: restaurant.id,
    restaurantUserId: restaurant.user.id,
  };
}
