import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@turno/domain';
import { Restaurant } from '../model';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '../testing';
import { admin, asFreelancer, expectRefusal, insertEligibleFreelancer, NOW } from '../shared/test-kit';
import { geocoderSettingsFromEnv, nominatimGeocoder, type Geocoder } from './geocoder';
import {
  geocodeQueryOf,
  geocodeStore,
  geocodeStoresWithoutLocation,
  markForGeocodingIfMoved,
  setStoreLocation,
  storeLocation,
  storeLocationGeocodedIfMissing,
} from './store-location.service';

/** A Nominatim-compatible fake: answers by the query's first word; records what it was asked. */
let server: Server;
let base: string;
const asked: URLSearchParams[] = [];
const ANSWERS: Record<string, (respond: (status: number, body: unknown) => void) => void> = {
  found: (respond) => respond(200, [{ lat: '-23.5614', lon: '-46.6559', display_name: 'MASP' }]),
  near: (respond) =>
    respond(200, [
      { lat: '-23.5614', lon: '-46.6559' },
      { lat: '-23.5615', lon: '-46.6560' },
    ]),
  twice: (respond) =>
    respond(200, [
      { lat: '-23.5614', lon: '-46.6559' },
      { lat: '-22.9068', lon: '-43.1729' },
    ]),
  nothing: (respond) => respond(200, []),
  broken: (respond) => respond(500, { error: 'boom' }),
  slow: () => undefined,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://x').searchParams;
    asked.push(params);
    const answer = ANSWERS[(params.get('q') ?? '').split(/[ ,]/)[0]!] ?? ANSWERS.nothing!;
    answer((status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * The geocoder under test. Its deadline is long (a loaded machine must not turn an answer into a
 * timeout); the timeout case uses a short one against a server that never answers.
 */
const geocoder = (timeoutMs = 30_000): Geocoder =>
  nominatimGeocoder({ searchUrl: base, userAgent: 'Turno-test/1.0', timeoutMs });

describe('nominatimGeocoder', () => {
  it('asks the published /search API in Brazil for two answers', async () => {
    expect(await geocoder()('found Rua A')).toEqual({
      status: 'found',
      latitude: -23.5614,
      longitude: -46.6559,
    });
    expect(Object.fromEntries(asked.at(-1)!)).toMatchObject({
      format: 'jsonv2',
      countrycodes: 'br',
      limit: '2',
      q: 'found Rua A',
    });
  });
  it('takes the first of two close answers, and calls two far apart ambiguous', async () => {
    expect(await geocoder()('near')).toMatchObject({ status: 'found', latitude: -23.5614 });
    expect(await geocoder()('twice')).toEqual({ status: 'ambiguous' });
  });
  it('says not found, and fails on a 500 or a timeout', async () => {
    expect(await geocoder()('nothing')).toEqual({ status: 'not_found' });
    expect(await geocoder()('broken')).toEqual({ status: 'failed', detail: 'HTTP 500' });
    expect(await geocoder(300)('slow')).toMatchObject({ status: 'failed' });
  });
  it('reads its settings from the environment', () => {
    expect(geocoderSettingsFromEnv({ ADDRESS_SEARCH_URL: 'http://a/search' })).toMatchObject({
      searchUrl: 'http://a/search',
      timeoutMs: 5000,
    });
    expect(
      geocoderSettingsFromEnv({ GEOCODER_URL: 'http://b/search', GEOCODER_TIMEOUT_MS: '900' }),
    ).toMatchObject({
      searchUrl: 'http://b/search',
      timeoutMs: 900,
    });
    expect(() => geocoderSettingsFromEnv({ GEOCODER_TIMEOUT_MS: 'x' })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });
});

describe('store location', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('builds the query from street, number, the rest and the CEP', () => {
    expect(
      geocodeQueryOf({
        address: 'Rua Vergueiro, Vila Mariana, São Paulo - SP',
        addressNumber: '1500',
        cep: '04101000',
      }),
    ).toBe('Rua Vergueiro, 1500, Vila Mariana, São Paulo - SP, 04101-000');
  });

  it('caches a found address on the business; not found and ambiguous leave it unset; failed changes nothing', async () => {
    const store = await insertRestaurant(em(), {
      address: 'found Av. Paulista, São Paulo - SP',
      addressNumber: '1578',
    });
    const found = await geocodeStore(em(), admin, geocoder(), store.id, NOW);
    expect(found).toMatchObject({
      outcome: 'found',
      location: {
        latitude: -23.5614,
        longitude: -46.6559,
        geocodeStatus: 'found',
        geocodedAt: NOW,
        radiusM: null,
      },
    });
    const saved = await em().findOneOrFail(Restaurant, { id: store.id });
    expect(Number(saved.latitude)).toBe(-23.5614);

    await em().nativeUpdate(Restaurant, { id: store.id }, { address: 'broken Rua X' });
    expect(await geocodeStore(em(), admin, geocoder(), store.id, NOW)).toMatchObject({
      outcome: 'failed',
      location: { latitude: -23.5614, geocodeStatus: 'found' },
    });
    await em().nativeUpdate(Restaurant, { id: store.id }, { address: 'twice Rua X' });
    expect(await geocodeStore(em(), admin, geocoder(), store.id, NOW)).toMatchObject({
      outcome: 'ambiguous',
      location: { latitude: null, longitude: null, geocodeStatus: 'ambiguous' },
    });
    await em().nativeUpdate(Restaurant, { id: store.id }, { address: 'nothing Rua X' });
    expect((await geocodeStore(em(), admin, geocoder(), store.id, NOW)).location.geocodeStatus).toBe(
      'not_found',
    );
  });

  it('geocodes on demand once, and refuses a store without an address', async () => {
    const store = await insertRestaurant(em(), { address: 'found Rua Y' });
    const calls = asked.length;
    expect(await storeLocationGeocodedIfMissing(em(), admin, geocoder(), store.id, NOW)).toMatchObject({
      geocodeStatus: 'found',
    });
    await storeLocationGeocodedIfMissing(em(), admin, geocoder(), store.id, NOW);
    expect(asked.length).toBe(calls + 1);
    const bare = await insertRestaurant(em());
    await expectRefusal(
      geocodeStore(em(), admin, geocoder(), bare.id, NOW),
      409,
      MESSAGES.presence.geocodeNoAddress,
    );
  });

  it('the sweep geocodes stores never geocoded or whose address changed, not manual ones', async () => {
    const fresh = await insertRestaurant(em(), { address: 'found Rua Nova' });
    const placed = await insertRestaurant(em(), { address: 'found Rua Posta' });
    await setStoreLocation(em(), admin, placed.id, { latitude: -23.5, longitude: -46.6, radiusM: null }, NOW);
    await em().nativeUpdate(
      Restaurant,
      { geocodeStatus: null, id: { $nin: [fresh.id, placed.id] } },
      {
        geocodeStatus: 'not_found',
      },
    );
    expect(await geocodeStoresWithoutLocation(em(), geocoder(), NOW)).toEqual({ geocoded: 1, failed: 0 });
    expect(await storeLocation(em(), admin, fresh.id)).toMatchObject({
      geocodeStatus: 'found',
      latitude: -23.5614,
    });

    const moved = await em().findOneOrFail(Restaurant, { id: fresh.id });
    const before = geocodeQueryOf(moved);
    moved.address = 'found Rua Mudou';
    markForGeocodingIfMoved(moved, before);
    expect(moved.geocodeStatus).toBeNull();
    const manual = await em().findOneOrFail(Restaurant, { id: placed.id });
    manual.address = 'Outra Rua';
    markForGeocodingIfMoved(manual, 'found Rua Posta');
    expect(manual.geocodeStatus).toBe('manual');
  });

  it('lets an admin place the store and set its radius; nobody else reads it', async () => {
    const store = await insertRestaurant(em());
    expect(
      await setStoreLocation(em(), admin, store.id, { latitude: -23.5, longitude: -46.6, radiusM: 300 }, NOW),
    ).toMatchObject({ latitude: -23.5, longitude: -46.6, radiusM: 300, geocodeStatus: 'manual' });
    await expectRefusal(
      setStoreLocation(em(), admin, store.id, { latitude: -23.5, longitude: null, radiusM: null }),
      400,
      MESSAGES.presence.coordinatesTogether,
    );
    await expectRefusal(
      setStoreLocation(em(), admin, store.id, { latitude: 91, longitude: 0, radiusM: null }),
      400,
      MESSAGES.presence.latitudeRange,
    );
    await expectRefusal(
      setStoreLocation(em(), admin, store.id, { latitude: 0, longitude: 0, radiusM: 10 }),
      400,
      MESSAGES.presence.radiusRange(50, 2000),
    );
    await expectRefusal(storeLocation(em(), admin, 999_999), 404, MESSAGES.restaurants.notFound);
    const freelancer = await insertEligibleFreelancer(em());
    await expectRefusal(
      storeLocation(em(), asFreelancer(freelancer), store.id),
      403,
      MESSAGES.common.forbidden,
    );
  });
});
