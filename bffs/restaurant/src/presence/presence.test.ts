import { PresenceCodeResponseSchema } from '@turno/contracts';
import { OWNER_MEMBERSHIP, PresenceKeys, Store, matchPresenceCode, presenceSecretOf } from '@turno/core';
import { insertBusinessMember, insertRestaurant } from '@turno/core/testing';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

/** A business's first store. */
async function mainStoreOf(restaurantId: number): Promise<number> {
  const [store] = await bff.db.orm.em
    .fork()
    .execute<{ id: number }[]>('select id from stores where restaurant_id = ? order by id limit 1', [
      restaurantId,
    ]);
  return store!.id;
}

describe('GET /api/restaurant/presence-code', () => {
  it("shows the store's current code, its QR code and the countdown, never cached", async () => {
    const cookie = await bff.sessionCookie(roles.restaurant);
    const response = await bff.request('/api/restaurant/presence-code', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers?.get('cache-control')).toBe('no-store');
    expect(response.headers?.get('etag')).toBeNull();
    const shown = PresenceCodeResponseSchema.parse(response.body);
    expect(shown.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(shown.store_id).toBe(await mainStoreOf(roles.restaurant.restaurantId));
    const secret = await presenceSecretOf(bff.db.orm.em.fork(), new PresenceKeys(), shown.store_id!);
    expect(matchPresenceCode(secret, shown.code, new Date())).not.toBeNull();
  });

  it("shows each store's own code to its members, 404 for a store that is not theirs (issue 28)", async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em);
    const main = await mainStoreOf(restaurant.id);
    const second = em.create(Store, { restaurant, name: 'Loja Dois' });
    await em.flush();
    const owner = await bff.sessionCookie({
      role: 'restaurant',
      restaurantId: restaurant.id,
      userId: restaurant.user.id,
      member: OWNER_MEMBERSHIP,
    });
    const code = async (cookie: string, storeId?: number) =>
      bff.request(`/api/restaurant/presence-code${storeId ? `?storeId=${storeId}` : ''}`, { cookie });
    const ofSecond = PresenceCodeResponseSchema.parse((await code(owner, second.id)).body);
    expect(ofSecond.store_id).toBe(second.id);
    const secret = await presenceSecretOf(bff.db.orm.em.fork(), new PresenceKeys(), second.id);
    expect(matchPresenceCode(secret, ofSecond.code, new Date())).not.toBeNull();

    const { user, storeIds } = await insertBusinessMember(em, restaurant, 'supervisor', [second.id]);
    const supervisor = await bff.sessionCookie({
      role: 'restaurant',
      restaurantId: restaurant.id,
      userId: user.id,
      member: { role: 'supervisor', storeIds },
    });
    expect(PresenceCodeResponseSchema.parse((await code(supervisor)).body).store_id).toBe(second.id);
    expect(await code(supervisor, main)).toMatchObject({
      status: 404,
      body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound },
    });
    const stranger = await insertRestaurant(em);
    expect((await code(owner, await mainStoreOf(stranger.id))).status).toBe(404);
  });

  it('is for businesses only', async () => {
    const freelancer = await bff.sessionCookie(roles.freelancer);
    expect((await bff.request('/api/restaurant/presence-code', { cookie: freelancer })).status).toBe(403);
    expect((await bff.request('/api/restaurant/presence-code')).status).toBe(401);
  });
});
