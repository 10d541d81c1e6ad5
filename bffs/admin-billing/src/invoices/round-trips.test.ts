import {
  LIST_ROUND_TRIPS,
  listRoundTrips,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the invoices list waits on PostgreSQL twice (the admin with
 * the data version, then the page with its stat cards), a poll answered 304 once; Redis for the
 * session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

// Each filter a first time (the stat cards are kept per search, whatever the status).
it.each(['/api/admin/invoices', '/api/admin/invoices?status=pending&q=mercado', '/api/admin/invoices?q=bom'])(
  'GET %s: the admin, then page + stats; its 304 the admin alone',
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
