import { createTestDatabase, insertFreelancer, type TestDatabase } from '../testing';
import { DomainError } from '../shared/domain-error';
import type { GeocodeAnswer, Geocoder } from './geocoder';
import {
  geocodeFreelancerHome,
  geocodeFreelancerHomes,
  readSearchArea,
  setSearchArea,
} from './search-area.service';

/** Freelancers' homes placed with the stores' geocoder, cached, and their search choices (issue 26). */
describe('freelancer search area', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const asked: string[] = [];
  const answers: Record<string, GeocodeAnswer> = {
    'Rua Harmonia, 320 - Vila Madalena, São Paulo - SP': {
      status: 'found',
      latitude: -23.5563,
      longitude: -46.6866,
    },
    'Rua Ambígua, 1': { status: 'ambiguous' },
    'Rua Fora do Ar, 1': { status: 'failed', detail: 'HTTP 503' },
  };
  const geocoder: Geocoder = async (query) => {
    asked.push(query);
    return answers[query] ?? { status: 'not_found' };
  };
  const actor = (freelancerId: number) => ({ role: 'freelancer', freelancerId, userId: 0 }) as const;
  const setAddress = (freelancerId: number, address: string | null) =>
    em().execute('update freelancers set address = ? where id = ?', [address, freelancerId]);
  const events = async (freelancerId: number) =>
    Number(
      (
        await em().execute('select count(*) as n from domain_events where freelancer_id = ?', [freelancerId])
      )[0]!.n,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());
  beforeEach(() => {
    asked.length = 0;
  });

  it('places a home once, reuses the answer for the same address, and says when it cannot', async () => {
    const ana = await insertFreelancer(em(), {
      address: 'Rua Harmonia, 320 - Vila Madalena, São Paulo - SP',
    });
    expect((await readSearchArea(em(), ana.id)).home_status).toBe('pending');
    expect(await geocodeFreelancerHome(em(), geocoder, ana.id)).toBe('found');
    expect(await readSearchArea(em(), ana.id)).toMatchObject({
      origin: 'home',
      radius_km: 15,
      home_status: 'found',
      home_address: 'Rua Harmonia, 320 - Vila Madalena, São Paulo - SP',
      has_current_position: false,
    });
    expect(await events(ana.id)).toBe(1); // her "Vagas" is read again
    expect(await geocodeFreelancerHome(em(), geocoder, ana.id)).toBe('unchanged');

    // Someone else at the same address: the cached answer, no request.
    const bia = await insertFreelancer(em(), {
      address: '  Rua Harmonia, 320 -   Vila Madalena, São Paulo - SP ',
    });
    expect(await geocodeFreelancerHome(em(), geocoder, bia.id)).toBe('found');
    expect(asked).toEqual(['Rua Harmonia, 320 - Vila Madalena, São Paulo - SP']);

    const lost = await insertFreelancer(em(), { address: 'Rua Ambígua, 1' });
    await geocodeFreelancerHome(em(), geocoder, lost.id);
    expect((await readSearchArea(em(), lost.id)).home_status).toBe('ambiguous');
    const none = await insertFreelancer(em(), { address: null });
    expect((await readSearchArea(em(), none.id)).home_status).toBe('missing');
  });

  it('geocodes a changed address again; a geocoder that fails leaves it pending for the sweep', async () => {
    const carla = await insertFreelancer(em(), {
      address: 'Rua Harmonia, 320 - Vila Madalena, São Paulo - SP',
    });
    await geocodeFreelancerHome(em(), geocoder, carla.id);
    await setAddress(carla.id, 'Rua Fora do Ar, 1');
    expect((await readSearchArea(em(), carla.id)).home_status).toBe('pending');
    expect(await geocodeFreelancerHome(em(), geocoder, carla.id)).toBe('failed');
    expect((await readSearchArea(em(), carla.id)).home_status).toBe('pending');

    answers['Rua Fora do Ar, 1'] = { status: 'found', latitude: -23.5, longitude: -46.6 };
    const swept = await geocodeFreelancerHomes(em(), geocoder);
    expect(swept.failed).toBe(0);
    expect(swept.geocoded).toBeGreaterThanOrEqual(1);
    expect((await readSearchArea(em(), carla.id)).home_status).toBe('found');
    expect(await geocodeFreelancerHomes(em(), geocoder)).toEqual({ geocoded: 0, failed: 0 });
  });

  it('keeps the device position only while it is the origin, and checks the choice', async () => {
    const dani = await insertFreelancer(em());
    await expect(setSearchArea(em(), actor(dani.id), { origin: 'current', radiusKm: 15 })).rejects.toThrow(
      DomainError,
    );
    const chosen = await setSearchArea(em(), actor(dani.id), {
      origin: 'current',
      radiusKm: 10,
      position: { latitude: -23.55, longitude: -46.63 },
    });
    expect(chosen).toMatchObject({ origin: 'current', radius_km: 10, has_current_position: true });
    // Choosing 'current' again without a new position keeps the one given.
    expect(await setSearchArea(em(), actor(dani.id), { origin: 'current', radiusKm: 5 })).toMatchObject({
      has_current_position: true,
      radius_km: 5,
    });
    expect(await setSearchArea(em(), actor(dani.id), { origin: 'home', radiusKm: 15 })).toMatchObject({
      origin: 'home',
      has_current_position: false,
      current_at: null,
    });
    await expect(setSearchArea(em(), actor(dani.id), { origin: 'home', radiusKm: 101 })).rejects.toThrow(
      'Escolha uma distância entre 1 e 100 km.',
    );
    await expect(
      setSearchArea(em(), { role: 'restaurant', restaurantId: 1, userId: 1 } as never, {
        origin: 'home',
        radiusKm: 15,
      }),
    ).rejects.toThrow(DomainError);
  });
});
