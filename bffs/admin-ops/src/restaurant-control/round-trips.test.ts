import {
  LIST_ROUND_TRIPS,
  countRoundTrips,
  expectListWithinRoundTrips,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Round trips, not only CPU (issue 24): a restaurant's agenda in "Controle Mercado" waits on
 * PostgreSQL twice (the admin with the data version, then the page with its counts; a job counted
 * proves the restaurant exists), a poll answered 304 once; Redis for the session only.
 */
let bff: TestBff;
let cookie: string;
let restaurantId: number;

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
  restaurantId = roles.restaurant.restaurantId;
});
afterAll(() => bff.close());

it.each(['', '?period=month', '?period=month&status=completed&q=caixa'])(
  'GET /api/admin/restaurants/:id/jobs%s: the admin, then page + counts; its 304 the admin alone',
  async (query) => {
    await expectListWithinRoundTrips(bff, `/api/admin/restaurants/${restaurantId}/jobs${query}`, cookie);
  },
);

it('an empty agenda (no job to prove the business exists) asks for the business once per data version', async () => {
  const path = `/api/admin/restaurants/${restaurantId}/jobs?date=2031-01-06`;
  const servers = { orm: bff.db.orm, redis: bff.redis };
  const read = () => countRoundTrips(servers, () => bff.request(path, { cookie }));
  const first = await read();
  expect(first.result.status).toBe(200);
  expect(first.result.body).toMatchObject({ items: [], counts: { all: 0 } });
  expect(first.postgres.some((sql) => sql.includes('from restaurants where id'))).toBe(true);
  // Read again at the same version (a 200, not a 304: no If-None-Match): the counts and the
  // business's existence are kept, so it waits on PostgreSQL no more than any list.
  const again = await read();
  expect(again.result.status).toBe(200);
  expect(again.postgres.some((sql) => sql.includes('from restaurants where id'))).toBe(false);
  expect(again.postgres.length).toBeLessThanOrEqual(LIST_ROUND_TRIPS.postgres);

  // A business that does not exist is 404 at every read, whatever was kept.
  for (let i = 0; i < 2; i++)
    expect((await bff.request('/api/admin/restaurants/999999/jobs?date=2031-01-06', { cookie })).status).toBe(
      404,
    );
});
