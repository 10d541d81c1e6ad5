import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): a shift's timesheet corrections wait on PostgreSQL twice (the
 * freelancer with the data version, then whether the shift is theirs with its proposals in one
 * statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let assignmentId: number;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
  const [row] = await bff.db.orm.em.getConnection().execute<{ id: number }[]>(
    `select p.assignment_id as id from timesheet_proposals p join assignments a on a.id = p.assignment_id
      where a.freelancer_id = ? limit 1`,
    [roles.freelancer.freelancerId],
  );
  assignmentId = row!.id;
});
afterAll(() => bff.close());

it('GET /api/freelancers/assignments/:id/timesheets: the freelancer, then the proposals; its 304 the freelancer alone', async () => {
  await expectListWithinRoundTrips(bff, `/api/freelancers/assignments/${assignmentId}/timesheets`, cookie, {
    counts: false,
  });
});
