/**
 * "Chamar de novo" (issue 26) through real workers, PostgreSQL and Redis: when the invitations are
 * made, the workers hear their event and make one delayed job keyed by the vacancy at the window's
 * end; when it fires, a freelancer who was not invited gets a new list version (one event for every
 * freelancer), so their "Vagas" stops answering 304 and shows the vacancy.
 */
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import { createJobsWithInvitations, type Actor, OWNER_MEMBERSHIP } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '@turno/core/testing';
import { MS_PER_HOUR, saoPauloDate } from '@turno/domain';
import type { Queues } from './queues';
import { startWorkers } from './worker-process';
import { invitationWindowJobId } from './processors/shift-confirmations.processor';
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
const prefix = testQueuePrefix('invwin');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
});
afterAll(async () => {
  await closeWorkerTestEnv({ db, connection, queues });
});

const em = () => db.orm.em.fork();
/** The freelancer's list version as their BFF reads it (their events and those for every freelancer). */
const versionOf = async (freelancerId: number) =>
  Number(
    (
      await em()
        .getConnection()
        .execute<{ v: string | null }[]>(
          'select max(id) as v from domain_events where freelancer_id = ? or all_freelancers',
          [freelancerId],
        )
    )[0]!.v ?? 0,
  );

it("records the window's end at exclusive_until through the vacancy's delayed job", async () => {
  const store = await insertRestaurant(em());
  const invitee = await insertFreelancer(em());
  const outsider = await insertFreelancer(em());
  const past = await insertJob(em(), store, { dateNeeded: '2026-01-05', status: 'completed' });
  await insertCompletedAssignment(em(), past, invitee);

  const workers = startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silentLogger,
    confirmations: { listen: true },
  });
  try {
    await workers.payoutListener!.ready();
    // A 2-hour window asked 2 hours minus 3 seconds ago: it ends 3 seconds from now.
    const madeAt = new Date(Date.now() - 2 * MS_PER_HOUR + 3_000);
    const actor: Actor = {
      role: 'restaurant',
      userId: store.user.id,
      restaurantId: store.id,
      member: OWNER_MEMBERSHIP,
    };
    const { jobIds } = await createJobsWithInvitations(
      em(),
      actor,
      {
        positionType: 'Estoquista',
        dates: [saoPauloDate(new Date(Date.now() + 3 * 24 * MS_PER_HOUR))],
        workload: 6,
        startTime: '08:00',
        quantity: 1,
        inviteFreelancerIds: [invitee.id],
        exclusiveHours: 2,
      },
      madeAt,
    );
    const jobId = jobIds[0]!;
    const before = await versionOf(outsider.id);

    // The delayed job, keyed by the vacancy, made when the invitation's event was heard.
    await eventually(
      async () => (await queues.shiftConfirmations.getJob(invitationWindowJobId(jobId))) != null,
    );
    const job = await queues.shiftConfirmations.getJob(invitationWindowJobId(jobId));
    expect(job?.data).toEqual({ jobId });

    await eventually(async () => (await job!.isCompleted()) && (await versionOf(outsider.id)) > before);
    const [event] = await em()
      .getConnection()
      .execute<{ type: string; payload: { change: string; jobIds: number[] } }[]>(
        'select type, payload from domain_events where all_freelancers order by id desc limit 1',
      );
    expect(event?.type).toBe('job_updated');
    expect(event?.payload).toMatchObject({ change: 'invitation_window_ended', jobIds: [jobId] });
  } finally {
    await workers.close();
  }
});
