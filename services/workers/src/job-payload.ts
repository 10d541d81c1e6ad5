import { UnrecoverableError, type Job } from 'bullmq';
import type { z } from 'zod';

/**
 * The job's payload checked against its contract (libs/contracts/src/background-jobs.ts). A payload
 * that breaks it fails the job at once, without retries (it would break it again), naming the job
 * and the first problems; `whenMissing` stands for an absent payload where one is optional.
 */
export function payloadOf<Schema extends z.ZodType>(
  job: Job<unknown>,
  schema: Schema,
  whenMissing?: z.infer<Schema>,
): z.infer<Schema> {
  const data = job.data ?? whenMissing;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
  throw new UnrecoverableError(`Invalid payload of job ${job.name} (${job.id ?? 'no id'}): ${problems}`);
}
