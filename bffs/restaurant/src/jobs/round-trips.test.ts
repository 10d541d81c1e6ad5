import {
  LIST_ROUND_TRIPS,
  listRoundTrips,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the agenda waits on PostgreSQL twice (the caller with the
 * list's data version, then the page with its counts and what may be rated), a poll answered 304
 * once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).restaurant);
});
afterAll(() => bff.close());

it.each(['/api/jobs', '/api/jobs?period=month&status=completed', '/api/jobs?period=month&q=caixa'])(
  'GET %s: the caller, then page + counts; its 304 the caller alone',
  async (path) => {
    const { ok, notModified } = await listRoundTrips(bff, path, cookie);
    expect(ok.status).toBe(200);
    // The first read of this filter: its counts came in the page's statement.
    expect(ok.postgres.join('\n')).toContain('count(*)');
    expect(ok.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.postgres);
    expect(ok.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
    expect(notModified.status).toBe(304);
    expect(notModified.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.notModifiedPostgres);
    expect(notModified.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
  },
);
