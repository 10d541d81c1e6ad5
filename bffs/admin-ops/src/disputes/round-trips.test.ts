import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): "Disputas" (the appeals with their total in one statement)
 * and the disputed timesheets wait on PostgreSQL twice (the admin with the data version, then the
 * list), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

it.each(['/api/admin/disputes', '/api/admin/disputes?status=decided'])(
  'GET %s: the admin, then page + total; its 304 the admin alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);

it('GET /api/admin/timesheets/disputed: the admin, then the disputes; its 304 the admin alone', async () => {
  await expectListWithinRoundTrips(bff, '/api/admin/timesheets/disputed', cookie, { counts: false });
});
