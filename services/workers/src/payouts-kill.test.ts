/**
 * The worker process (main.ts, a real child process) SIGKILLed after the PSP accepted a payout's
 * send and before the outcome was saved, then started again: the payout is paid and the PSP was
 * asked to send it once. The fake PSP accepts the send and never answers it (timeout after
 * accepting), so the kill lands exactly between "PSP accepted" and "state saved".
 */
import { eventually } from '@turno/server-runtime/testing';
import type { ChildProcess } from 'node:child_process';
import type { Redis } from 'ioredis';
import { completedShiftWithPayout, payoutRow, type TestDatabase } from '@turno/core/testing';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import type { Queues } from './queues';
import { startWorkerProcess } from './testing/worker-process';
import { closeWorkerTestEnv, openWorkerTestEnv, testQueuePrefix } from './testing/worker-test-env';

jest.setTimeout(120_000);

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let fake: RunningFakePsp;
const prefix = testQueuePrefix('payout-kill');
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  fake = await startFakePsp({ port: 0, settleAfterMs: 5 });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await fake.close();
  await closeWorkerTestEnv({ db, connection, queues });
});

async function startWorker(): Promise<ChildProcess> {
  const child = await startWorkerProcess({
    DATABASE_URL: db.url,
    QUEUE_PREFIX: prefix,
    PSP_BASE_URL: fake.url,
    // The PSP's silence lasts longer than the test: only the kill ends the first attempt.
    PSP_TIMEOUT_MS: '60000',
    WORKER_LOCK_DURATION_MS: '4000',
    WORKER_STALLED_INTERVAL_MS: '1000',
  });
  children.push(child);
  return child;
}

it('SIGKILL between "PSP accepted" and "state saved", restart: paid, sent once', async () => {
  await fetch(`${fake.url}/__control/timeout-after-accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 1 }),
  });
  const worker = await startWorker();
  // The completion is heard (LISTEN) and sent; the PSP accepts it and says nothing.
  const payout = await completedShiftWithPayout(db, undefined, { workersRunning: true });
  await eventually(() => fake.state.sends.has(payout.idempotencyId));
  expect((await payoutRow(db, 'id', payout.id)).status).toBe('sending');
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
  expect((await payoutRow(db, 'id', payout.id)).status).toBe('sending');

  // Started again: BullMQ finds the dead worker's job stalled and runs it again; the claim says
  // "check", the PSP is asked by id and the settled send is recorded.
  const restarted = await startWorker();
  await eventually(async () => (await payoutRow(db, 'id', payout.id)).status === 'paid');
  restarted.kill('SIGTERM');
  const paid = await payoutRow(db, 'id', payout.id);
  expect(paid.endToEndId).toBe(fake.state.sends.get(payout.idempotencyId)?.e2eId);
  expect(fake.state.sendRequests.filter((id) => id === payout.idempotencyId)).toHaveLength(1);
});
