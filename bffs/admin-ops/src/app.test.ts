import { AdminRestaurantListSchema } from '@turno/contracts';
import { restaurantAccountState } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from './app';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
});
afterAll(() => bff.close());

describe('admin-ops BFF', () => {
  it('lists every restaurant, in every account state', async () => {
    const { status, body } = await bff.get('/api/admin/restaurants');
    expect(status).toBe(200);
    const restaurants = AdminRestaurantListSchema.parse(body);
    expect(restaurants.map((r) => r.business_name)).toContain('Supermercado Bom Preço');
    expect(new Set(restaurants.map(restaurantAccountState))).toEqual(new Set(['approved', 'pending', 'rejected']));
  });
});
