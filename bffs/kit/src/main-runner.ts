import { Redis } from 'ioredis';
import { initOrm } from '@turno/core';
import { createBffApp, type BffAppOptions } from './app';
import { serviceEnvironment } from './env';
import { listen, onShutdown } from './server';

/**
 * What every BFF's `main.ts` does: connect to PostgreSQL and Redis from the environment, build the
 * app, listen, and on SIGTERM stop taking requests, finish those in flight, then close connections.
 */
export async function runBff(
  options: Omit<BffAppOptions, 'orm' | 'redis'> & { port: number },
): Promise<void> {
  const env = serviceEnvironment();
  const orm = await initOrm({ url: env.databaseUrl });
  const redis = new Redis(env.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const bff = createBffApp({ ...options, orm, redis });
  const { app, logger } = bff;
  const running = await listen(app, options.port, process.env.BIND_HOST ?? '127.0.0.1');
  onShutdown(logger, async () => {
    // Live streams never finish by themselves: end them (browsers reconnect elsewhere), then drain.
    await bff.close();
    await running.close();
    await Promise.allSettled([orm.close(), redis.quit()]);
  });
  logger.info({ url: running.url }, 'listening');
}
