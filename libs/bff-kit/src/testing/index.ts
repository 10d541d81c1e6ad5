import { Redis } from 'ioredis';
import { seedDemoDataOnce } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import type { BffApp, BffDependencies } from '../app';
import { listen } from '../server';

export interface TestBff {
  url: string;
  db: TestDatabase;
  /** GET a path and return status and parsed JSON body. */
  get(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * Starts a BFF on a random port over its own fresh database (migrated, demo data seeded unless
 * `seed: false`) and the real Redis. Each test file gets its own; `close()` drops the database.
 */
export async function startBffForTest(
  create: (deps: BffDependencies) => BffApp,
  options: { seed?: boolean; now?: Date } = {},
): Promise<TestBff> {
  const db = await createTestDatabase();
  if (options.seed ?? true) await seedDemoDataOnce({ orm: db.orm, now: options.now });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const { app } = create({ orm: db.orm, redis });
  const server = await listen(app, 0);
  return {
    url: server.url,
    db,
    async get(path, init) {
      const response = await fetch(server.url + path, init);
      return { status: response.status, body: await response.json() };
    },
    async close() {
      await server.close();
      await redis.quit();
      await db.drop();
    },
  };
}
