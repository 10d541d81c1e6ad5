import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FreelancerJobsPageSchema, SearchAreaSchema } from '@turno/contracts';
import { FIELD_LABELS, NEARBY_TEXTS } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { eventually } from '@turno/server-runtime/testing';
import { createFreelancerBff } from '../app';

/**
 * Perfil's "Vagas perto de você" on the wire (issue 26), and the home address placed after a
 * profile save by a local Nominatim-compatible /search (GEOCODER_URL).
 */
let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let geocoder: Server;
const asked: string[] = [];

beforeAll(async () => {
  geocoder = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://fake').searchParams.get('q') ?? '';
    asked.push(query);
    const places = query.includes('Harmonia') ? [{ lat: '-23.5563', lon: '-46.6866' }] : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(places));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  process.env.GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
});
afterAll(async () => {
  await bff.close();
  await new Promise((resolve) => geocoder.close(resolve));
  delete process.env.GEOCODER_URL;
});

const area = async () =>
  SearchAreaSchema.parse((await bff.request('/api/freelancers/search-area', { cookie })).body);
const choose = (json: unknown) =>
  bff.request('/api/freelancers/search-area', { method: 'PUT', cookie, json });

describe('GET / PUT /api/freelancers/search-area', () => {
  it('places the home address after the profile save, without making the save wait', async () => {
    const saved = await bff.request('/api/freelancers/profile', {
      method: 'PUT',
      cookie,
      json: {
        name: 'Ana Souza',
        address: 'Rua Harmonia, 320 - Vila Madalena, São Paulo - SP',
        cpf: '529.982.247-25',
        pix_key: 'ana.souza@example.com',
        experience_years: 4,
        specialties: ['Operador de Caixa'],
      },
    });
    expect(saved.status).toBe(200);
    await eventually(async () => (await area()).home_status === 'found');
    expect(asked).toContain('Rua Harmonia, 320 - Vila Madalena, São Paulo - SP');
    expect(await area()).toMatchObject({ origin: 'home', radius_km: 15, has_current_position: false });
    const jobs = FreelancerJobsPageSchema.parse((await bff.request('/api/jobs', { cookie })).body);
    expect(jobs.area).toEqual({ origin: 'home', radius_km: 15 });
  });

  it('searches from the current position only with one, and checks the distance', async () => {
    expect(await choose({ origin: 'current', radius_km: 10 })).toMatchObject({
      status: 400,
      body: { error: NEARBY_TEXTS.currentMissing },
    });
    expect(await choose({ origin: 'home', radius_km: 0 })).toMatchObject({
      status: 400,
      body: { error: `${FIELD_LABELS.radius_km}: ${NEARBY_TEXTS.invalidRadius}` },
    });
    const chosen = await choose({
      origin: 'current',
      radius_km: 10,
      position: { latitude: -23.57, longitude: -46.64 },
    });
    expect(chosen.status).toBe(200);
    expect(SearchAreaSchema.parse(chosen.body)).toMatchObject({
      origin: 'current',
      has_current_position: true,
    });
    const jobs = FreelancerJobsPageSchema.parse((await bff.request('/api/jobs', { cookie })).body);
    expect(jobs.area).toEqual({ origin: 'current', radius_km: 10 });
    expect((await choose({ origin: 'home', radius_km: 15 })).status).toBe(200);
  });
});
