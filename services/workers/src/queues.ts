import { Queue, type ConnectionOptions } from 'bullmq';
import { SAO_PAULO_TIME_ZONE, WEEKLY_RUN_TIME, WEEKLY_RUN_WEEKDAY } from '@turno/domain';

/** The queues of Turno's background work. Names contain no ':' (BullMQ key separator). */
export const QUEUE_NAMES = {
  /** Weekly invoice generation (scheduler: Monday 01:00 America/Sao_Paulo) and on-demand runs. */
  invoices: 'invoices',
  /** Expiry of pending applications: one delayed job per application plus a periodic sweeper. */
  applicationExpiry: 'application-expiry',
  /** Housekeeping: pruning the live-update outbox (domain_events) past its retention. */
  maintenance: 'maintenance',
  /** Shifts nobody closed (issue 23): no-shows released, forgotten check-outs closed; every minute. */
  shiftSweeps: 'shift-sweeps',
  /** Payouts to freelancers by Pix (issue 25): one send job per payout plus a sweep every 15 s. */
  payouts: 'payouts',
} as const;

export const JOB_NAMES = {
  weeklyInvoices: 'weekly-invoices',
  markOverdueInvoices: 'mark-overdue-invoices',
  /** An admin's on-demand generation (weekly with an offset, or custom), enqueued by a BFF. */
  generateInvoices: 'generate-invoices',
  expireApplication: 'expire-application',
  sweepExpiredApplications: 'sweep-expired-applications',
  pruneDomainEvents: 'prune-domain-events',
  /** Business addresses never geocoded, or changed since, are geocoded (issue 23). */
  geocodeStores: 'geocode-stores',
  sweepShifts: 'sweep-shifts',
  /** Hands one payout to the PSP (or asks the PSP about it first); job id = its idempotency id. */
  sendPayout: 'send-payout',
  /** Held payouts released, pending ones (re-)enqueued, long `sending` ones checked at the PSP. */
  sweepPayouts: 'sweep-payouts',
} as const;

/** The weekly run's cron pattern, from the billing rule in @turno/domain (Monday 01:00). */
const [weeklyRunHour, weeklyRunMinute] = WEEKLY_RUN_TIME.split(':').map(Number);
const weeklyRunPattern = `${weeklyRunMinute} ${weeklyRunHour} * * ${WEEKLY_RUN_WEEKDAY}`;

export const SCHEDULES = {
  /** The billing cycle closes Monday 01:00 São Paulo: generate the week just ended. */
  weeklyInvoices: { id: 'weekly-invoices', pattern: weeklyRunPattern, tz: SAO_PAULO_TIME_ZONE },
  /** Invoices past their due date become overdue: daily, early morning. */
  markOverdueInvoices: { id: 'mark-overdue-invoices', pattern: '15 0 * * *', tz: SAO_PAULO_TIME_ZONE },
  /** Backstop for lost delayed jobs: expire every pending application past expires_at. */
  sweepExpiredApplications: {
    id: 'sweep-expired-applications',
    pattern: '*/5 * * * *',
    tz: SAO_PAULO_TIME_ZONE,
  },
  /** Live-update events older than their retention (3 days) are deleted: daily, at night. */
  pruneDomainEvents: { id: 'prune-domain-events', pattern: '30 3 * * *', tz: SAO_PAULO_TIME_ZONE },
  /** A new or changed business address is placed within 10 minutes (Nominatim: one request a second). */
  geocodeStores: { id: 'geocode-stores', pattern: '*/10 * * * *', tz: SAO_PAULO_TIME_ZONE },
  /** No-shows at start + 60 min and check-outs forgotten 24 h after the end: every minute. */
  sweepShifts: { id: 'sweep-shifts', pattern: '* * * * *', tz: SAO_PAULO_TIME_ZONE },
  /**
   * Payouts: PostgreSQL is the truth, the queue only a means. Every 15 s the pending payouts are
   * enqueued again (their job id makes that harmless), so a lost Redis loses nothing and a payout
   * leaves within seconds of its completion.
   */
  sweepPayouts: { id: 'sweep-payouts', every: 15_000 },
} as const;

// Job payloads are contracts (libs/contracts/src/background-jobs.ts): the processors parse them.
export type { GenerateInvoicesJobData, WeeklyInvoicesJobData } from '@turno/contracts';

/**
 * What Redis keeps of finished jobs, on every queue: completed ones a week (at most 1,000), failed
 * ones 30 days (at most 5,000) for investigation. Nothing accumulates without bound, whatever the
 * rate of jobs (the expiry sweeper alone runs 288 times a day).
 */
