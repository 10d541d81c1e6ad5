import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { startFakePsp, type FakePspOptions, type RunningFakePsp } from '@turno/fake-psp';
import { EfiPixProvider, type PspSettings } from '@turno/psp';
import { createQueues, type Queues } from '../queues';
import type { WorkerLogger } from '../worker-process';

/** A logger that says nothing (the tests read the state, not the logs). */
export const silentLogger: WorkerLogger = { info: () => undefined, error: () => undefined };

/** A Redis key prefix of the test's own (`turno-<name>-<8 hex>`): runs at the same time never share a queue. */
export function testQueuePrefix(name: string): string {
  return `turno-${name}-${randomBytes(4).toString('hex')}`;
}

/** What a worker test runs against: its own database, a Redis connection and the queues under its prefix. */
export interface WorkerTestEnv {
  db: TestDatabase;
  connection: Redis;
  queues: Queues;
  prefix: string;
}

/** A fresh database (migrated), a connection to `REDIS_URL` (BullMQ's settings) and the queues under `prefix`. */
export async function openWorkerTestEnv(prefix: string): Promise<WorkerTestEnv> {
  const db = await createTestDatabase();
  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  return { db, connection, queues: createQueues({ connection, prefix }), prefix };
}

/**
 * Removes what {@link openWorkerTestEnv} made: the queues' keys (obliterated), the connection, the
 * database. Whatever part a failed set-up did not make is skipped.
 */
export async function closeWorkerTestEnv(env: Partial<WorkerTestEnv>): Promise<void> {
  for (const queue of Object.values(env.queues ?? {})) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await env.connection?.quit();
  await env.db?.drop();
}

/** The client id, secret and key the fake PSP and its client share in the tests. */
const TEST_PSP = { clientId: 'client', clientSecret: 'secret', accountKey: 'pix@turno.dev' } as const;

/** The fake PSP (infra/fake-psp, over HTTP on a free port) and the Efí client the workers use against it. */
export interface TestPsp {
  fake: RunningFakePsp;
  provider: EfiPixProvider;
  /** The client's settings for this fake, with `overrides` (e.g. a shorter timeout for another client). */
  settings(overrides?: Partial<PspSettings>): PspSettings;
  close(): Promise<void>;
}

/** Starts the fake PSP with `options` and its client (a 5 s timeout and no rate limit unless `client` says). */
export async function startTestPsp(
  options: Omit<FakePspOptions, 'clientId' | 'clientSecret' | 'accountKey'> = {},
  client: Partial<PspSettings> = {},
): Promise<TestPsp> {
  const fake = await startFakePsp({ port: 0, ...TEST_PSP, ...options });
  const settings = (overrides: Partial<PspSettings> = {}): PspSettings => ({
    provider: 'efi',
    baseUrl: fake.url,
    ...TEST_PSP,
    webhookSecret: 'secret-of-the-test',
    webhookRequireSignature: true,
    timeoutMs: 5_000,
    rateLimitPerSecond: 0,
    ...client,
    ...overrides,
  });
  const provider = new EfiPixProvider(settings());
  return {
    fake,
    provider,
    settings,
    close: async () => {
      provider.close();
      await fake.close();
    },
  };
}
