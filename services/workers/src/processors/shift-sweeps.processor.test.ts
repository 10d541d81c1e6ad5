import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { Assignment, type Job as JobEntity } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant, type TestDatabase } from '@turno/core/testing';
import { saoPauloDateTimeToInstant } from '@turno/domain';
import { JOB_NAMES, SCHEDULES, registerSchedules, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  testQueuePrefix,
  silentLogger,
} from '../testing/worker-test-env';

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
const prefix = testQueuePrefix('test');
const silent = silentLogger;
/** Nothing of issue 26's confirmation steps is due in these shifts (they started long ago). */
const NO_CONFIRMATION_STEPS = { requested: 0, unconfirmed: 0, autoReleased: 0, reminded: 0 };

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});

afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

/** Shifts on 2026-03-10, 08:00–16:00 São Paulo. */
const DATE = '2026-03-10';
const START = saoPauloDateTimeToInstant(DATE, '08:00');
const END = saoPauloDateTimeToInstant(DATE, '16:00');

async function allocated(fields: Partial<Assignment>): Promise<number> {
  const em = db.em.fork();
  const restaurant = await insertRestaurant(em);
  const freelancer = await insertFreelancer(em);
  const job = await insertJob(em, restaurant, {
    dateNeeded: DATE,
    startTime: '08:00',
    endTime: '16:00',
    workloadMinutes: 480,
    chargeCents: 20_000,
    status: 'assigned',
  });
  const assignment = em.create(Assignment, { job, freelancer, status: 'assigned', ...fields });
  await em.flush();
  return assignment.id;
}

describe('shift-sweeps queue', () => {
  it('sweeps the shifts every minute, scheduled once however often it starts', async () => {
    await registerSchedules(queues);
    await registerSchedules(queues);
    const schedulers = await queues.shiftSweeps.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.pattern, s.tz])).toEqual([
      [SCHEDULES.sweepShifts.id, '* * * * *', 'America/Sao_Paulo'],
    ]);
  });

  it('releases the no-shows, closes the forgotten check-outs and accepts unanswered timesheets at its clock; a second delivery changes nothing', async () => {
    const noShow = await allocated({});
    const forgotten = await allocated({ status: 'in_progress', checkInAt: START });
    const corrected = await allocated({
      status: 'completed',
      checkInAt: START,
      checkOutAt: END,
      completedAt: END,
      restaurantChargeCents: 20_000,
      freelancerPayoutCents: 16_000,
      commissionCents: 4_000,
    });
    // The clock: the day after, 24 h after the shifts' end.
    const now = new Date(END.getTime() + 24 * 3_600_000);
    // A correction to 08:00–12:00 proposed by the freelancer, unanswered for 24 h at that clock.
    await db.em.getConnection().execute(
      `insert into timesheet_proposals (assignment_id, proposed_by, proposed_by_user_id, check_in_at, check_out_at, reason, answer_deadline)
       values (?, 'freelancer', 1, ?, ?, 'Saí ao meio-dia', ?)`,
      [corrected, START, new Date(START.getTime() + 4 * 3_600_000), now],
    );
    const workers = startWorkers({ orm: db.orm, connection, prefix, logger: silent, now: () => now });
    try {
      const sweep = await queues.shiftSweeps.add(JOB_NAMES.sweepShifts, {});
      await eventually(async () => (await sweep.isCompleted()) === true);
      expect((await queues.shiftSweeps.getJob(sweep.id!))?.returnvalue).toEqual({
        noShows: 1,
        closedCheckOuts: 1,
        acceptedTimesheets: 1,
        ...NO_CONFIRMATION_STEPS,
        windowsEnded: 0,
      });
      const em = db.em.fork();
      expect(await em.findOneOrFail(Assignment, { id: noShow })).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'no_show',
      });
      const closed = await em.findOneOrFail(Assignment, { id: forgotten }, { populate: ['job'] });
      expect(closed).toMatchObject({ status: 'completed', checkOutMethod: 'scheduled_end', checkOutAt: END });
      expect((closed.job.$ as JobEntity).status).toBe('completed');

      const again = await queues.shiftSweeps.add(JOB_NAMES.sweepShifts, {});
      await eventually(async () => (await again.isCompleted()) === true);
      expect((await queues.shiftSweeps.getJob(again.id!))?.returnvalue).toEqual({
        noShows: 0,
        closedCheckOuts: 0,
        acceptedTimesheets: 0,
        ...NO_CONFIRMATION_STEPS,
        windowsEnded: 0,
      });
      expect(await db.em.fork().findOneOrFail(Assignment, { id: corrected })).toMatchObject({
        paidMinutes: 240,
        restaurantChargeCents: 10_000,
        freelancerPayoutCents: 8_000,
      });
    } finally {
      await workers.close();
    }
  });
});
