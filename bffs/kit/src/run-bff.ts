import { initOrm } from '@turno/core';
import { monthlyShiftsPerBusiness } from '@turno/domain';
import { BFF_REDIS_OPTIONS, runProcess } from '@turno/server-runtime';
import { createBffApp, type BffApp, type BffAppOptions } from './app';
import { listen } from './server';

/**
 * What every BFF's `main.ts` does, on the server runtime's `runProcess`: connect to PostgreSQL and
 * Redis from the environment, build the app (`createApp`, default `createBffApp`), listen, and on
 * SIGTERM stop taking requests, finish those in flight, then close the connections. The settings
 * the domain services read per request (MONTHLY_SHIFTS_PER_BUSINESS) are checked first: a wrong one
 * stops the BFF with one line instead of answering 500 later.
 */
export async function runBff(
  options: Omit<BffAppOptions, 'orm' | 'redis'> & {
    port: number;
    /** A BFF's own app factory around `createBffApp` (the freelancer BFF's multipart uploads). */
    createApp?: (options: BffAppOptions) => BffApp;
  },
): Promise<void> {
  const { createApp = createBffApp, port, ...appOptions } = options;
  await runProcess({
    name: options.name,
    checkSettings: () => monthlyShiftsPerBusiness(process.env),
    ...(options.logger ? { logger: options.logger } : {}),
    start: async ({ logger, connect }) => {
      const { orm, redis } = await connect({
        openDatabase: (url) => initOrm({ url }),
        redisOptions: BFF_REDIS_OPTIONS,
      });
      const bff = createApp({ ...appOptions, logger, orm, redis });
      const running = await listen(bff.app, port, process.env.BIND_HOST ?? '127.0.0.1');
      return {
        readyMessage: 'listening',
        ready: { url: running.url },
        // Live streams never finish by themselves: end them (browsers reconnect elsewhere), then drain.
        close: async () => {
          await bff.close();
          await running.close();
        },
      };
    },
  });
}
