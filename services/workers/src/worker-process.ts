import { Queue, Worker, type Job, type ConnectionOptions } from 'bullmq';
import type { Orm as MikroORM } from '@turno/core';
import type { PixProvider } from '@turno/psp';
import { JOB_NAMES, JOB_RETENTION, QUEUE_NAMES } from './queues';
import { processApplicationExpiry } from './processors/application-expiry.processor';
import { processInvoiceJob } from './processors/invoices.processor';
import { processMaintenanceJob } from './processors/maintenance.processor';
import { processShiftSweeps } from './processors/shift-sweeps.processor';
import { enqueuePayoutSends, processPayoutJob } from './processors/payouts.processor';
import { listenForPayouts, type PayoutListener } from './payout-listener';

export interface WorkerLogger {
  info(data: object, message: string): void;
  error(data: object, message: string): void;
}

export interface WorkerSettings {
  orm: MikroORM;
  connection: ConnectionOptions;
  prefix: string;
  logger: WorkerLogger;
  /** The clock; tests pass a controllable one. */
  now?: () => Date;
  /**
   * How long a job's lock lasts without renewal, and how often stalled jobs (their worker died)
   * are looked for and put back in the queue (BullMQ's 30 s by default).
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** The payouts' sender (issue 25); without it the payouts queue is not processed here. */
  payouts?: PayoutWorkerSettings;
}

export interface PayoutWorkerSettings {
  /** The PSP client (its own rate limiter off: the worker's limiter below paces the calls). */
  provider: Pick<PixProvider, 'sendPix' | 'getPixSend'>;
  /** Payouts handled at once (PAYOUT_SEND_CONCURRENCY, 16: at 300 ms per answer, enough for the 20/s rate limit). */
  concurrency?: number;
  /** Payout jobs started per second at most, across the workers of the queue (PSP_RATE_LIMIT_PER_SECOND; 0: none). */
  ratePerSecond?: number;
  /**
   * LISTEN to the domain events and enqueue a payout as soon as it is created or released (else
   * only the 15 s sweep does). `true`: on the ORM's database.
   */
  listen?: boolean | { connectionString: string };
}

/** PAYOUT_SEND_CONCURRENCY (default 16) and PSP_RATE_LIMIT_PER_SECOND (default 20; 0: no limit). */
export function payoutWorkerSettingsFromEnv(
  env: NodeJS.ProcessEnv,
): Required<Pick<PayoutWorkerSettings, 'concurrency' | 'ratePerSecond'>> {
  const whole = (name: string, fallback: number, min: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number ≥ ${min}, got "${raw}"`);
    return value;
  };
  return {
    concurrency: whole('PAYOUT_SEND_CONCURRENCY', 16, 1),
    ratePerSecond: whole('PSP_RATE_LIMIT_PER_SECOND', 20, 0),
  };
}

/** Starts one BullMQ worker per queue; each job runs with its own EntityManager fork. */
export function startWorkers(settings: WorkerSettings): {
  workers: Worker[];
  /** The payouts' LISTEN shortcut, when asked for (`payouts.listen`). */
  payoutListener: PayoutListener | null;
  close(): Promise<void>;
} {
  const now = settings.now ?? (() => new Date());
  const withFork =
    <T>(processor: (job: Job, em: ReturnType<MikroORM['em']['fork']>, now: Date) => Promise<T>) =>
    (job: Job) =>
      processor(job, settings.orm.em.fork(), now());
  const options = {
    connection: settings.connection,
    prefix: settings.prefix,
    concurrency: 2,
    ...(settings.lockDurationMs ? { lockDuration: settings.lockDurationMs } : {}),
    ...(settings.stalledIntervalMs ? { stalledInterval: settings.stalledIntervalMs } : {}),
  };
  const workers = [
    new Worker(QUEUE_NAMES.invoices, withFork(processInvoiceJob), { ...options, concurrency: 1 }),
    new Worker(QUEUE_NAMES.applicationExpiry, withFork(processApplicationExpiry), options),
    new Worker(QUEUE_NAMES.maintenance, withFork(processMaintenanceJob), { ...options, concurrency: 1 }),
    new Worker(QUEUE_NAMES.shiftSweeps, withFork(processShiftSweeps), { ...options, concurrency: 1 }),
  ];
  // The payouts' queue handle: the sweep enqueues sends on it, a PSP's 429 pauses it.
  const payoutQueue = settings.payouts
    ? new Queue(QUEUE_NAMES.payouts, {
        connection: settings.connection,
        prefix: settings.prefix,
        defaultJobOptions: JOB_RETENTION,
      })
    : null;
  if (settings.payouts && payoutQueue) {
    const { provider, concurrency = 4, ratePerSecond = 0 } = settings.payouts;
    const deps = { provider, queue: payoutQueue, logger: settings.logger };
    workers.push(
      new Worker(
        QUEUE_NAMES.payouts,
        (job: Job) => processPayoutJob(job, settings.orm.em.fork(), now(), deps),
        {
          ...options,
          concurrency,
          ...(ratePerSecond > 0 ? { limiter: { max: ratePerSecond, duration: 1000 } } : {}),
        },
      ),
    );
  }
  const listen = settings.payouts?.listen;
  const payoutListener =
    listen && payoutQueue
      ? listenForPayouts({
          connectionString:
            typeof listen === 'object'
              ? listen.connectionString
              : String(settings.orm.config.get('clientUrl')),
          onPayouts: (ids) =>
            enqueuePayoutSends(payoutQueue, settings.orm.em.fork(), ids, { onlyPending: true }),
          logger: settings.logger,
        })
      : null;
  for (const worker of workers) {
    worker.on('completed', (job, result) => {
      // The payouts' sweep runs every 15 s: logged only when it found something.
      if (job.name === JOB_NAMES.sweepPayouts && !foundAnything(result)) return;
      settings.logger.info({ queue: worker.name, job: job.name, id: job.id, result }, 'job completed');
    });
    worker.on('failed', (job, error) =>
      settings.logger.error({ queue: worker.name, job: job?.name, id: job?.id, err: error }, 'job failed'),
    );
  }
  return {
    workers,
    payoutListener,
    close: async () => {
      await payoutListener?.close();
      await Promise.all(workers.map((worker) => worker.close()));
      await payoutQueue?.close();
    },
  };
}

function foundAnything(result: unknown): boolean {
  return Object.values((result ?? {}) as Record<string, unknown>).some((value) => value !== 0);
}
