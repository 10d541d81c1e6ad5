import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): a job's applications wait on PostgreSQL twice (the admin with
 * the data version, then the page with the count of each status and the job's existence in one
 * statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let jobId: number;

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
  const [row] = await bff.db.orm.em
    .getConnection()
    .execute<{ job_id: number }[]>(
      'select job_id from applications group by job_id order by count(*) desc limit 1',
    );
  jobId = row!.job_id;
});
afterAll(() => bff.close());

it.each(['', '?limit=1'])(
  'GET /api/admin/jobs/:id/applications%s: the admin, then page + counts; its 304 the admin alone',
  async (query) => {
    await expectListWithinRoundTrips(bff, `/api/admin/jobs/${jobId}/applications${query}`, cookie);
  },
);
