import {
  expectListWithinRoundTrips,
  listRoundTrips,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): "Serviços da fatura" waits on PostgreSQL twice (the admin
 * with the data version, then the page with its totals and whether the restaurant exists, in one
 * statement), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let path: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
  // The demo restaurant with the most billable services, over the period they span (at most 31 days).
  const [busiest] = await bff.db.orm.em.getConnection().execute<{ id: number; last: string }[]>(
    `select j.restaurant_id as id, to_char(max(j.date_needed), 'YYYY-MM-DD') as last
       from assignments a join jobs j on j.id = a.job_id
      where a.status = 'completed' group by j.restaurant_id order by count(*) desc, j.restaurant_id limit 1`,
  );
  const first = new Date(Date.parse(`${busiest!.last}T00:00:00Z`) - 30 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  path = `/api/admin/invoice-services?restaurantId=${busiest!.id}&startDate=${first}&endDate=${busiest!.last}`;
});
afterAll(() => bff.close());

it('GET /api/admin/invoice-services: the admin, then page + totals; its 304 the admin alone', async () => {
  await expectListWithinRoundTrips(bff, path, cookie);
  const { ok } = await listRoundTrips(bff, path, cookie);
  expect(ok.postgres).toHaveLength(2);
  expect(ok.postgres[1]).toContain('restaurant_exists');
});

it('a page after the first (keyset cursor) is as cheap', async () => {
  const first = await bff.request(`${path}&limit=1`, { cookie });
  expect(first.status).toBe(200);
  const next = (first.body as { nextCursor: string | null }).nextCursor;
  expect(next).not.toBeNull();
  await expectListWithinRoundTrips(bff, `${path}&limit=1&cursor=${encodeURIComponent(next!)}`, cookie);
});
