import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the pending check-in/out requests wait on PostgreSQL twice (the business with the data
 * version, then the requests with their counts in one statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).restaurant);
});
afterAll(() => bff.close());

// The first read at this data version: its counts are read with the page.
it.each(['/api/restaurant/assignments/pending-requests'])(
  'GET %s: the business, then the list; its 304 the business alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
