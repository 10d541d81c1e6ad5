import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): the application badges and a vacancy's applicants wait on PostgreSQL twice (the business with the data
 * version, then the list (the applicants with the job's ownership and their reliability scores) in one statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let jobId: number;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  const [row] = await bff.db.orm.em.getConnection().execute<{ job_id: number }[]>(
    `select a.job_id from applications a join jobs j on j.id = a.job_id
      where j.restaurant_id = ? group by a.job_id order by count(*) desc limit 1`,
    [roles.restaurant.restaurantId],
  );
  jobId = row!.job_id;
});
afterAll(() => bff.close());

it('GET /api/restaurant/jobs/applications-count: the business, then the badges; its 304 the business alone', async () => {
  await expectListWithinRoundTrips(bff, '/api/restaurant/jobs/applications-count', cookie);
});

it.each(['', '?sort=reliability'])(
  'GET /api/restaurant/jobs/:id/applications%s: the business, then the applicants; its 304 the business alone',
  async (query) => {
    await expectListWithinRoundTrips(bff, `/api/restaurant/jobs/${jobId}/applications${query}`, cookie);
  },
);
