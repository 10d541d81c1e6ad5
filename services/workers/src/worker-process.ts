import { Worker, type Job, type ConnectionOptions } from 'bullmq';
import type { Orm as MikroORM } from '@turno/core';
import { QUEUE_NAMES } from './queues';
import { processApplicationExpiry } from './processors/application-expiry.processor';
import { processInvoiceJob } from './processors/invoices.processor';
import { processMaintenanceJob } from './processors/maintenance.processor';
import { processShiftSweeps } from './processors/shift-sweeps.processor';

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
}

/** Starts one BullMQ worker per queue; each job runs with its own EntityManager fork. */
export function startWorkers(settings: WorkerSettings): { workers: Worker[]; close(): Promise<void> } {
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
  for (const worker of workers) {
    worker.on('completed', (job, result) =>
      settings.logger.info({ queue: worker.name, job: job.name, id: job.id, result }, 'job completed'),
    );
    worker.on('failed', (job, error) =>
      settings.logger.error({ queue: worker.name, job: job?.name, id: job?.id, err: error }, 'job failed'),
    );
  }
  return {
    workers,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.close()));
    },
  };
}
