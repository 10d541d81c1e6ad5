import { UnrecoverableError, Worker, type Queue } from 'bullmq';
import { isPspError } from '@turno/psp';
import type { WorkerLogger } from '../worker-process';

/** What a PSP call's failure is logged with, and what waits while the credentials are refused. */
export interface PspCallContext {
  queue: Queue;
  logger: WorkerLogger;
  /** The log fields naming the payout or charge. */
  subject: Record<string, unknown>;
  /** "payouts cannot leave" / "invoice charges wait": what stops until an operator acts. */
  stalled: string;
}

/**
 * A call to the PSP whose failures are turned into what BullMQ does: a 429 pauses the whole queue for
 * the PSP's Retry-After and puts the job back (no attempt spent); refused credentials are logged
 * for an operator and end the job (the row stays where it is: the sweep finds it again); anything
 * else is thrown as it is (a transient failure is retried with backoff; a permanent refusal is
 * handled by the caller). The payouts' and the invoice charges' processors share it.
 */
export async function callPsp<T>(context: PspCallContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isPspError(error) && error.status === 429) {
      await context.queue.rateLimit(error.retryAfterMs ?? 1_000);
      throw Worker.RateLimitError();
    }
    if (isPspError(error) && error.auth) {
      context.logger.error(
        { ...context.subject, err: error },
        `PSP refused Turno's credentials: ${context.stalled} until an operator fixes them`,
      );
      throw new UnrecoverableError(`PSP credentials refused: ${error.message}`);
    }
    throw error;
  }
}
