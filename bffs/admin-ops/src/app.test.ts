import { AdminRestaurantListSchema } from '@turno/contracts';
import { MESSAGES, restaurantAccountState } from '@turno/domain';
import { startBffForTest, walkRoles, walkRoutes, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff, routes } from './app';

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('admin-ops BFF', () => {
  it('lists every restaurant, in every account state, to an admin', async () => {
    const { status, body } = await bff.request('/api/admin/restaurants', {
      cookie: await bff.sessionCookie(roles.admin),
    });
    expect(status).toBe(200);
    const restaurants = AdminRestaurantListSchema.parse(body);
    expect(restaurants.map((r) => r.business_name)).toContain('Supermercado Bom Preço');
    expect(new Set(restaurants.map(restaurantAccountState))).toEqual(
      new Set(['approved', 'pending', 'rejected']),
    );
  });

  it('refuses a business session', async () => {
    const restaurant = await bff.sessionCookie(roles.restaurant);
    expect(await bff.request('/api/admin/restaurants', { cookie: restaurant })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.common.forbidden },
    });
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403', async () => {
    const { findings } = await walkRoutes({ bff, routes, roles });
    expect(findings).toEqual([]);
  });
});
