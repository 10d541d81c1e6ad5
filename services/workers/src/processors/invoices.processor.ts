import type { Job } from 'bullmq';
import type { EntityManager } from '@turno/core';
import { billingWeek } from '@turno/domain';
import { JOB_NAMES } from '../queues';

export interface InvoiceRunResult {
  job: string;
  weekStart?: string;
  weekEnd?: string;
  invoicesGenerated: number;
}

/**
 * Weekly generation and overdue marking. The walking skeleton only resolves the billing week;
 * generation itself (one invoice line per completed assignment, guarded by a unique constraint)
 * lands with the domain services.
 */
export async function processInvoiceJob(
  job: Job<{ weekOffset?: number }>,
  _em: EntityManager,
  now: Date,
): Promise<InvoiceRunResult> {
  if (job.name === JOB_NAMES.weeklyInvoices) {
    const week = billingWeek(now, job.data.weekOffset ?? -1);
    return { job: job.name, weekStart: week.weekStart, weekEnd: week.weekEnd, invoicesGenerated: 0 };
  }
  return { job: job.name, invoicesGenerated: 0 };
}
