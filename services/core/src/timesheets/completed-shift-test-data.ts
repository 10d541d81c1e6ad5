import type { EntityManager } from '@mikro-orm/postgresql';
import type { Freelancer } from '../model';
import { insertRestaurant } from '../testing';
import { manualCheckIn, manualCheckOut } from '../assignments/assignments.service';
import {
  HOUR,
  MINUTE,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  insertEligibleFreelancer,
  insertTodayJob,
  NOW,
} from '../shared/test-kit';
import { assignFreelancer } from '../workflows/staffing.service';

/** NOW is 09:00 in Sao Paulo: `local(8)` is 08:00 of that day. */
export const local = (hour: number, minute = 0) => at((hour - 9) * HOUR + minute * MINUTE);

/**
 * Tests only: a shift of today 08:00–18:00 (R$ 189,00; R$ 150,00 to the freelancer in full), checked
 * in at 08:00 and out at `outHour` as an admin records it (its payout is created). The freelancer is
 * `freelancer`, or a new eligible "Carla Souza" (with `newFreelancer`'s fields).
 */
export async function insertCompletedShift(
  em: () => EntityManager,
  options: { outHour?: number; freelancer?: Freelancer; newFreelancer?: Partial<Freelancer> } = {},
) {
  const restaurant = await insertRestaurant(em());
  const freelancer =
    options.freelancer ??
    (await insertEligibleFreelancer(em(), { name: 'Carla Souza', ...options.newFreelancer }));
  const job = await insertTodayJob(em(), restaurant, {
    endTime: '18:00',
    workloadMinutes: 600,
    chargeCents: 18_900,
  });
  const { assignmentId } = await assignFreelancer(
    em(),
    admin,
    { jobId: job.id, freelancerId: freelancer.id },
    NOW,
  );
  await manualCheckIn(em(), admin, assignmentId, local(8));
  await manualCheckOut(em(), admin, assignmentId, local(options.outHour ?? 18));
  return {
    restaurant,
    freelancer,
    job,
    assignmentId,
    asBusiness: asRestaurant(restaurant),
    asWorker: asFreelancer(freelancer),
  };
}
