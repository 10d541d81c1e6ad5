/**
 * Shift confirmations and reminders (issue 26) through real workers, PostgreSQL and Redis: the
 * steps' delayed jobs are made when the business accepts (LISTEN on the job_assignment event),
 * survive a restart of the workers and fire on the new ones; the unconfirmed step releases or only
 * tells, as the business chose; a job left over from a cancelled shift does nothing.
 */
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import {
  Application,
  Assignment,
  Job,
  Restaurant,
  acceptApplication,
  type Actor,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import { insertJob, insertRestaurant, insertFreelancer, type TestDatabase } from '@turno/core/testing';
import {
  MS_PER_HOUR,
  MS_PER_MINUTE,
  saoPauloDate,
  saoPauloDateTimeToInstant,
  saoPauloTime,
} from '@turno/domain';
import { JOB_NAMES, type Queues } from './queues';
import { startWorkers } from './worker-process';
import { confirmationJobId } from './processors/shift-confirmations.processor';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  testQueuePrefix,
} from './testing/worker-test-env';

jest.setTimeout(60_000);

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
const prefix = testQueuePrefix('confirm');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});
afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

const em = () => db.orm.em.fork();
const read = (id: number) => em().findOneOrFail(Assignment, { id });

/** A whole-minute shift start about a day and a quarter of an hour from now (São Paulo wall clock). */
function shiftAboutADayAhead() {
  const minute =
    Math.ceil((Date.now() + 24 * MS_PER_HOUR + 15 * MS_PER_MINUTE) / MS_PER_MINUTE) * MS_PER_MINUTE;
  const start = new Date(minute);
  return { start, date: saoPauloDate(start), time: saoPauloTime(start) };
}

async function openShift(startAt: { date: string; time: string }, autoRelease = false) {
  const restaurant = await insertRestaurant(em(), { autoReleaseUnconfirmed: autoRelease });
  const freelancer = await insertFreelancer(em());
  const fork = em();
  const job = await insertJob(fork, restaurant, {
    dateNeeded: startAt.date,
    startTime: startAt.time,
    endTime: '23:59',
    status: 'open',
  });
  return { restaurant, freelancer, job, fork };
}

/** An allocated shift written directly (accepted `acceptedAt`), for the steps run by their jobs. */
async function allocatedShift(start: Date, options: { autoRelease?: boolean; acceptedAt: Date }) {
  const { freelancer, job, fork, restaurant } = await openShift(
    { date: saoPauloDate(start), time: saoPauloTime(start) },
    options.autoRelease,
  );
  job.status = 'assigned';
  fork.create(Application, {
    job,
    freelancer: freelancer.id,
    status: 'accepted',
    appliedAt: new Date(options.acceptedAt.getTime() - MS_PER_HOUR),
    expiresAt: start,
  });
  const assignment = fork.create(Assignment, {
    job,
    freelancer: freelancer.id,
    status: 'assigned',
    createdAt: options.acceptedAt,
  });
  await fork.flush();
  return { assignment, job, restaurant };
}

it('schedules the steps when the business accepts; the request fires on workers started after a restart', async () => {
  const shift = shiftAboutADayAhead();
  // The workers' clock: the request (24 h before the start) falls due 3 s after acceptance.
  const offset = shift.start.getTime() - 24 * MS_PER_HOUR - 3_000 - Date.now();
  const clock = () => new Date(Date.now() + offset);
  const { restaurant, freelancer, job, fork } = await openShift(shift);
  const application = fork.create(Application, {
    job,
    freelancer: freelancer.id,
    status: 'pending',
    appliedAt: new Date(),
    expiresAt: shift.start,
  });
  await fork.flush();

  const first = startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silentLogger,
    now: clock,
    confirmations: { listen: true },
  });
  let assignmentId: number;
  try {
    await first.payoutListener!.ready();
    const actor: Actor = {
      role: 'restaurant',
      userId: restaurant.user.id,
      restaurantId: restaurant.id,
      member: OWNER_MEMBERSHIP,
    };
    const accepted = await acceptApplication(em(), actor, application.id, clock());
    assignmentId = accepted.assignmentId;
    // The three steps wait in Redis, keyed by kind + assignment.
    await eventually(async () => (await queues.shiftConfirmations.getDelayedCount()) === 3);
    const request = await queues.shiftConfirmations.getJob(confirmationJobId('request', assignmentId));
    expect(request?.data).toEqual({ assignmentId, step: 'request' });
    expect(await queues.shiftConfirmations.getJob(confirmationJobId('reminder', assignmentId))).toBeDefined();
  } finally {
    await first.close();
  }
  expect((await read(assignmentId)).confirmationRequestedAt ?? null).toBeNull();

  // No sweep runs here (no schedulers registered): only the delayed job can take the step.
  const second = startWorkers({ orm: db.orm, connection, prefix, logger: silentLogger, now: clock });
  try {
    await eventually(async () => (await read(assignmentId)).confirmationRequestedAt != null);
    const request = await queues.shiftConfirmations.getJob(confirmationJobId('request', assignmentId));
    expect(await request?.isCompleted()).toBe(true);
    expect(request?.returnvalue).toMatchObject({ requested: 1 });
    // Scheduling again (the event heard twice) adds nothing: the ids exist.
    await queues.shiftConfirmations.add(JOB_NAMES.scheduleConfirmations, { assignmentIds: [assignmentId] });
    await eventually(async () => (await queues.shiftConfirmations.getCompletedCount()) === 2);
    expect(await queues.shiftConfirmations.getDelayedCount()).toBe(2);
  } finally {
    await second.close();
  }
  await queues.shiftConfirmations.obliterate({ force: true });
});

