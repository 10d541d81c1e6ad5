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
  /** Invoices' Pix charges (issue 25): created and cancelled at the PSP, one job per txid, a sweep every 15 s. */
  invoiceCharges: 'invoice-charges',
  /** In-app notifications (issue 26): the domain events scanned after a cursor, one delivery per event and person. */
  notifications: 'notifications',
  /** Shift confirmations and reminders (issue 26): delayed jobs keyed by kind + assignment, at 24, 12 and 2 h. */
  shiftConfirmations: 'shift-confirmations',
  /** Personal data exports (issue 27, "Baixar meus dados"): built from data_exports by a sweep every 2 s. */
  dataExports: 'data-exports',
} as const;

export const JOB_NAMES = {
  /** Queued data exports built into ZIPs, and files no longer downloadable removed from storage. */
  sweepDataExports: 'sweep-data-exports',
  weeklyInvoices: 'weekly-invoices',
  markOverdueInvoices: 'mark-overdue-invoices',
  /** An admin's on-demand generation (weekly with an offset, or custom), enqueued by a BFF. */
  generateInvoices: 'generate-invoices',
  expireApplication: 'expire-application',
  sweepExpiredApplications: 'sweep-expired-applications',
  pruneDomainEvents: 'prune-domain-events',
  /** The retention table's rows the workers apply (issue 27: libs/domain retention.ts). */
  applyRetention: 'apply-retention',
  /** Account deletions whose 7-day grace ended, carried out (issue 27: core account-deletions). */
  carryOutAccountDeletions: 'carry-out-account-deletions',
  /** Business addresses never geocoded, or changed since, are geocoded (issue 23). */
  geocodeStores: 'geocode-stores',
  sweepShifts: 'sweep-shifts',
  /** One timed step of an accepted shift (issue 26); job id = notification kind + assignment id. */
  confirmationStep: 'confirmation-step',
  /** The steps' delayed jobs of accepted shifts heard of (LISTEN on job_assignment events). */
  scheduleConfirmations: 'schedule-confirmations',
  /** A vacancy's invitation window ended (issue 26): every freelancer's Vagas refreshed; job id = `invitation-window-<job id>`. */
  invitationWindowEnd: 'invitation-window-end',
  /** Hands one payout to the PSP (or asks the PSP about it first); job id = its idempotency id. */
  sendPayout: 'send-payout',
  /** Held payouts released, pending ones (re-)enqueued, long `sending` ones checked at the PSP. */
  sweepPayouts: 'sweep-payouts',
  /** Creates or cancels one invoice's Pix charge at the PSP; job id = its txid. */
  syncInvoiceCharge: 'sync-invoice-charge',
  /** Charges to create and charges to cancel, (re-)enqueued. */
  sweepInvoiceCharges: 'sweep-invoice-charges',
  /** The committed domain events after the fan-out's cursor turned into deliveries (LISTEN and every 5 s). */
  scanNotificationEvents: 'scan-notification-events',
  /** One person's notification of one event; job id = `<event id>-u<user id>`. */
  /** One (notification, channel) of the previous release; still processed. */
  deliverNotification: 'deliver-notification',
  /** Up to NOTIFICATION_DELIVERY_BATCH notifications on one channel. */
  deliverNotifications: 'deliver-notifications',
  /**
   * A team invitation's link by e-mail (issue 28), enqueued by the restaurant BFF; job id =
   * `team-invitation-<invitation id>`, data `{ token }` (the job is removed once sent).
   */
  sendTeamInvitation: 'send-team-invitation',
} as const;

/** The weekly run's cron pattern, from the billing rule in @turno/domain (Monday 01:00). */
const [weeklyRunHour, weeklyRunMinute] = WEEKLY_RUN_TIME.split(':').map(Number);
const weeklyRunPattern = `${weeklyRunMinute} ${weeklyRunHour} * * ${WEEKLY_RUN_WEEKDAY}`;

