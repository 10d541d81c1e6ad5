import { Queue, Worker, type Job, type ConnectionOptions } from 'bullmq';
import { photoStorage, type Orm as MikroORM, type PhotoStorage } from '@turno/core';
import type { PixProvider } from '@turno/psp';
import { JOB_NAMES, JOB_RETENTION, QUEUE_NAMES, SCAN_NOTIFICATIONS_JOB_OPTIONS } from './queues';
import { processApplicationExpiry } from './processors/application-expiry.processor';
import { processInvoiceJob } from './processors/invoices.processor';
import { processMaintenanceJob } from './processors/maintenance.processor';
import { processShiftSweeps } from './processors/shift-sweeps.processor';
import { enqueuePayoutSends, processPayoutJob } from './processors/payouts.processor';
import { listenForPayouts, type PayoutListener } from './payout-listener';
import { enqueueInvoiceChargesOf, processInvoiceChargeJob } from './processors/invoice-charges.processor';
import { processNotificationJob } from './processors/notifications.processor';
import {
  processShiftConfirmationJob,
  scheduleInvitationWindowEnds,
} from './processors/shift-confirmations.processor';
import { processDataExportJob } from './processors/data-exports.processor';
import type { NotificationChannel } from './notifications/channels';

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
  /** Invoices' Pix charges at the PSP (issue 25); without it the invoice-charges queue is not processed here. */
  invoiceCharges?: InvoiceChargeWorkerSettings;
  /** In-app notifications (issue 26); without it the notifications queue is not processed here. */
  notifications?: NotificationWorkerSettings;
  /**
   * Shift confirmations and reminders (issue 26; the queue is always processed): LISTEN to the
   * `job_assignment` events and schedule an accepted shift's steps at once (else the every-minute
   * shift sweep takes them when due), and the invitations' `job_invitation` events to schedule
   * each vacancy's window end (else the sweep records it within a minute). `true`: on the ORM's database.
   */
  confirmations?: { listen?: boolean | { connectionString: string } };
  /** Data exports (issue 27): where their ZIPs are stored (default: the photo storage of the environment). */
  dataExports?: { storage?: PhotoStorage };
}

export interface NotificationWorkerSettings {
  /** Jobs handled at once (default 8). */
  concurrency?: number;
  /** Channels beyond the in-app centre (web push, e-mail, WhatsApp: not built yet). */
  channels?: readonly NotificationChannel[];
  /**
   * LISTEN to the domain events and scan at once when one may notify someone (else only the 5 s
   * scan does). `true`: on the ORM's database.
   */
  listen?: boolean | { connectionString: string };
}

