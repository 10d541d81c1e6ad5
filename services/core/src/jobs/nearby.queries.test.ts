import { FreelancerJobsPageSchema, FreelancerJobsQuerySchema, type OpenJob } from '@turno/contracts';
import { distanceMeters, rankNearbyVacancies, shownDistanceKm, type GeoPoint } from '@turno/domain';
import { Block, type Freelancer, type Job, type Restaurant } from '../model';
import { setSearchArea } from '../presence';
import {
  createTestDatabase,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '../testing';
import { listOpenJobsPage } from './jobs.queries';

/**
 * "Vagas" ranked by fit and distance with PostgreSQL's cube + earthdistance (issue 26), against the
 * order libs/domain defines (rankNearbyVacancies): the stores placed around Avenida Paulista, one
 * just inside 15 km, one just outside, one 40 km away, one that could not be placed.
 */

// Wednesday 2026-11-18, 07:00 in Sao Paulo.
const NOW = new Date('2026-11-18T10:00:00Z');
const PAULISTA: GeoPoint = { latitude: -23.5614, longitude: -46.6559 };
const EARTH_RADIUS_M = 6_371_008.8;

/** The point `km` away from `from` due east (great-circle destination on libs/domain's sphere). */
function eastOf(from: GeoPoint, km: number): GeoPoint {
  const angle = (km * 1000) / EARTH_RADIUS_M;
  const lat = (from.latitude * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat) * Math.cos(angle));
  const lon2 = Math.atan2(Math.sin(angle) * Math.cos(lat), Math.cos(angle) - Math.sin(lat) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: from.longitude + (lon2 * 180) / Math.PI };
}

