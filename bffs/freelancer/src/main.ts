import { Redis } from 'ioredis';
import { initOrm } from '@turno/core';
import {
  BFF_REDIS_OPTIONS,
  listen,
  onShutdown,
  portFromEnv,
  reportRedisOutages,
  serviceEnvironment,
} from '@turno/bff-kit';
import { createFreelancerBff } from './app';

/**
 * `runBff` of the kit, with this BFF's own app factory: `createFreelancerBff` adds the multipart
 * middleware of the photo upload in front of the kit's JSON reader (see multipart.ts).
 */
async function main(): Promise<void> {
  const env = serviceEnvironment();
  const orm = await initOrm({ url: env.databaseUrl });
  const redis = new Redis(env.redisUrl, BFF_REDIS_OPTIONS);
  const bff = createFreelancerBff({ orm, redis });
  reportRedisOutages(redis, bff.logger);
  const running = await listen(bff.app, portFromEnv('PORT', 4001), process.env.BIND_HOST ?? '127.0.0.1');
  onShutdown(bff.logger, async () => {
    await bff.close();
    await running.close();
    await Promise.allSettled([orm.close(), redis.quit()]);
  });
  bff.logger.info({ url: running.url }, 'listening');
}

void main();
