import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
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
    // The first read of this filter: its counts came in the page's statement.
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
