import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): a shift's timesheet corrections wait on PostgreSQL twice (the business with the data
 * version, then whether the shift is theirs with its proposals in one statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let assignmentId: number;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  const [row] = await bff.db.orm.em.getConnection().execute<{ id: number }[]>(
    `select p.assignment_id as id from timesheet_proposals p join assignments a on a.id = p.assignment_id
       join jobs j on j.id = a.job_id where j.restaurant_id = ? limit 1`,
    [roles.restaurant.restaurantId],
  );
  assignmentId = row!.id;
});
afterAll(() => bff.close());

it('GET /api/restaurant/assignments/:id/timesheets: the business, then the proposals; its 304 the business alone', async () => {
  await expectListWithinRoundTrips(bff, `/api/restaurant/assignments/${assignmentId}/timesheets`, cookie, {
    counts: false,
  });
});
