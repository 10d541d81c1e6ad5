import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from './logger';

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
