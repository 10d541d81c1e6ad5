import { UnrecoverableError, type Job } from 'bullmq';
import {
  DomainError,
  SYSTEM_ACTOR,
  closeBillingCycle,
  generateCustomInvoices,
  generateWeeklyInvoices,
  markOverdueInvoices,
  type Actor,
  type BillingRunOptions,
  type CustomGenerationResult,
  type CycleCloseResult,
  type EntityManager,
  type OverdueRunResult,
  type WeeklyGenerationResult,
} from '@turno/core';
import { GenerateInvoicesJobDataSchema, WeeklyInvoicesJobDataSchema } from '@turno/contracts';
import { billingWeek, daysBetween } from '@turno/domain';
import type { InvoiceRunProgressData } from '../generation-runs';
import { payloadOf } from '../job-payload';
import { JOB_NAMES } from '../queues';

/** The offset, from the week of `now`, of the week starting `weekStart` (a Monday). */
function weekOffsetOf(weekStart: string, now: Date): number {
  return Math.round(daysBetween(billingWeek(now).weekStart, weekStart) / 7);
}

/** A positive integer from the environment, or undefined (the service's default). */
function positiveIntEnv(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Batch size and parallel batches of billing runs, for operations (and the worker-kill test):
 * BILLING_BATCH_SIZE restaurants per transaction, BILLING_CONCURRENCY batches at once.
 */
export function billingSizesFromEnv(): Pick<BillingRunOptions, 'batchSize' | 'concurrency'> {
  return {
    batchSize: positiveIntEnv('BILLING_BATCH_SIZE'),
    concurrency: positiveIntEnv('BILLING_CONCURRENCY'),
  };
}

/**
 * Billing hooks that report a run's progress on its job (businesses billed of those to bill), read
 * by the admin's screen through the BFF. Progress starts at 0 of N before the first batch.
 */
function progressReporting(job: Job): BillingRunOptions {
  const report = (progress: InvoiceRunProgressData) => job.updateProgress({ ...progress });
  return {
    ...billingSizesFromEnv(),
    onPlanned: ({ restaurantsTotal }) => report({ processed: 0, total: restaurantsTotal }),
    afterBatchCommit: ({ restaurantsProcessed, restaurantsTotal }) =>
      report({ processed: restaurantsProcessed, total: restaurantsTotal }),
  };
}

export type InvoiceRunResult =
  | ({ job: typeof JOB_NAMES.weeklyInvoices } & CycleCloseResult)
  | ({ job: typeof JOB_NAMES.markOverdueInvoices } & OverdueRunResult)
  | ({ job: typeof JOB_NAMES.generateInvoices; kind: 'weekly' } & WeeklyGenerationResult)
  | ({ job: typeof JOB_NAMES.generateInvoices; kind: 'custom' } & CustomGenerationResult);

/**
 * The invoices queue. Every job is idempotent under at-least-once delivery because the services
 * bill only completed assignments without an invoice line (a unique constraint in PostgreSQL), never
 * touch paid invoices, and mark overdue only what is still pending:
 * - weekly-invoices (scheduler, Monday 01:00 SP): the cycle close — the week just ended (or
 *   data.weekOffset relative to `now`) plus leftovers of earlier weeks;
 * - mark-overdue-invoices (daily): pending invoices past their due date become overdue;
 * - generate-invoices (an admin's request through a BFF): one weekly run (weekOffset 0..-3) or a
 *   custom run, on behalf of data.adminId. A refusal (bad offset or period) fails the job at once,
 *   without retries, carrying the pt-BR message.
 */
export async function processInvoiceJob(
  job: Job<unknown>,
  em: EntityManager,
  now: Date,
): Promise<InvoiceRunResult> {
  try {
    switch (job.name) {
      case JOB_NAMES.weeklyInvoices: {
        const data = payloadOf(job, WeeklyInvoicesJobDataSchema, {});
        const result = await closeBillingCycle(
          em,
          SYSTEM_ACTOR,
          { weekOffset: data.weekOffset },
          now,
          billingSizesFromEnv(),
        );
        return { job: JOB_NAMES.weeklyInvoices, ...result };
      }
      case JOB_NAMES.markOverdueInvoices:
        return { job: JOB_NAMES.markOverdueInvoices, ...(await markOverdueInvoices(em, SYSTEM_ACTOR, now)) };
      case JOB_NAMES.generateInvoices: {
        const data = payloadOf(job, GenerateInvoicesJobDataSchema);
        const actor: Actor = { role: 'admin', adminId: data.adminId };
        const options = progressReporting(job);
        if (data.kind === 'weekly') {
          const weekOffset = data.weekStart ? weekOffsetOf(data.weekStart, now) : data.weekOffset;
          const result = await generateWeeklyInvoices(em, actor, { weekOffset }, now, options);
          return { job: JOB_NAMES.generateInvoices, kind: 'weekly', ...result };
        }
        {
          const result = await generateCustomInvoices(
            em,
            actor,
            {
              startDate: data.startDate,
              endDate: data.endDate,
              restaurantIds: data.restaurantIds,
            },
            now,
            options,
          );
          return { job: JOB_NAMES.generateInvoices, kind: 'custom', ...result };
        }
      }
      default:
        throw new UnrecoverableError(`Unknown job on the invoices queue: ${job.name}`);
    }
  } catch (error) {
    // A refusal will not change on retry: fail now, with the message a person can read.
    if (error instanceof DomainError) throw new UnrecoverableError(error.message);
    throw error;
  }
}
