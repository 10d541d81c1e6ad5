import {
  LIST_ROUND_TRIPS,
  listRoundTrips,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the vacancies wait on PostgreSQL twice (the freelancer with
 * the data version, then the page with its total), a poll answered 304 once; Redis for the session
 * only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).freelancer);
});
afterAll(() => bff.close());

it.each(['/api/jobs', '/api/jobs?q=caixa'])(
  'GET %s: the freelancer, then page + total; its 304 the freelancer alone',
  async (path) => {
    const { ok, notModified } = await listRoundTrips(bff, path, cookie);
    expect(ok.status).toBe(200);
    expect(ok.postgres.join('\n')).toContain('count(*)');
    expect(ok.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.postgres);
    expect(ok.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
    expect(notModified.status).toBe(304);
    expect(notModified.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.notModifiedPostgres);
    expect(notModified.redis.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.redis);
  },
);
