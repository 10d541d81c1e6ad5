import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_RETENTION, QUEUE_NAMES } from '@turno/workers';

/** Redis key prefix of the queues: the worker's (`QUEUE_PREFIX`, default `turno`). */
export function queuePrefix(env: NodeJS.ProcessEnv = process.env): string {
  return env.QUEUE_PREFIX ?? 'turno';
}

const queues = new WeakMap<Redis, Queue>();

/**
 * The invoices queue on the BFF's Redis connection (one per connection, made on first use). A
 * producer only: it shares the connection and never blocks on it; the worker process consumes.
 */
export function invoiceQueue(redis: Redis): Queue {
  let queue = queues.get(redis);
  if (!queue) {
    queue = new Queue(QUEUE_NAMES.invoices, {
      connection: redis,
      prefix: queuePrefix(),
      defaultJobOptions: JOB_RETENTION,
    });
    // Without a listener BullMQ writes every failed reconnection to the console as a plain-text stack;
    // the BFF's own client already logs an outage once when it starts and once when it ends.
    queue.on('error', () => undefined);
    queues.set(redis, queue);
  }
  return queue;
}
