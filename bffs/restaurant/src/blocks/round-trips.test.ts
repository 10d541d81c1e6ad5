import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the blocked freelancers and the freelancers to pick wait on PostgreSQL twice (the business with the data
 * version, then the list with its total in one statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).restaurant);
});
afterAll(() => bff.close());

// The first read at this data version: its counts are read with the page.
it.each(['/api/restaurant/blocked-freelancers', '/api/freelancers', '/api/freelancers?q=ana'])(
  'GET %s: the business, then the list; its 304 the business alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
