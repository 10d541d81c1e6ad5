/**
 * Starts the whole portal for the browser tests, beside any portal a developer is running:
 * every port shifted by 10000, its own database (recreated empty, then migrated and seeded by
 * the start script, with the run's random first admin), its own Redis queue prefix, its session
 * keys (sessions, sign-in throttles, per-user rate limits) cleared as the database is, and a fake
 * ViaCEP/Nominatim service for the CEP widget.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { deleteKeys } from '@turno/bff-kit/testing';
import { dropDatabase } from '@turno/core';
import { E2E_ENV, FAKE_ADDRESS_PORT } from './e2e-env';
import { startFakeAddressService } from './support/fake-address-service';

async function main(): Promise<void> {
  Object.assign(process.env, E2E_ENV, { QUEUE_PREFIX: `turno-e2e-${randomBytes(4).toString('hex')}` });
  await startFakeAddressService(FAKE_ADDRESS_PORT);
  await dropDatabase(E2E_ENV.DATABASE_URL);
  // A run starts from nothing in Redis too: counters of the previous run (a photo-upload limit, a
  // sign-in throttle) must not decide this one.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await deleteKeys(redis, `${E2E_ENV.SESSION_KEY_PREFIX}*`);
  await redis.quit();
  await import('@turno/infra-dev/start');
}

void main();
