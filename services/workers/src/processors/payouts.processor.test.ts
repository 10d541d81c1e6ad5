/**
 * The payouts queue against real PostgreSQL, Redis and the fake PSP (infra/fake-psp, over HTTP):
 * a completed shift is paid at the PSP, and each payout is sent once whatever fails — a PSP that
 * times out after accepting, a worker that dies between the PSP's acceptance and the saved state,
 * jobs delivered twice, late outcomes, a Redis that lost the queue — while a refused key fails the
 * payout with its reason.
 */
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import {
  answerTimesheet,
  claimPayoutForSending,
  proposeTimesheet,
  recordPayoutOutcome,
  OWNER_MEMBERSHIP,
} from '@turno/core';
import {
  PAYEE_CPF as CPF,
  SHIFT_DAY_NOON,
  completedShiftWithPayout,
  payoutRow,
  type PayoutRow,
  type TestDatabase,
} from '@turno/core/testing';
import type { RunningFakePsp } from '@turno/fake-psp';
import { EfiPixProvider } from '@turno/psp';
import { JOB_NAMES, SEND_PAYOUT_JOB_OPTIONS, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import { enqueuePayoutSends, pixSendRequestOf } from './payouts.processor';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  startTestPsp,
  testQueuePrefix,
  type TestPsp,
} from '../testing/worker-test-env';

jest.setTimeout(60_000);

const silent = silentLogger;

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let fake: RunningFakePsp;
let provider: EfiPixProvider;
let pspSettings: TestPsp['settings'];
let closePsp: () => Promise<void>;
const prefix = testQueuePrefix('payouts');
/** The workers' clock: after the shifts; moved on to make `sending` payouts due for a check. */
let clock = new Date(SHIFT_DAY_NOON.getTime() + 6 * 3_600_000);

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  ({
    fake,
    provider,
    settings: pspSettings,
    close: closePsp,
  } = await startTestPsp({ settleAfterMs: 5 }, { timeoutMs: 2_000 }));
});

afterAll(async () => {
  await closePsp();
  await closeWorkerTestEnv({ db, connection, queues });
});

async function control(path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${fake.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const completedShift = (pixKey?: string | null) => completedShiftWithPayout(db, pixKey);
const payoutWhere = (column: 'id' | 'assignment_id', value: number) => payoutRow(db, column, value);
const payoutNow = (id: number) => payoutWhere('id', id);
/** How many times the PSP was asked to send this id (duplicates included). */
const sendRequests = (idempotencyId: string) =>
  fake.state.sendRequests.filter((id) => id === idempotencyId).length;

function startPayoutWorkers(overrides: { provider?: EfiPixProvider; concurrency?: number } = {}) {
  return startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silent,
    now: () => clock,
    payouts: {
      provider: overrides.provider ?? provider,
      concurrency: overrides.concurrency ?? 4,
      ratePerSecond: 50,
    },
  });
}

/** Until no payout job waits, runs or waits for a retry. */
async function drained(): Promise<void> {
  await eventually(async () => {
    const counts = await queues.payouts.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(counts).every((n) => n === 0);
  });
}

/** Runs one sweep job and waits for it and for the sends it enqueued. */
async function sweep(): Promise<void> {
  const job = await queues.payouts.add(JOB_NAMES.sweepPayouts, {});
  await eventually(async () => (await job.isCompleted()) === true);
  await drained();
}

/** Two minutes and a bit on: `sending` payouts become due for a check at the PSP. */
function afterTheCheckDelay() {
  clock = new Date(clock.getTime() + 3 * 60_000);
}

