import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): "Ocorrências" waits on PostgreSQL twice (the freelancer with
 * the data version, then the strikes, the suspension and the reliability score read together), a
 * poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).freelancer);
});
afterAll(() => bff.close());

it('GET /api/freelancers/strikes: the freelancer, then the strikes with their score; its 304 the freelancer alone', async () => {
  await expectListWithinRoundTrips(bff, '/api/freelancers/strikes', cookie);
});
