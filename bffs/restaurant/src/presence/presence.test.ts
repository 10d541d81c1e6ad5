import { PresenceCodeResponseSchema } from '@turno/contracts';
import { PresenceKeys, matchPresenceCode, presenceSecretOf } from '@turno/core';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('GET /api/restaurant/presence-code', () => {
  it("shows the store's current code, its QR code and the countdown, never cached", async () => {
    const cookie = await bff.sessionCookie(roles.restaurant);
    const response = await bff.request('/api/restaurant/presence-code', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers?.get('cache-control')).toBe('no-store');
    expect(response.headers?.get('etag')).toBeNull();
    const shown = PresenceCodeResponseSchema.parse(response.body);
    expect(shown.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = await presenceSecretOf(
      bff.db.orm.em.fork(),
      new PresenceKeys(),
      roles.restaurant.restaurantId,
    );
    expect(matchPresenceCode(secret, shown.code, new Date())).not.toBeNull();
  });

  it('is for businesses only', async () => {
    const freelancer = await bff.sessionCookie(roles.freelancer);
    expect((await bff.request('/api/restaurant/presence-code', { cookie: freelancer })).status).toBe(403);
    expect((await bff.request('/api/restaurant/presence-code')).status).toBe(401);
  });
});