describe('payouts queue', () => {
  it('a completed shift is sent by the sweep and paid at the PSP: once, the check confirming it', async () => {
    const payout = await completedShift();
    const workers = startPayoutWorkers();
    try {
      await sweep();
      const sent = await payoutNow(payout.id);
      expect(sent.status).toBe('sending'); // the PSP answered EM_PROCESSAMENTO
      await fake.idle();
      afterTheCheckDelay();
      await sweep(); // no webhook here: the check reads the settled send
      const paid = await payoutNow(payout.id);
      const atPsp = fake.state.sends.get(payout.idempotencyId);
      expect(atPsp).toMatchObject({ status: 'REALIZADO', chave: 'bruna@example.com', cpf: CPF });
      expect(atPsp?.valor).toBe((payout.amountCents / 100).toFixed(2));
      expect(paid).toMatchObject({ status: 'paid', endToEndId: atPsp?.e2eId });
      expect(paid.paidAt).toEqual(new Date(atPsp!.liquidacao!));
      expect(sendRequests(payout.idempotencyId)).toBe(1);
      // Later sweeps and a repeated job change nothing and send nothing.
      await enqueuePayoutSends(queues.payouts, db.orm.em.fork(), [payout.id]);
      afterTheCheckDelay();
      await sweep();
      expect((await payoutNow(payout.id)).status).toBe('paid');
      expect(sendRequests(payout.idempotencyId)).toBe(1);
    } finally {
      await workers.close();
    }
  });

  it('with the LISTEN shortcut, a completion is sent at once: no sweep, no enqueue by hand', async () => {
    const workers = startWorkers({
      orm: db.orm,
      connection,
      prefix,
      logger: silent,
      now: () => clock,
      payouts: { provider, concurrency: 4, ratePerSecond: 50, listen: true },
    });
    try {
      await workers.payoutListener!.ready();
      const payout = await completedShiftWithPayout(db, undefined, { workersRunning: true });
      await eventually(async () => fake.state.sends.has(payout.idempotencyId));
      await drained();
      expect((await payoutNow(payout.id)).status).toBe('sending');
      expect(sendRequests(payout.idempotencyId)).toBe(1);
      // The payout's own changes (sending) are heard too and enqueue nothing: it is not pending.
      expect(await queues.payouts.getJobCounts('waiting', 'active', 'delayed')).toEqual({
        waiting: 0,
        active: 0,
        delayed: 0,
      });
    } finally {
      await workers.close();
    }
  });

  it('the PSP times out after accepting: the retry asks by id and does not send again', async () => {
    const payout = await completedShift();
    const slowToAnswer = new EfiPixProvider(pspSettings({ timeoutMs: 300 }));
    const workers = startPayoutWorkers({ provider: slowToAnswer });
    try {
      await control('timeout-after-accept', { count: 1 });
      await enqueuePayoutSends(queues.payouts, db.orm.em.fork(), [payout.id]);
      await eventually(async () => (await payoutNow(payout.id)).status === 'paid');
      expect(sendRequests(payout.idempotencyId)).toBe(1);
      expect(fake.state.sends.get(payout.idempotencyId)?.status).toBe('REALIZADO');
    } finally {
      await workers.close();
      slowToAnswer.close();
    }
  });

  it('a worker that died between "PSP accepted" and "state saved": the next run reads the send, sends nothing', async () => {
    const payout = await completedShift();
    // What the dead worker did: claimed (sending committed) and sent; then nothing was saved.
    const claim = await claimPayoutForSending(db.orm.em.fork(), payout.id, clock);
    expect(claim.action).toBe('send');
    if (claim.action !== 'send') return;
    const accepted = await provider.sendPix(pixSendRequestOf(claim.payout)!);
    expect(accepted.status).toBe('processing');
    expect((await payoutNow(payout.id)).status).toBe('sending');
    await fake.idle();

    // Restarted: its job delivered again (BullMQ found it stalled) and, later, the sweep's check.
    const workers = startPayoutWorkers();
    try {
      await enqueuePayoutSends(queues.payouts, db.orm.em.fork(), [payout.id]);
      await eventually(async () => (await payoutNow(payout.id)).status === 'paid');
      afterTheCheckDelay();
      await sweep();
      expect(await payoutNow(payout.id)).toMatchObject({ status: 'paid', endToEndId: accepted.endToEndId });
      expect(sendRequests(payout.idempotencyId)).toBe(1);
      expect(fake.state.sends.get(payout.idempotencyId)?.e2eId).toBe(accepted.endToEndId);
    } finally {
      await workers.close();
    }
  });

  it('duplicate jobs and late or repeated outcomes: one send, the final state kept', async () => {
    const payout = await completedShift();
    const workers = startPayoutWorkers();
    try {
      // The same payout's job delivered again (at-least-once), once while sending and once paid.
      const deliver = async (tag: string) => {
        await queues.payouts.add(
          JOB_NAMES.sendPayout,
          { payoutId: payout.id },
          { ...SEND_PAYOUT_JOB_OPTIONS, jobId: `${payout.idempotencyId}-${tag}` },
        );
        await drained();
      };
      await deliver('first');
      expect((await payoutNow(payout.id)).status).toBe('sending');
      await deliver('again'); // asks the PSP by id: processing or settled, nothing sent
      await fake.idle();
      afterTheCheckDelay();
      await sweep();
      await deliver('after-paid');
      const paid = await payoutNow(payout.id);
      expect(paid.status).toBe('paid');
      expect(sendRequests(payout.idempotencyId)).toBe(1);

      // Out of order: the "processing" answer and a "failed" arrive after "paid"; a "paid" twice.
      const em = () => db.orm.em.fork();
      const id = payout.idempotencyId;
      expect(await recordPayoutOutcome(em(), { idempotencyId: id, status: 'processing' }, clock)).toBe(
        'paid',
      );
      expect(
        await recordPayoutOutcome(
          em(),
          { idempotencyId: id, status: 'failed', failure: { reason: 'unknown' } },
          clock,
        ),
      ).toBe('paid');
      expect(
        await recordPayoutOutcome(
          em(),
          { idempotencyId: id, status: 'paid', endToEndId: 'E000', at: clock },
          clock,
        ),
      ).toBe('paid');
      expect(await payoutNow(payout.id)).toMatchObject({
        status: 'paid',
        endToEndId: paid.endToEndId,
        paidAt: paid.paidAt,
        failureReason: null,
      });
    } finally {
      await workers.close();
    }
  });

  it('Redis lost the queue with payouts in it: the sweep enqueues them again and each is sent once', async () => {
    const payouts = [await completedShift(), await completedShift(), await completedShift()];
    // Enqueued with no worker running, then the queue's keys are gone (a flushed or new Redis).
    await enqueuePayoutSends(
      queues.payouts,
      db.orm.em.fork(),
      payouts.map((p) => p.id),
    );
    expect(await queues.payouts.getWaitingCount()).toBe(3);
    const keys = await connection.keys(`${prefix}:${queues.payouts.name}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await connection.del(...keys);
    expect(await queues.payouts.getWaitingCount()).toBe(0);

    const workers = startPayoutWorkers();
    try {
      await sweep();
      await fake.idle();
      afterTheCheckDelay();
      await sweep();
      for (const payout of payouts) {
        expect((await payoutNow(payout.id)).status).toBe('paid');
        expect(sendRequests(payout.idempotencyId)).toBe(1);
      }
    } finally {
      await workers.close();
    }
  });

  it('a key that cannot be sent fails without calling the PSP; a key the PSP refuses fails with its reason', async () => {
    const noKey = await completedShift(null);
    const refused = await completedShift('carla@example.com');
    await control('fail-sends', {
      count: 1,
      status: 400,
      nome: 'chave_invalida',
      mensagem: 'Chave Pix inválida',
    });
    const workers = startPayoutWorkers();
    try {
      await enqueuePayoutSends(queues.payouts, db.orm.em.fork(), [noKey.id]);
      await eventually(async () => (await payoutNow(noKey.id)).status === 'failed');
      expect(await payoutNow(noKey.id)).toMatchObject({ status: 'failed', failureReason: 'invalid_key' });
      expect(sendRequests(noKey.idempotencyId)).toBe(0);

      await enqueuePayoutSends(queues.payouts, db.orm.em.fork(), [refused.id]);
      await eventually(async () => (await payoutNow(refused.id)).status === 'failed');
      expect(await payoutNow(refused.id)).toMatchObject({
        status: 'failed',
        failureReason: 'invalid_key',
        failureCode: 'chave_invalida',
      });
      expect(sendRequests(refused.idempotencyId)).toBe(1);
      // Failed is final for that id: a later sweep sends nothing.
      afterTheCheckDelay();
      await sweep();
      expect(sendRequests(refused.idempotencyId)).toBe(1);
    } finally {
      await workers.close();
    }
  });

  it('the PSP rate limits (429): the queue waits its Retry-After and every payout is still sent once', async () => {
    const payouts: PayoutRow[] = [];
    for (let i = 0; i < 6; i++) payouts.push(await completedShift());
    // Stricter than the worker's own limiter: 4 requests a second (a job makes at most 2 at a time).
    await control('rate-limit', { perSecond: 4 });
    const workers = startPayoutWorkers({ concurrency: 2 });
    try {
      await enqueuePayoutSends(
        queues.payouts,
        db.orm.em.fork(),
        payouts.map((p) => p.id),
      );
      await eventually(async () => payouts.every((p) => fake.state.sends.has(p.idempotencyId)));
      await drained();
      await control('rate-limit', { perSecond: 0 });
      await fake.idle();
      afterTheCheckDelay();
      await sweep();
      for (const payout of payouts) {
        expect((await payoutNow(payout.id)).status).toBe('paid');
        expect(sendRequests(payout.idempotencyId)).toBe(1);
      }
    } finally {
      await control('rate-limit', { perSecond: 0 });
      await workers.close();
    }
  });

  it('a timesheet raised after the payout was paid: the worker sends the complement under its own id, once', async () => {
    const payout = await completedShift();
    const [shift] = await db.orm.em
      .fork()
      .getConnection()
      .execute<
        {
          assignment_id: number;
          freelancer_id: number;
          f_user: number;
          restaurant_id: number;
          r_user: number;
        }[]
      >(
        `select p.assignment_id, p.freelancer_id, f.user_id as f_user, r.id as restaurant_id, r.user_id as r_user
         from payouts p join freelancers f on f.id = p.freelancer_id join assignments a on a.id = p.assignment_id
           join jobs j on j.id = a.job_id join restaurants r on r.id = j.restaurant_id where p.id = ?`,
        [payout.id],
      );
    const asWorker = {
      role: 'freelancer' as const,
      freelancerId: shift!.freelancer_id,
      userId: shift!.f_user,
    };
    const asBusiness = {
      role: 'restaurant' as const,
      restaurantId: shift!.restaurant_id,
      userId: shift!.r_user,
      member: OWNER_MEMBERSHIP,
    };
    const at = (hour: number) => new Date(Date.UTC(2026, 2, 2, hour + 3)); // São Paulo hour on the shift's day
    const settle = async (by: typeof asWorker | typeof asBusiness, outHour: number, when: number) => {
      const other = by.role === 'freelancer' ? asBusiness : asWorker;
      const proposal = await proposeTimesheet(
        db.orm.em.fork(),
        by,
        shift!.assignment_id,
        { checkInAt: at(8), checkOutAt: at(outHour), reason: 'Horário corrigido do turno' },
        at(when),
      );
      await answerTimesheet(db.orm.em.fork(), other, proposal.proposalId, { accept: true }, at(when));
    };
    // Cut to 08:00–11:00 before it was sent: the payout itself is halved.
    await settle(asBusiness, 11, 15);
    const halved = await payoutNow(payout.id);
    expect(halved.amountCents).toBe(payout.amountCents / 2);
    const workers = startPayoutWorkers();
    try {
      await sweep();
      await fake.idle();
      afterTheCheckDelay();
      await sweep();
      expect(await payoutNow(payout.id)).toMatchObject({ status: 'paid', amountCents: halved.amountCents });
      expect(fake.state.sends.get(payout.idempotencyId)?.valor).toBe((halved.amountCents / 100).toFixed(2));

      // Raised back to 08:00–14:00 once it was paid: a complement of the difference.
      await settle(asWorker, 14, 16);
      const rows = await db.orm.em
        .fork()
        .getConnection()
        .execute<{ id: number }[]>(`select id from payouts where assignment_id = ? and kind = 'complement'`, [
          shift!.assignment_id,
        ]);
      expect(rows).toHaveLength(1);
      const complement = await payoutNow(rows[0]!.id);
      expect(complement).toMatchObject({ status: 'pending', amountCents: payout.amountCents / 2 });
      expect(complement.idempotencyId).toMatch(/^TURNOREPASSE\d{16}C000$/);
      await sweep();
      await fake.idle();
      afterTheCheckDelay();
      await sweep();
      expect((await payoutNow(complement.id)).status).toBe('paid');
      expect(fake.state.sends.get(complement.idempotencyId)).toMatchObject({
        status: 'REALIZADO',
        valor: (complement.amountCents / 100).toFixed(2),
      });
      expect(sendRequests(complement.idempotencyId)).toBe(1);
      expect(sendRequests(payout.idempotencyId)).toBe(1);
      // Later sweeps send nothing more.
      afterTheCheckDelay();
      await sweep();
      expect(sendRequests(complement.idempotencyId)).toBe(1);
    } finally {
      await workers.close();
    }
  });
});