describe('vacancies near the freelancer (cube + earthdistance)', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  let stock: Freelancer;
  const stores: Record<string, { store: Restaurant; place: GeoPoint | null }> = {};
  const jobs: { job: Job; store: string }[] = [];
  const vacancies = (freelancer: Freelancer, query: Record<string, unknown> = {}) =>
    listOpenJobsPage(em(), freelancer.id, FreelancerJobsQuerySchema.parse(query), { now: NOW }).then((page) =>
      FreelancerJobsPageSchema.parse(page),
    );
  const placeHome = (freelancer: Freelancer, at: GeoPoint | null, status = 'found') =>
    em().execute(
      `insert into freelancer_search_areas (freelancer_id, home_query, home_latitude, home_longitude,
         home_geocode_status, home_geocoded_at) values (?, 'Casa', ?, ?, ?, now())
       on conflict (freelancer_id) do update set home_latitude = excluded.home_latitude,
         home_longitude = excluded.home_longitude, home_geocode_status = excluded.home_geocode_status`,
      [freelancer.id, at?.latitude ?? null, at?.longitude ?? null, status],
    );
  const actor = (freelancer: Freelancer) =>
    ({ role: 'freelancer', freelancerId: freelancer.id, userId: 0 }) as const;

  beforeAll(async () => {
    db = await createTestDatabase();
    const setup = em();
    const places: Record<string, GeoPoint | null> = {
      near: eastOf(PAULISTA, 2),
      nearToo: eastOf(PAULISTA, 2.04),
      edgeIn: eastOf(PAULISTA, 14.999),
      edgeOut: eastOf(PAULISTA, 15.001),
      far: eastOf(PAULISTA, 40),
      unplaced: null,
    };
    for (const [name, place] of Object.entries(places)) {
      const store = await insertRestaurant(setup, {
        businessName: `Mercado ${name}`,
        address: `Rua ${name}, Bela Vista, São Paulo - SP`,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        geocodeStatus: place ? 'found' : 'not_found',
      });
      stores[name] = { store, place };
    }
    const add = async (store: string, fields: Partial<Job>) =>
      jobs.push({ job: await insertJob(setup, stores[store]!.store, fields), store });
    await add('near', { positionType: 'Operador de Caixa', dateNeeded: '2026-11-19' });
    await add('near', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-20' });
    // Same shown distance (2,0 km), same day and start: the better paid first.
    await add('nearToo', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-20' });
    await add('nearToo', {
      positionType: 'Estoquista',
      title: 'Estoquista noturno',
      dateNeeded: '2026-11-20',
      chargeCents: 17_900,
    });
    await add('edgeIn', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-19' });
    await add('edgeOut', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-19' });
    await add('far', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-19' });
    await add('unplaced', { positionType: 'Estoquista', title: 'Estoquista', dateNeeded: '2026-11-21' });
    await add('unplaced', { positionType: 'Operador de Caixa', dateNeeded: '2026-11-19' });
    stock = await insertFreelancer(setup, { specialties: ['Estoquista'] });
    await placeHome(stock, PAULISTA);
  });
  afterAll(() => db.drop());

  /** What libs/domain says the freelancer sees from `origin` within `km`. */
  const expected = (origin: GeoPoint | null, km: number, specialties: string[]) =>
    rankNearbyVacancies(
      jobs.map(({ job, store }) => ({
        id: job.id,
        positionType: job.positionType,
        date: job.dateNeeded,
        startTime: job.startTime,
        chargeCents: job.chargeCents,
        place: stores[store]!.place,
      })),
      origin,
      km,
      specialties,
    );
  const shape = (items: OpenJob[]) => items.map((item) => [item.id, item.distance_km]);

  it('ranks by fit, then distance (100 m steps), date and price, unplaced stores last, as libs/domain does', async () => {
    const page = await vacancies(stock);
    const reference = expected(PAULISTA, 15, ['Estoquista']);
    expect(shape(page.items)).toEqual(
      reference.map((vacancy) => [
        vacancy.id,
        vacancy.distanceM === null ? null : shownDistanceKm(vacancy.distanceM),
      ]),
    );
    expect(page.total).toBe(reference.length);
    expect(page.area).toEqual({ origin: 'home', radius_km: 15 });
    // Estoquista first (near, the better paid at the same 2,0 km, …, 15,0 km), then the others.
    expect(page.items.map((item) => [item.position_type, item.distance_km])).toEqual([
      ['Estoquista', 2],
      ['Estoquista', 2],
      ['Estoquista', 2],
      ['Estoquista', 15],
      ['Estoquista', null],
      ['Operador de Caixa', 2],
      ['Operador de Caixa', null],
    ]);
    expect(page.items[0]!.title).toBe('Estoquista noturno');
  });

  it('keeps 14.999 km and leaves out 15.001 km and 40 km (the edge is 15 km, in)', async () => {
    expect(distanceMeters(PAULISTA, stores.edgeIn!.place!)).toBeCloseTo(14_999, 3);
    const ids = (await vacancies(stock)).items.map((item) => item.id);
    const at = (store: string) => jobs.filter((entry) => entry.store === store).map(({ job }) => job.id);
    expect(ids).toEqual(expect.arrayContaining(at('edgeIn')));
    for (const id of [...at('edgeOut'), ...at('far')]) expect(ids).not.toContain(id);
  });

  it('never tells the store, its address or its position: the neighbourhood and the distance only', async () => {
    const page = await vacancies(stock);
    expect(page.items[0]).toMatchObject({ restaurant_neighborhood: 'Bela Vista' });
    expect(JSON.stringify(page)).not.toMatch(/Mercado|Rua near|latitude|-23\.5/);
  });

  it('pages with the cursor through the same order (keyset on the new key)', async () => {
    const all = (await vacancies(stock)).items.map((item) => item.id);
    const walked: number[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await vacancies(stock, { limit: 2, ...(cursor ? { cursor } : {}) });
      walked.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all);
  });

  it('narrows to the distance asked on the list, and widens to it', async () => {
    const five = await vacancies(stock, { distance_km: 5 });
    expect(shape(five.items)).toEqual(
      expected(PAULISTA, 5, ['Estoquista']).map((v) => [
        v.id,
        v.distanceM === null ? null : shownDistanceKm(v.distanceM),
      ]),
    );
    expect(five.area).toEqual({ origin: 'home', radius_km: 5 });
    const fifty = await vacancies(stock, { distance_km: 50 });
    expect(fifty.items.map((item) => item.distance_km)).toContain(40);
  });

  it('searches from the current position when chosen, and from home again after', async () => {
    const far = stores.far!.place!;
    await setSearchArea(em(), actor(stock), { origin: 'current', radiusKm: 15, position: far }, NOW);
    const page = await vacancies(stock);
    expect(page.area).toEqual({ origin: 'current', radius_km: 15 });
    expect(page.items[0]).toMatchObject({ position_type: 'Estoquista', distance_km: 0 });
    expect(page.items.map((item) => item.distance_km).filter((km) => km !== null)).toEqual([0]);

    await setSearchArea(em(), actor(stock), { origin: 'home', radiusKm: 25 }, NOW);
    const home = await vacancies(stock);
    expect(home.area).toEqual({ origin: 'home', radius_km: 25 });
    expect(home.items.map((item) => item.distance_km)).toContain(15);
    const [kept] = await em().execute(
      'select current_latitude from freelancer_search_areas where freelancer_id = ?',
      [stock.id],
    );
    expect(kept!.current_latitude).toBeNull(); // the device's position is not kept once unused
    await setSearchArea(em(), actor(stock), { origin: 'home', radiusKm: 15 }, NOW);
  });

  it('shows every vacancy without distance to a freelancer who cannot be placed, in the fit order', async () => {
    const nowhere = await insertFreelancer(em(), { specialties: ['Estoquista'] });
    await placeHome(nowhere, null, 'not_found');
    const page = await vacancies(nowhere);
    expect(page.area).toEqual({ origin: null, radius_km: 15 });
    expect(page.total).toBe(jobs.length);
    expect(shape(page.items)).toEqual(
      expected(null, 15, ['Estoquista']).map((vacancy) => [vacancy.id, null]),
    );
  });

  it('leaves out the vacancies of a store that blocked the freelancer, placed or not, and only theirs', async () => {
    const blockedOne = await insertFreelancer(em(), { specialties: ['Estoquista'] });
    await placeHome(blockedOne, PAULISTA);
    const setup = em();
    for (const name of ['near', 'unplaced'])
      setup.create(Block, {
        freelancer: blockedOne.id,
        restaurant: stores[name]!.store.id,
        blockedBy: 'restaurant',
      });
    await setup.flush();
    const at = (store: string) => jobs.filter((entry) => entry.store === store).map(({ job }) => job.id);
    const seen = (await vacancies(blockedOne)).items.map((item) => item.id);
    for (const id of [...at('near'), ...at('unplaced')]) expect(seen).not.toContain(id);
    expect(seen).toEqual(
      (await vacancies(stock)).items
        .map((item) => item.id)
        .filter((id) => !at('near').includes(id) && !at('unplaced').includes(id)),
    );
    expect((await vacancies(blockedOne)).total).toBe(seen.length);
  });

  it('reads the origin, the page and the total in one statement, then the page alone while the version holds', async () => {
    const original = db.orm.config.get('onQuery');
    let statements = 0;
    db.orm.config.set('onQuery', (sql, params) => {
      statements += 1;
      return original(sql, params);
    });
    try {
      const read = () =>
        listOpenJobsPage(em(), stock.id, FreelancerJobsQuerySchema.parse({ distance_km: 20 }), {
          now: NOW,
          dataVersion: 77,
        });
      const first = await read();
      expect(statements).toBe(1);
      statements = 0;
      const again = await read();
      expect(statements).toBe(1);
      expect(again).toEqual(first);
      expect(first.area).toEqual({ origin: 'home', radius_km: 20 });
    } finally {
      db.orm.config.set('onQuery', original);
    }
  });

  it('prefilters the stores on the GiST index of ll_to_earth (earth_box @>)', async () => {
    const plan = await em().transactional(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      const rows = await tx.execute<{ 'QUERY PLAN': string }[]>(
        `explain select r.id from restaurants r
         where earth_box(ll_to_earth(?, ?), 15000) @> ll_to_earth(r.latitude, r.longitude)`,
        [PAULISTA.latitude, PAULISTA.longitude],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('restaurants_earth_index');
  });
});
