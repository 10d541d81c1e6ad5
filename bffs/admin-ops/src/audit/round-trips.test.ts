import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): "Auditoria" waits on PostgreSQL twice (the admin with the
 * trail's version, its newest entry, then the page with its capped count and the admins of the actor
 * filter in one statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
  // An entry in the trail: a refused admin action (no domain event, still a new version).
  await bff.request('/api/admin/restaurants/999999/approve', { method: 'POST', cookie, json: {} });
});
afterAll(() => bff.close());

it.each([
  '/api/admin/audit-events',
  '/api/admin/audit-events?outcome=refused',
  '/api/admin/audit-events?q=aprovar',
])(
  'GET %s: the admin with the version, then page + count + actors; its 304 the admin alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