export const JOB_RETENTION = {
  removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600, count: 5000 },
} as const;

/**
 * Retries of invoice jobs: a failed run (database restart, deploy) is simply run again; the
 * services make a retry bill only what is still unbilled.
 */
export const INVOICE_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 30_000 },
  ...JOB_RETENTION,
} as const;

/**
 * A payout's send job: retried with backoff on a transient PSP failure (1 s, 2 s, 4 s, … about
 * 2 min in all); removed once finished, so that its job id (the idempotency id) dedupes only while
 * it waits or runs and the sweep can always enqueue the payout again. Failures are logged.
 */
export const SEND_PAYOUT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

export interface QueueSettings {
  connection: ConnectionOptions;
  /** Redis key prefix: every environment and every test run has its own. */
  prefix: string;
}

export function createQueues(settings: QueueSettings) {
  const options = { ...settings, defaultJobOptions: JOB_RETENTION };
  return {
    invoices: new Queue(QUEUE_NAMES.invoices, options),
    applicationExpiry: new Queue(QUEUE_NAMES.applicationExpiry, options),
    maintenance: new Queue(QUEUE_NAMES.maintenance, options),
    shiftSweeps: new Queue(QUEUE_NAMES.shiftSweeps, options),
    payouts: new Queue(QUEUE_NAMES.payouts, options),
  };
}
export type Queues = ReturnType<typeof createQueues>;

/**
 * Registers the recurring jobs. `upsertJobScheduler` is idempotent: every deploy calls it and the
 * schedule exists once.
 */
export async function registerSchedules(queues: Queues): Promise<void> {
  const { weeklyInvoices, markOverdueInvoices, sweepExpiredApplications, pruneDomainEvents } = SCHEDULES;
  await queues.invoices.upsertJobScheduler(
    weeklyInvoices.id,
    { pattern: weeklyInvoices.pattern, tz: weeklyInvoices.tz },
    { name: JOB_NAMES.weeklyInvoices, data: { weekOffset: -1 }, opts: INVOICE_JOB_OPTIONS },
  );
  await queues.invoices.upsertJobScheduler(
    markOverdueInvoices.id,
    { pattern: markOverdueInvoices.pattern, tz: markOverdueInvoices.tz },
    { name: JOB_NAMES.markOverdueInvoices, opts: INVOICE_JOB_OPTIONS },
  );
  await queues.applicationExpiry.upsertJobScheduler(
    sweepExpiredApplications.id,
    { pattern: sweepExpiredApplications.pattern, tz: sweepExpiredApplications.tz },
    { name: JOB_NAMES.sweepExpiredApplications, opts: JOB_RETENTION },
  );
  await queues.maintenance.upsertJobScheduler(
    pruneDomainEvents.id,
    { pattern: pruneDomainEvents.pattern, tz: pruneDomainEvents.tz },
    {
      name: JOB_NAMES.pruneDomainEvents,
      opts: { ...JOB_RETENTION, attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
    },
  );
  await queues.maintenance.upsertJobScheduler(
    SCHEDULES.geocodeStores.id,
    { pattern: SCHEDULES.geocodeStores.pattern, tz: SCHEDULES.geocodeStores.tz },
    { name: JOB_NAMES.geocodeStores, opts: JOB_RETENTION },
  );
  await queues.shiftSweeps.upsertJobScheduler(
    SCHEDULES.sweepShifts.id,
    { pattern: SCHEDULES.sweepShifts.pattern, tz: SCHEDULES.sweepShifts.tz },
    { name: JOB_NAMES.sweepShifts, opts: JOB_RETENTION },
  );
  await queues.payouts.upsertJobScheduler(
    SCHEDULES.sweepPayouts.id,
    { every: SCHEDULES.sweepPayouts.every },
    { name: JOB_NAMES.sweepPayouts, opts: JOB_RETENTION },
  );
}

/** Schedules the expiry of one application at its `expiresAt` (job id dedupes while it exists). */
export async function scheduleApplicationExpiry(
  queues: Queues,
  applicationId: number,
  expiresAt: Date,
  now = new Date(),
) {
  await queues.applicationExpiry.add(
    JOB_NAMES.expireApplication,
    { applicationId },
    {
      jobId: `application-${applicationId}`,
      delay: Math.max(0, expiresAt.getTime() - now.getTime()),
      ...JOB_RETENTION,
    },
  );
}

// An admin's invoice generation is enqueued as a run: see generation-runs.ts.
