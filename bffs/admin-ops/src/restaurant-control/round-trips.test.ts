import { expectListWithinRoundTrips, startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
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
