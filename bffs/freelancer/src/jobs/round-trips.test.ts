import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
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
    await expectListWithinRoundTrips(bff, path, cookie);
  },
);
