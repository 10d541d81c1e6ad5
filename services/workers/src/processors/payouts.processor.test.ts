/**
 * The payouts queue against real PostgreSQL, Redis and the fake PSP (infra/fake-psp, over HTTP):
 * a completed shift is paid at the PSP, and each payout is sent once whatever fails — a PSP that
 * times out after accepting, a worker that dies between the PSP's acceptance and the saved state,
 * jobs delivered twice, late outcomes, a Redis that lost the queue — while a refused key fails the
 * payout with its reason.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { claimPayoutForSending, recordPayoutOutcome } from '@turno/core';
import {
  PAYEE_CPF as CPF,
  SHIFT_DAY_NOON,
  completedShiftWithPayout,
  payoutRow,
  type PayoutRow,
  createTestDatabase,
  type TestDatabase,
} from '@turno/core/testing';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { EfiPixProvider, type PspSettings } from '@turno/psp';
import { JOB_NAMES, SEND_PAYOUT_JOB_OPTIONS, createQueues, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import { enqueuePayoutSends, pixSendRequestOf } from './payouts.processor';

jest.setTimeout(60_000);

const silent = { info: () => undefined, error: () => undefined };

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let fake: RunningFakePsp;
let provider: EfiPixProvider;
const prefix = `turno-payouts-${randomBytes(4).toString('hex')}`;
/** The workers' clock: after the shifts; moved on to make `sending` payouts due for a check. */
let clock = new Date(SHIFT_DAY_NOON.getTime() + 6 * 3_600_000);

function pspSettings(overrides: Partial<PspSettings> = {}): PspSettings {
  return {
    provider: 'efi',
    baseUrl: fake.url,
    clientId: 'client',
    clientSecret: 'secret',
    accountKey: 'pix@turno.dev',
    webhookSecret: 'secret-of-the-test',
    webhookRequireSignature: true,
    timeoutMs: 2_000,
    rateLimitPerSecond: 0,
    ...overrides,
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  queues = createQueues({ connection, prefix });
  fake = await startFakePsp({ port: 0, clientId: 'client', clientSecret: 'secret', settleAfterMs: 5 });
  provider = new EfiPixProvider(pspSettings());
});

afterAll(async () => {
  provider.close();
  await fake.close();
  await Promise.all(Object.values(queues).map((queue) => queue.obliterate({ force: true })));
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
  await connection.quit();
  await db.drop();
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

async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
      const payout = await completedShift();
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
      await eventually(async () => payouts.every((p) => fake.state.sends.has(p.idempotencyId)), 30_000);
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
});