describe('the unconfirmed step (12 h before)', () => {
  const start = saoPauloDateTimeToInstant('2026-03-10', '07:00');
  const twelveBefore = new Date(start.getTime() - 12 * MS_PER_HOUR);
  const acceptedAt = new Date(start.getTime() - 48 * MS_PER_HOUR);

  it('releases the shift when the business chose it, and only tells the business otherwise', async () => {
    const auto = await allocatedShift(start, { autoRelease: true, acceptedAt });
    const notify = await allocatedShift(start, { acceptedAt });
    const workers = startWorkers({
      orm: db.orm,
      connection,
      prefix,
      logger: silentLogger,
      now: () => twelveBefore,
    });
    try {
      const jobs = await queues.shiftConfirmations.addBulk(
        [auto, notify].map(({ assignment }) => ({
          name: JOB_NAMES.confirmationStep,
          data: { assignmentId: assignment.id, step: 'unconfirmed' },
          opts: { jobId: confirmationJobId('unconfirmed', assignment.id) },
        })),
      );
      await eventually(async () => (await Promise.all(jobs.map((job) => job.isCompleted()))).every(Boolean));
      expect(await read(auto.assignment.id)).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'restaurant',
        releasedUnconfirmedAt: twelveBefore,
      });
      expect((await em().findOneOrFail(Job, { id: auto.job.id })).status).toBe('open');
      expect(await read(notify.assignment.id)).toMatchObject({
        status: 'assigned',
        unconfirmedAt: twelveBefore,
      });
      expect((await em().findOneOrFail(Job, { id: notify.job.id })).status).toBe('assigned');
      expect(
        (await em().findOneOrFail(Restaurant, { id: notify.restaurant.id })).autoReleaseUnconfirmed,
      ).toBe(false);
    } finally {
      await workers.close();
    }
  });

  it('does nothing when its job fires after the shift was cancelled (stale job)', async () => {
    const cancelled = await allocatedShift(start, { autoRelease: true, acceptedAt });
    await em().nativeUpdate(
      Assignment,
      { id: cancelled.assignment.id },
      { status: 'cancelled', cancelledBy: 'freelancer', cancelledAt: acceptedAt },
    );
    const workers = startWorkers({
      orm: db.orm,
      connection,
      prefix,
      logger: silentLogger,
      now: () => twelveBefore,
    });
    try {
      const stale = await Promise.all(
        (['request', 'unconfirmed', 'reminder'] as const).map((step) =>
          queues.shiftConfirmations.add(
            JOB_NAMES.confirmationStep,
            { assignmentId: cancelled.assignment.id, step },
            { jobId: confirmationJobId(step, cancelled.assignment.id) },
          ),
        ),
      );
      await eventually(async () => (await Promise.all(stale.map((job) => job.isCompleted()))).every(Boolean));
      for (const job of stale) {
        expect((await queues.shiftConfirmations.getJob(job.id!))?.returnvalue).toEqual({
          requested: 0,
          unconfirmed: 0,
          autoReleased: 0,
          reminded: 0,
        });
      }
      expect(await read(cancelled.assignment.id)).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'freelancer',
        confirmationRequestedAt: null,
        unconfirmedAt: null,
        releasedUnconfirmedAt: null,
      });
    } finally {
      await workers.close();
    }
  });
});
