/**
 * PostgreSQL refusing the data of a real request through a kit app: the mapping of
 * @turno/server-runtime's `databaseRefusal` as the BFF answers it.
 */
import { z } from 'zod';
import { Redis } from 'ioredis';
import { MESSAGES } from '@turno/domain';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { createBffApp, listen, route, type RunningServer } from './index';

/** Routes whose SQL PostgreSQL refuses the way a too-long text or a too-big number would be. */
const sqlRoute = (path: string, sql: string) =>
  route({
    access: 'public',
    method: 'get',
    path,
    response: z.object({}),
    handler: async ({ em }) => {
      await em.getConnection().execute(sql);
      return {};
    },
  });

const routes = [
  sqlRoute('/api/too-long', `insert into app_meta (key, value) values (repeat('x', 300), 'v')`),
  sqlRoute('/api/out-of-range', `select 2147483648::int as n`),
  sqlRoute('/api/not-a-number', `select 'abc'::int as n`),
  sqlRoute('/api/duplicate', `insert into app_meta (key, value) values ('duplicate-key', 'v')`),
  sqlRoute('/api/missing-row', `insert into jobs (restaurant_id) values (2147483000)`),
  sqlRoute('/api/syntax', `select from where`),
];

let db: TestDatabase;
let redis: Redis;
let server: RunningServer;

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  server = await listen(createBffApp({ name: 'bff-test', orm: db.orm, redis, routes }).app, 0);
});
afterAll(async () => {
  await server.close();
  await redis.quit();
  await db.drop();
});

const answer = async (path: string) => {
  const response = await fetch(server.url + path);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('PostgreSQL refusals of the data', () => {
  it('answer a text longer than its column with a pt-BR 400 (22001)', async () => {
    expect(await answer('/api/too-long')).toEqual({
      status: 400,
      body: { error: MESSAGES.common.valueTooLong },
    });
  });

  it('answer a number outside its column with a pt-BR 400 (22003) and an unreadable value too (22P02)', async () => {
    expect(await answer('/api/out-of-range')).toEqual({
      status: 400,
      body: { error: MESSAGES.common.numberOutOfRange },
    });
    expect(await answer('/api/not-a-number')).toEqual({
      status: 400,
      body: { error: MESSAGES.common.invalidValue },
    });
  });

  it('answer a constraint no domain rule named with 409 (unique) or 400 (not null)', async () => {
    expect((await answer('/api/duplicate')).status).toBe(200);
    expect(await answer('/api/duplicate')).toEqual({
      status: 409,
      body: { error: MESSAGES.common.duplicate },
    });
    // restaurant_id exists nowhere and the other columns are null: the first check PostgreSQL
    // makes (not null) refuses it; either way it is a 4xx in pt-BR, never a 500.
    const missing = await answer('/api/missing-row');
    expect([400, 409]).toContain(missing.status);
    expect(Object.values(MESSAGES.common)).toContain((missing.body as { error: string }).error);
  });

  it('keep a programming error (bad SQL) a 500 with the generic message', async () => {
    expect(await answer('/api/syntax')).toEqual({ status: 500, body: { error: MESSAGES.common.internal } });
  });
});
