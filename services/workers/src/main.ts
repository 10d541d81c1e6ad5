import { Redis } from 'ioredis';
import { initOrm } from '@turno/core';
import { createLogger, onShutdown, serviceEnvironment } from '@turno/bff-kit';
import { createQueues, registerSchedules } from './queues';
import { startWorkers } from './worker-process';

/** The worker process: registers the schedules, processes the queues, stops cleanly on SIGTERM. */
async function main(): Promise<void> {
  const logger = createLogger('workers');
  const env = serviceEnvironment();
  const prefix = process.env.QUEUE_PREFIX ?? 'turno';
  const orm = await initOrm({ url: env.databaseUrl });
  // BullMQ workers need maxRetriesPerRequest: null on their connection.
  const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
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
  onShutdown(logger, async () => {
    await running.close();
    await Promise.all(Object.values(queues).map((queue) => queue.close()));
    await connection.quit();
    await orm.close();
  });
  logger.info({ prefix, queues: running.workers.map((w) => w.name) }, 'workers ready');
}

void main();
