import { initOrm } from '@turno/core';
import { createPixProvider, pspSettingsFromEnv } from '@turno/psp';
import { dependencyUnavailable, runProcess } from '@turno/server-runtime';
import { notificationChannelsFromEnv } from './notifications';
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
    // E-mail, web push and WhatsApp as configured (docs/operations.md, "Notifications").
    const delivery = notificationChannelsFromEnv(process.env, () => orm.em.fork());
    await registerSchedules(queues);
    const running = startWorkers({
      orm,
      connection,
      prefix,
      logger,
      lockDurationMs: Number(process.env.WORKER_LOCK_DURATION_MS) || undefined,
      stalledIntervalMs: Number(process.env.WORKER_STALLED_INTERVAL_MS) || undefined,
      payouts: { provider, ...payoutSettings, listen: true },
      // Invoices' Pix charges through the same PSP client (a few per week per business).
      invoiceCharges: { provider, concurrency: 4, ratePerSecond: payoutSettings.ratePerSecond, listen: true },
      // Shift confirmations and reminders (issue 26): an acceptance heard schedules its steps at once.
      confirmations: { listen: true },
      // In-app notifications (issue 26): the domain events fanned out to each person's centre.
      notifications: { listen: true, channels: delivery.channels },
    });
    // Connection errors of the workers and queues are the outage logged by the runtime; anything else is logged.
    for (const emitter of [...running.workers, ...Object.values(queues)]) {
      (emitter as { on(event: 'error', listener: (error: Error) => void): unknown }).on('error', (error) => {
        if (!dependencyUnavailable(error)) logger.error({ err: error }, 'worker error');
      });
    }
    return {
      readyMessage: 'workers ready',
      ready: {
        prefix,
        queues: running.workers.map((w) => w.name),
        notificationChannels: delivery.channels.map((channel) => channel.name),
      },
      // The Redis connection and the ORM are closed by the runtime after the workers and queues.
      close: async () => {
        await running.close();
        provider.close();
        delivery.close();
        await Promise.all(Object.values(queues).map((queue) => queue.close()));
      },
    };
  },
});
