import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the shifts (Meus turnos) wait on PostgreSQL twice (the freelancer with the
 * data version, then the page with its counts in one statement), a poll answered 304 once; Redis
 * for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).freelancer);
});
afterAll(() => bff.close());

// The first read at this data version: its counts are read with the page.
it.each(['/api/freelancers/jobs'])(
  'GET %s: the freelancer, then page + counts; its 304 the freelancer alone',
  async (path) => {
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
