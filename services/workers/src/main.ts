import { initOrm } from '@turno/core';
import { createPixProvider, pspSettingsFromEnv } from '@turno/psp';
import { dependencyUnavailable, runProcess } from '@turno/server-runtime';
import { createQueues, registerSchedules } from './queues';
import { payoutWorkerSettingsFromEnv, startWorkers } from './worker-process';

/** The worker process: registers the schedules, processes the queues, stops cleanly on SIGTERM. */
void runProcess({
  name: 'workers',
  start: async ({ logger, connect }) => {
    const prefix = process.env.QUEUE_PREFIX ?? 'turno';
    // The PSP of the payouts (the fake PSP of npm start by default): the worker's limiter paces the
    // calls (PSP_RATE_LIMIT_PER_SECOND), so the client's own limiter is off here.
    const payoutSettings = payoutWorkerSettingsFromEnv(process.env);
    const provider = createPixProvider({ ...pspSettingsFromEnv(), rateLimitPerSecond: 0 });
    // BullMQ workers need maxRetriesPerRequest: null on their connection; a lost Redis is retried
    // forever, at most a second apart, so the workers resume by themselves once it is back.
    const { orm, redis: connection } = await connect({
      openDatabase: (url) => initOrm({ url }),
      redisOptions: {
        maxRetriesPerRequest: null,
        retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
      },
    });
    const queues = createQueues({ connection, prefix });
    await registerSchedules(queues);
    const running = startWorkers({
      orm,
      connection,
      prefix,
      logger,
      lockDurationMs: Number(process.env.WORKER_LOCK_DURATION_MS) || undefined,
      stalledIntervalMs: Number(process.env.WORKER_STALLED_INTERVAL_MS) || undefined,
      payouts: { provider, ...payoutSettings, listen: true },
    });
    // Connection errors of the workers and queues are the outage logged by the runtime; anything else is logged.
    for (const emitter of [...running.workers, ...Object.values(queues)]) {
      (emitter as { on(event: 'error', listener: (error: Error) => void): unknown }).on('error', (error) => {
        if (!dependencyUnavailable(error)) logger.error({ err: error }, 'worker error');
      });
    }
    return {
      readyMessage: 'workers ready',
      ready: { prefix, queues: running.workers.map((w) => w.name) },
      // The Redis connection and the ORM are closed by the runtime after the workers and queues.
      close: async () => {
        await running.close();
        provider.close();
        await Promise.all(Object.values(queues).map((queue) => queue.close()));
      },
    };
  },
});
