/**
 * An admin's invoice generation as a run on the invoices queue (spec 02 §2 "Faturas"): the BFF
 * enqueues it, the worker bills (services/core, exactly once) and reports progress on the job, and
 * the screen reads the run back by its id until it has a result.
 *
 * One run per request: the job id is made from what is asked (the week's Monday, or the period and
 * the businesses), so two admins pressing the same button while a run waits or works get that run.
 * A finished run with the same id is replaced by a new one, so the same week can be generated again
 * later (the database bills only what is still unbilled, so a repeat is harmless).
 */
import { createHash } from 'node:crypto';
import type { Job, JobState, Queue } from 'bullmq';
import type { CustomGenerationResult, WeeklyGenerationResult } from '@turno/core';
import { billingWeek } from '@turno/domain';
import { GenerateInvoicesJobDataSchema } from '@turno/contracts';
import { INVOICE_JOB_OPTIONS, JOB_NAMES, type GenerateInvoicesJobData } from './queues';

/** What an admin asks for; the adminId is the caller's. */
export type InvoiceGenerationRequest =
  | { kind: 'weekly'; adminId: number; weekOffset: number }
  | { kind: 'custom'; adminId: number; startDate: string; endDate: string; restaurantIds: number[] | null };

/** Progress a generation job reports: businesses billed so far of those with work to bill. */
export interface InvoiceRunProgressData {
  processed: number;
  total: number;
}

export type InvoiceRunView = {
  runId: string;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  progress: InvoiceRunProgressData | null;
  error: string | null;
  requestedAt: string;
  finishedAt: string | null;
} & (
  | { kind: 'weekly'; result: WeeklyGenerationResult | null }
  | { kind: 'custom'; result: CustomGenerationResult | null }
);

/** The job data of a request: a weekly request names its week by its Monday (stable across time). */
export function generationJobData(
  request: InvoiceGenerationRequest,
  now = new Date(),
): GenerateInvoicesJobData {
  if (request.kind === 'custom') return { ...request };
  return { ...request, weekStart: billingWeek(now, request.weekOffset).weekStart };
}

/** The run id (job id) of a request: the same request gives the same id. No ':' (BullMQ). */
export function generationRunId(data: GenerateInvoicesJobData): string {
  if (data.kind === 'weekly') {
    return `weekly-${data.weekStart ?? `offset${String(Math.abs(data.weekOffset))}`}`;
  }
  const ids = data.restaurantIds && data.restaurantIds.length > 0 ? [...new Set(data.restaurantIds)] : null;
  const who = ids
    ? createHash('sha256')
        .update(ids.sort((a, b) => a - b).join(','))
        .digest('hex')
        .slice(0, 16)
    : 'all';
  return `custom-${data.startDate}-${data.endDate}-${who}`;
}

const FINISHED: readonly (JobState | 'unknown')[] = ['completed', 'failed'];

/**
 * Enqueues a generation, or answers the run already waiting or working on the same request.
 * Retries of a failed attempt stay the same run (BullMQ's attempts); a finished run is replaced.
 */
export async function enqueueGenerationRun(
  queue: Queue,
  data: GenerateInvoicesJobData,
): Promise<Job<GenerateInvoicesJobData>> {
  // The producer checks the payload against the contract the worker parses (never enqueue a job
  // that can only fail).
  GenerateInvoicesJobDataSchema.parse(data);
  const jobId = generationRunId(data);
  const existing = (await queue.getJob(jobId)) as Job<GenerateInvoicesJobData> | undefined;
  if (existing) {
    if (!FINISHED.includes(await existing.getState())) return existing;
    // Another admin may replace it at the same moment: whoever adds second gets the first's job.
    await queue.remove(jobId).catch(() => undefined);
  }
  return queue.add(JOB_NAMES.generateInvoices, data, {
    ...INVOICE_JOB_OPTIONS,
    jobId,
    // A refusal fails at once (UnrecoverableError); retry transient failures a little faster.
    backoff: { type: 'exponential', delay: 5_000 },
  });
}

function progressOf(value: unknown): InvoiceRunProgressData | null {
  const progress = value as Partial<InvoiceRunProgressData> | null | undefined;
  return progress && typeof progress === 'object' && Number.isInteger(progress.processed)
    ? { processed: progress.processed!, total: Math.max(progress.total ?? 0, progress.processed!) }
    : null;
}

function runState(state: JobState | 'unknown'): InvoiceRunView['state'] {
  if (state === 'completed' || state === 'failed' || state === 'active') return state;
  return 'waiting';
}

/** A run as the screen reads it; undefined when there is no such job (or it is not a generation). */
export async function readGenerationRun(queue: Queue, runId: string): Promise<InvoiceRunView | undefined> {
  // The state first, then the job: a job that finishes in between is read with its result (reading
  // the job first could pair a "completed" state with the hash read while it was still active).
  const jobState = await queue.getJobState(runId);
  const job = (await queue.getJob(runId)) as Job<GenerateInvoicesJobData> | undefined;
  if (!job || job.name !== JOB_NAMES.generateInvoices) return undefined;
  let state = runState(jobState);
  if (state === 'completed' && job.returnvalue == null) state = 'active';
  const base = {
    runId,
    state,
    progress: progressOf(job.progress),
    error: state === 'failed' ? job.failedReason || null : null,
    requestedAt: new Date(job.timestamp).toISOString(),
    finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
  const returned = state === 'completed' ? (job.returnvalue as Record<string, unknown> | null) : null;
  const result = returned ? withoutRunFields(returned) : null;
  return job.data.kind === 'weekly'
    ? { ...base, kind: 'weekly', result: result as WeeklyGenerationResult | null }
    : { ...base, kind: 'custom', result: result as CustomGenerationResult | null };
}

/** The service's result without the processor's tags (`job`, `kind`) and the invoice ids. */
function withoutRunFields(value: Record<string, unknown>): Record<string, unknown> {
  const { job: _job, kind: _kind, invoiceIds: _ids, ...result } = value;
  return result;
}

/** Enqueues a generation run on the invoices queue of `queues` (see enqueueGenerationRun). */
export function enqueueInvoiceGeneration(queues: { invoices: Queue }, data: GenerateInvoicesJobData) {
  return enqueueGenerationRun(queues.invoices, data);
}