export interface InvoiceChargeWorkerSettings {
  provider: Pick<PixProvider, 'createDueCharge' | 'getDueCharge' | 'cancelDueCharge'>;
  /** Charges handled at once (default 4). */
  concurrency?: number;
  /** Jobs started per second at most across the queue's workers (0: none). */
  ratePerSecond?: number;
  /**
   * LISTEN to the domain events and enqueue an invoice's charges as soon as it is paid by hand,
   * issued, or its charge marked for cancelling (else only the 15 s sweep does). `true`: on the ORM's
   * database.
   */
  listen?: boolean | { connectionString: string };
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
  /** The LISTEN shortcut of the payouts and the invoice charges, when asked for (`payouts.listen`, `invoiceCharges.listen`). */
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
    new Worker(
      QUEUE_NAMES.dataExports,
      (job: Job) =>
        processDataExportJob(job, settings.orm.em.fork(), now(), {
          storage: settings.dataExports?.storage ?? photoStorage(),
          logger: settings.logger,
        }),
      { ...options, concurrency: 1 },
    ),
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
  const chargeQueue = settings.invoiceCharges
    ? new Queue(QUEUE_NAMES.invoiceCharges, {
        connection: settings.connection,
        prefix: settings.prefix,
        defaultJobOptions: JOB_RETENTION,
      })
    : null;
  if (settings.invoiceCharges && chargeQueue) {
    const { provider, concurrency = 4, ratePerSecond = 0 } = settings.invoiceCharges;
    const deps = { provider, queue: chargeQueue, logger: settings.logger };
    workers.push(
      new Worker(
        QUEUE_NAMES.invoiceCharges,
        (job: Job) => processInvoiceChargeJob(job, settings.orm.em.fork(), now(), deps),
        {
          ...options,
          concurrency,
          ...(ratePerSecond > 0 ? { limiter: { max: ratePerSecond, duration: 1000 } } : {}),
        },
      ),
    );
  }
  if (chargeQueue) {
    // A billing run (weekly, an admin's) issued charges: sweep them now rather than within 15 s.
    workers[0]!.on('completed', (job) => {
      if (job.name === JOB_NAMES.markOverdueInvoices) return;
      chargeQueue.add(JOB_NAMES.sweepInvoiceCharges, {}, JOB_RETENTION).catch((error: unknown) => {
        settings.logger.error(
          { err: error },
          'invoice charges not swept after billing (the 15 s sweep will)',
        );
      });
    });
  }
  // The notifications' cursor is a PostgreSQL row (core fanOutNotifications): no Redis state of its own.
  const notificationQueue = settings.notifications
    ? new Queue(QUEUE_NAMES.notifications, {
        connection: settings.connection,
        prefix: settings.prefix,
        defaultJobOptions: JOB_RETENTION,
      })
    : null;
  if (settings.notifications && notificationQueue) {
    const deps = {
      queue: notificationQueue,
      channels: settings.notifications.channels,
      // Quiet hours read this clock (tests fix it).
      now,
    };
    workers.push(
      new Worker(
        QUEUE_NAMES.notifications,
        (job: Job) => processNotificationJob(job, settings.orm.em.fork(), deps),
        { ...options, concurrency: settings.notifications.concurrency ?? 8 },
      ),
    );
  }
  // Shift confirmations (issue 26): its queue handle schedules the steps' delayed jobs.
  const confirmationQueue = new Queue(QUEUE_NAMES.shiftConfirmations, {
    connection: settings.connection,
    prefix: settings.prefix,
    defaultJobOptions: JOB_RETENTION,
  });
  workers.push(
    new Worker(
      QUEUE_NAMES.shiftConfirmations,
      (job: Job) =>
        processShiftConfirmationJob(job, settings.orm.em.fork(), now(), { queue: confirmationQueue }),
      options,
    ),
  );
  const listenConfirmations = settings.confirmations?.listen;
  const listenPayouts = payoutQueue ? settings.payouts?.listen : undefined;
  const listenCharges = chargeQueue ? settings.invoiceCharges?.listen : undefined;
  const listenNotifications = notificationQueue ? settings.notifications?.listen : undefined;
  const listen = listenPayouts || listenCharges || listenNotifications || listenConfirmations;
  const payoutListener = listen
    ? listenForPayouts({
        connectionString:
          typeof listen === 'object' ? listen.connectionString : String(settings.orm.config.get('clientUrl')),
        ...(listenPayouts && payoutQueue
          ? {
              onPayouts: (ids: number[]) =>
                enqueuePayoutSends(payoutQueue, settings.orm.em.fork(), ids, { onlyPending: true }),
            }
          : {}),
        ...(listenCharges && chargeQueue
          ? {
              onInvoices: (ids: number[]) =>
                enqueueInvoiceChargesOf(chargeQueue, settings.orm.em.fork(), ids, now()),
            }
          : {}),
        ...(listenNotifications && notificationQueue
          ? {
              onNotifying: () =>
                notificationQueue.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS),
            }
          : {}),
        ...(listenConfirmations
          ? {
              onAssignments: (ids: number[]) =>
                confirmationQueue.addBulk(
                  chunksOf(ids, 1000).map((assignmentIds) => ({
                    name: JOB_NAMES.scheduleConfirmations,
                    data: { assignmentIds },
                    opts: JOB_RETENTION,
                  })),
                ),
              // "Chamar de novo" (issue 26): a delayed job at each vacancy's window end.
              onInvitations: (jobIds: number[]) =>
                scheduleInvitationWindowEnds(confirmationQueue, settings.orm.em.fork(), jobIds, now()),
            }
          : {}),
        logger: settings.logger,
      })
    : null;
  for (const worker of workers) {
    worker.on('completed', (job, result) => {
      // The payouts' sweep runs every 15 s: logged only when it found something.
      if (
        (job.name === JOB_NAMES.sweepPayouts ||
          job.name === JOB_NAMES.sweepInvoiceCharges ||
          job.name === JOB_NAMES.scanNotificationEvents ||
          job.name === JOB_NAMES.sweepDataExports) &&
        !foundAnything(result)
      )
        return;
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
      await chargeQueue?.close();
      await notificationQueue?.close();
      await confirmationQueue.close();
    },
  };
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

function foundAnything(result: unknown): boolean {
  return Object.values((result ?? {}) as Record<string, unknown>).some((value) => value !== 0);
}
