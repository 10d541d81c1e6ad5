import { Redis } from 'ioredis';
import { initOrm } from '@turno/core';
import {
  createLogger,
  dependencyUnavailable,
  onShutdown,
  reportRedisOutages,
  serviceEnvironment,
} from '@turno/bff-kit';
import { createQueues, registerSchedules } from './queues';
import { startWorkers } from './worker-process';

/** The worker process: registers the schedules, processes the queues, stops cleanly on SIGTERM. */
async function main(): Promise<void> {
  const logger = createLogger('workers');
  const env = serviceEnvironment();
  const prefix = process.env.QUEUE_PREFIX ?? 'turno';
  const orm = await initOrm({ url: env.databaseUrl });
  // BullMQ workers need maxRetriesPerRequest: null on their connection; a lost Redis is retried
  // forever, at most a second apart, so the workers resume by themselves once it is back.
  const connection = new Redis(env.redisUrl, {
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  reportRedisOutages(connection, logger);
  const queues = createQueues({ connection, prefix });
  await registerSchedules(queues);
  const running = startWorkers({
    orm,
    connection,
    prefix,
    logger,
    lockDurationMs: Number(process.env.WORKER_LOCK_DURATION_MS) || undefined,
    stalledIntervalMs: Number(process.env.WORKER_STALLED_INTERVAL_MS) || undefined,
  });
  // Connection errors of the workers and queues are the outage logged above; anything else is logged.
  for (const emitter of [...running.workers, ...Object.values(queues)]) {
    (emitter as { on(event: 'error', listener: (error: Error) => void): unknown }).on('error', (error) => {
      if (!dependencyUnavailable(error)) logger.error({ err: error }, 'worker error');
    });
  }
  onShutdown(logger, async () => {
    await running.close();
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
    await connection.quit();
    await orm.close();
  });
  logger.info({ prefix, queues: running.workers.map((w) => w.name) }, 'workers ready');
}

void main();