export const SCHEDULES = {
  /** Data exports: PostgreSQL is the truth; a request is picked up within 2 s, an expired file removed as soon. */
  sweepDataExports: { id: 'sweep-data-exports', every: 2_000 },
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
  /** Personal data past its retention (issue 27): daily, after the events' pruning. */
  applyRetention: { id: 'apply-retention', pattern: '15 4 * * *', tz: SAO_PAULO_TIME_ZONE },
  /** Account deletions past their 7-day grace (issue 27): hourly, so none waits past its day. */
  carryOutAccountDeletions: {
    id: 'carry-out-account-deletions',
    pattern: '25 * * * *',
    tz: SAO_PAULO_TIME_ZONE,
  },
  /** A new or changed business address is placed within 10 minutes (Nominatim: one request a second). */
  geocodeStores: { id: 'geocode-stores', pattern: '*/10 * * * *', tz: SAO_PAULO_TIME_ZONE },
  /**
   * No-shows at start + 60 min and check-outs forgotten 24 h after the end, and the shifts'
   * confirmation steps whose delayed jobs were lost (issue 26): every minute.
   */
  sweepShifts: { id: 'sweep-shifts', pattern: '* * * * *', tz: SAO_PAULO_TIME_ZONE },
  /**
   * Payouts: PostgreSQL is the truth, the queue only a means. Every 15 s the pending payouts are
   * enqueued again (their job id makes that harmless), so a lost Redis loses nothing and a payout
   * leaves within seconds of its completion.
   */
  sweepPayouts: { id: 'sweep-payouts', every: 15_000 },
  /** Invoices' Pix charges: PostgreSQL is the truth; every 15 s what is to create, cancel or expire is enqueued again. */
  sweepInvoiceCharges: { id: 'sweep-invoice-charges', every: 15_000 },
  /** Notifications: the LISTEN shortcut scans at once; this scan covers a lost notification or a restart. */
  scanNotificationEvents: { id: 'scan-notification-events', every: 5_000 },
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

/** A notifications scan: kept as every queue's jobs are (bounded by count: one every 5 s plus one per burst heard). */
export const SCAN_NOTIFICATIONS_JOB_OPTIONS = JOB_RETENTION;

/**
 * A batch of notifications on one channel: retried with backoff; removed once finished (the
 * deliveries' unique (notification, channel) row, not the job id, keeps a retry from sending twice).
 */
export const DELIVER_NOTIFICATION_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { age: 30 * 24 * 3600, count: 5000 },
} as const;

/** A team invitation's e-mail: retried with backoff on an SMTP failure, and gone (with its token) once done. */
export const TEAM_INVITATION_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** The job id of a team invitation's e-mail: one per invitation. */
export const teamInvitationJobId = (invitationId: number) => `team-invitation-${invitationId}`;

/** An invoice charge's job: as a payout's (retried with backoff on a transient PSP failure, removed once finished). */
export const INVOICE_CHARGE_JOB_OPTIONS = SEND_PAYOUT_JOB_OPTIONS;

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
    invoiceCharges: new Queue(QUEUE_NAMES.invoiceCharges, options),
    notifications: new Queue(QUEUE_NAMES.notifications, options),
    shiftConfirmations: new Queue(QUEUE_NAMES.shiftConfirmations, options),
    dataExports: new Queue(QUEUE_NAMES.dataExports, options),
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
    SCHEDULES.applyRetention.id,
    { pattern: SCHEDULES.applyRetention.pattern, tz: SCHEDULES.applyRetention.tz },
    {
      name: JOB_NAMES.applyRetention,
      opts: { ...JOB_RETENTION, attempts: 3, backoff: { type: 'exponential', delay: 60_000 } },
    },
  );
  await queues.maintenance.upsertJobScheduler(
    SCHEDULES.carryOutAccountDeletions.id,
    { pattern: SCHEDULES.carryOutAccountDeletions.pattern, tz: SCHEDULES.carryOutAccountDeletions.tz },
    {
      name: JOB_NAMES.carryOutAccountDeletions,
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
  await queues.invoiceCharges.upsertJobScheduler(
    SCHEDULES.sweepInvoiceCharges.id,
    { every: SCHEDULES.sweepInvoiceCharges.every },
    { name: JOB_NAMES.sweepInvoiceCharges, opts: JOB_RETENTION },
  );
  await queues.notifications.upsertJobScheduler(
    SCHEDULES.scanNotificationEvents.id,
    { every: SCHEDULES.scanNotificationEvents.every },
    { name: JOB_NAMES.scanNotificationEvents, opts: SCAN_NOTIFICATIONS_JOB_OPTIONS },
  );
  await queues.dataExports.upsertJobScheduler(
    SCHEDULES.sweepDataExports.id,
    { every: SCHEDULES.sweepDataExports.every },
    { name: JOB_NAMES.sweepDataExports, opts: JOB_RETENTION },
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
