import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AdminAuditEventsPageSchema, StoreLocationResponseSchema } from '@turno/contracts';
import { insertRestaurant } from '@turno/core/testing';
import { MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/** A Nominatim-compatible fake: "Rua Achada" is found, "Rua Dupla" is two far-apart places, anything else nothing. */
let geocoder: Server;
let bff: TestBff;
let roles: WalkRoles;
let cookie: string;

beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const q = new URL(request.url ?? '/', 'http://x').searchParams.get('q') ?? '';
    const places = q.startsWith('Rua Achada')
      ? [{ lat: '-23.5614', lon: '-46.6559' }]
      : q.startsWith('Rua Dupla')
        ? [
            { lat: '-23.5614', lon: '-46.6559' },
            { lat: '-22.9068', lon: '-43.1729' },
          ]
        : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  process.env.GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(async () => {
  await bff.close();
  geocoder.closeAllConnections();
  await new Promise((resolve) => geocoder.close(resolve));
});

const location = (id: number, init: { method?: string; json?: unknown } = {}, path = '') =>
  bff.request(`/api/admin/restaurants/${id}/location${path}`, { cookie, ...init });

describe('store location (Mercados → Localização)', () => {
  it('geocodes a never-geocoded store on first look, and again on demand', async () => {
    const store = await insertRestaurant(bff.db.orm.em.fork(), {
      address: 'Rua Achada, Centro, São Paulo - SP',
    });
    const first = await location(store.id);
    expect(first.status).toBe(200);
    expect(StoreLocationResponseSchema.parse(first.body)).toMatchObject({
      latitude: -23.5614,
      longitude: -46.6559,
      geocode_status: 'found',
      radius_m: null,
      default_radius_m: 200,
    });
    const dupla = await insertRestaurant(bff.db.orm.em.fork(), { address: 'Rua Dupla, São Paulo - SP' });
    expect(await location(dupla.id, { method: 'POST', json: {} }, '/geocode')).toMatchObject({
      status: 200,
      body: { geocode_status: 'ambiguous', latitude: null, message: MESSAGES.presence.geocodeAmbiguous },
    });
  });

  it('lets the admin place the store with a reason, audited before/after', async () => {
    const store = await insertRestaurant(bff.db.orm.em.fork(), { address: 'Rua Nenhuma' });
    const saved = await location(store.id, {
      method: 'PUT',
      json: { latitude: -23.55, longitude: -46.63, radius_m: 300, reason: 'Endereço novo confirmado' },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { latitude: -23.55, longitude: -46.63, radius_m: 300, geocode_status: 'manual' },
    });
    expect(saved.body).not.toHaveProperty('correctionReason');
    const trail = AdminAuditEventsPageSchema.parse(
      (await bff.request(`/api/admin/audit-events?targetType=restaurants&targetId=${store.id}`, { cookie }))
        .body,
    );
    expect(trail.items[0]).toMatchObject({
      action: 'PUT /api/admin/restaurants/:id/location',
      outcome: 'success',
    });
    expect(trail.items[0]!.after).toMatchObject({
      [`restaurants:${store.id}`]: { latitude: -23.55, longitude: -46.63, geofence_radius_m: 300 },
      [`location-corrections:${store.id}`]: { correction_reason: 'Endereço novo confirmado' },
    });
  });

  it('answers bad input with a pt-BR 400 and a missing store with 404', async () => {
    const store = await insertRestaurant(bff.db.orm.em.fork());
    expect(
      await location(store.id, {
        method: 'PUT',
        json: { latitude: 95, longitude: 0, radius_m: null, reason: 'corrigir' },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.presence.latitudeRange) },
    });
    expect(
      await location(store.id, {
        method: 'PUT',
        json: { latitude: 1, longitude: 1, radius_m: 10, reason: 'corrigir' },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.presence.radiusRange(50, 2000)) },
    });
    expect(
      await location(store.id, {
        method: 'PUT',
        json: { latitude: 1, longitude: 1, radius_m: null, reason: '' },
      }),
    ).toMatchObject({ status: 400 });
    expect(await location(999_999)).toMatchObject({
      status: 404,
      body: { error: MESSAGES.restaurants.notFound },
    });
  });
});
