import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
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
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
