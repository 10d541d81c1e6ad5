import { AdminJobsPageSchema, AdminRestaurantsPageSchema } from '@turno/contracts';
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
  it('lists restaurants in every account state, a page at a time, with the stat cards', async () => {
    const cookie = await bff.sessionCookie(roles.admin);
    const { status, body } = await bff.request('/api/admin/restaurants', { cookie });
    expect(status).toBe(200);
    const page = AdminRestaurantsPageSchema.parse(body);
    const restaurants = page.items;
    expect(restaurants.map((r) => r.business_name)).toContain('Supermercado Bom Preço');
    expect(new Set(restaurants.map(restaurantAccountState))).toEqual(
      new Set(['approved', 'pending', 'rejected']),
    );
    expect(page.counts.all).toBe(page.counts.pending + page.counts.approved + page.counts.rejected);

    const firstTwo = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?limit=2', { cookie })).body,
    );
    const rest = AdminRestaurantsPageSchema.parse(
      (await bff.request(`/api/admin/restaurants?limit=200&cursor=${firstTwo.nextCursor}`, { cookie })).body,
    );
    expect([...firstTwo.items, ...rest.items].map((r) => r.id)).toEqual(restaurants.map((r) => r.id));

    const pending = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?status=pending', { cookie })).body,
    );
    expect(pending.items.every((r) => restaurantAccountState(r) === 'pending')).toBe(true);
    expect(pending.total).toBe(page.counts.pending);
    const searched = AdminRestaurantsPageSchema.parse(
      (await bff.request('/api/admin/restaurants?q=BOM%20PRECO', { cookie })).body,
    );
    expect(searched.items.map((r) => r.business_name)).toEqual(['Supermercado Bom Preço']);
  });

  it('lists every job for the command centre, filtered on the server', async () => {
    const cookie = await bff.sessionCookie(roles.admin);
    const page = AdminJobsPageSchema.parse((await bff.request('/api/admin/jobs?limit=200', { cookie })).body);
    expect(new Set(page.items.map((job) => job.restaurant_name)).size).toBeGreaterThan(1);
    expect(page.total).toBe(page.counts.all);
    const one = AdminJobsPageSchema.parse(
      (
        await bff.request(`/api/admin/jobs?restaurantId=${roles.restaurant.restaurantId}&status=open`, {
          cookie,
        })
      ).body,
    );
    expect(one.items.every((job) => job.restaurant_id === roles.restaurant.restaurantId)).toBe(true);
    expect(one.items.every((job) => job.status === 'open')).toBe(true);
    expect((await bff.request('/api/admin/jobs?date=ontem', { cookie })).status).toBe(400);
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
