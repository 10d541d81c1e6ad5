import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the pending actions and the application badges wait on PostgreSQL twice (the admin with the data
 * version, then the page with its counts in one statement), a poll answered 304 once; Redis for the
 * session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

// Each filter a first time (its counts are read with its first page).
it.each(['/api/admin/pending-actions', '/api/admin/jobs/application-counts?ids=1,2,3'])(
  'GET %s: the admin, then page + counts; its 304 the admin alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
