import { Redis, type RedisOptions } from 'ioredis';
import { initOrm } from '@turno/core';
import { createBffApp, type BffAppOptions } from './app';
import { serviceEnvironment } from './env';
import { createLogger, type Logger } from './logger';
import { listen, onShutdown } from './server';

/**
 * How a BFF talks to Redis so that a Redis restart costs seconds of 503s, never hung requests:
 * reconnect forever, at most a second apart; a command waits for at most one reconnection attempt
 * (then MaxRetriesPerRequestError → 503) and for an answer at most 2 s (a stalled server); the
 * offline queue stays on so that commands issued during a brief reconnect still go through.
 */
export const BFF_REDIS_OPTIONS: RedisOptions = {
  lazyConnect: false,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  connectTimeout: 2_000,
  commandTimeout: 2_000,
  enableOfflineQueue: true,
};

/**
 * Logs a Redis outage once when it starts and once when it ends (ioredis reconnects by itself; an
 * 'error' event without a listener would crash the process).
 */
export function reportRedisOutages(redis: Redis, logger: Pick<Logger, 'warn' | 'info'>): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn({ err: error.message }, 'redis unreachable, reconnecting');
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.info('redis reconnected');
    down = false;
  });
}

/**
 * What every BFF's `main.ts` does: connect to PostgreSQL and Redis from the environment, build the
 * app, listen, and on SIGTERM stop taking requests, finish those in flight, then close connections.
 */
export async function runBff(
  options: Omit<BffAppOptions, 'orm' | 'redis'> & { port: number },
): Promise<void> {
  const env = serviceEnvironment();
  const logger = options.logger ?? createLogger(options.name);
  const orm = await initOrm({ url: env.databaseUrl });
  const redis = new Redis(env.redisUrl, BFF_REDIS_OPTIONS);
  reportRedisOutages(redis, logger);
  const bff = createBffApp({ ...options, logger, orm, redis });
  const { app } = bff;
  const running = await listen(app, options.port, process.env.BIND_HOST ?? '127.0.0.1');
  onShutdown(logger, async () => {
    // Live streams never finish by themselves: end them (browsers reconnect elsewhere), then drain.
    await bff.close();
    await running.close();
    await Promise.allSettled([orm.close(), redis.quit()]);
  });
  logger.info({ url: running.url }, 'listening');
}
