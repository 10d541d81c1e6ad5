import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { AddressLookupResultSchema, AddressSuggestionListSchema } from '@turno/contracts';
import { User } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { AddressServiceUnavailable, fromNominatim, lookupCep, searchAddresses } from './address-lookup';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

/** Local stand-ins for ViaCEP and Nominatim (no internet in tests). */
const requests: IncomingMessage[] = [];
let slow = false;
function fakeServices(): Server {
  return createServer((req, res) => {
    requests.push(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    if (slow) return; // never answers: the BFF's timeout decides
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname === '/ws/01001000/json/') {
      return send(200, {
        cep: '01001-000',
        logradouro: 'Praça da Sé',
        complemento: 'lado ímpar',
        bairro: 'Sé',
        localidade: 'São Paulo',
        uf: 'SP',
        ibge: '3550308',
      });
    }
    if (url.pathname === '/ws/99999999/json/') return send(200, { erro: 'true' });
    if (url.pathname === '/ws/88888888/json/') return send(500, 'boom');
    if (url.pathname === '/search') {
      if (url.searchParams.get('q') === 'quebrado') return send(200, '<html>');
      return send(200, [
        {
          display_name:
            'Avenida Paulista, Bela Vista, São Paulo, Região Imediata de São Paulo, São Paulo, 01310-100, Brasil',
          address: {
            road: 'Avenida Paulista',
            suburb: 'Bela Vista',
            city: 'São Paulo',
            state: 'São Paulo',
            'ISO3166-2-lvl4': 'BR-SP',
            postcode: '01310-100',
            country_code: 'br',
          },
        },
        {
          display_name: 'Rua Paulista, Centro, Campinas, São Paulo, Brasil',
          address: { road: 'Rua Paulista', neighbourhood: 'Centro', town: 'Campinas', state: 'São Paulo' },
        },
      ]);
    }
    send(404, {});
  });
}

let services: Server;
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  services = fakeServices();
  await new Promise<void>((resolve) => services.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(services.address() as AddressInfo).port}`;
  const settings = shellSettingsFromEnv({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_CLIENT_SECRET: 'not-used-here',
    CEP_LOOKUP_URL: `${base}/ws/{cep}/json/`,
    ADDRESS_SEARCH_URL: `${base}/search`,
    ADDRESS_TIMEOUT_MS: '300',
    ADDRESS_LOOKUPS_PER_MINUTE: '8',
  });
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
  cookie = await signedIn();
});

afterAll(async () => {
  await bff.close();
  services.closeAllConnections();
  await new Promise((resolve) => services.close(resolve));
});

async function signedIn(): Promise<string> {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email: null, name: 'Quem Busca', userType: null });
  await em.flush();
  return bff.sessionCookie({ role: 'user', userId: user.id });
}

describe('address lookups of the CEP widget', () => {
  it('looks a CEP up (masked or not) and answers the widget shape', async () => {
    const response = await bff.request('/api/address/cep/01001-000', { cookie });
    expect(response.status).toBe(200);
    expect(AddressLookupResultSchema.parse(response.body)).toEqual({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      formattedAddress: 'Praça da Sé, Sé, São Paulo - SP, 01001-000',
    });
    expect(requests.at(-1)?.url).toBe('/ws/01001000/json/');
    // Cached: the second lookup does not reach the service.
    const count = requests.length;
    expect((await bff.request('/api/address/cep/01001000', { cookie })).status).toBe(200);
    expect(requests.length).toBe(count);
  });

  it('answers 404 "CEP não encontrado" and 400 for a malformed CEP', async () => {
    expect(await bff.request('/api/address/cep/99999-999', { cookie })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.validation.cepNotFound },
    });
    expect(await bff.request('/api/address/cep/123', { cookie })).toMatchObject({ status: 400 });
  });

  it('answers 502 with a clear message when the CEP service fails or does not answer in time', async () => {
    const unavailable = { status: 502, body: { error: MESSAGES.address.cepServiceUnavailable } };
    expect(await bff.request('/api/address/cep/88888-888', { cookie })).toMatchObject(unavailable);
    slow = true;
    try {
      // The stand-in never answers: an answer at all is the BFF's own timeout at work.
      expect(await bff.request('/api/address/cep/77777-777', { cookie: await signedIn() })).toMatchObject(
        unavailable,
      );
    } finally {
      slow = false;
    }
  });

  it('suggests up to 5 addresses in Brazil from a Nominatim-compatible search', async () => {
    const response = await bff.request(`/api/address/search?q=${encodeURIComponent('avenida paulista')}`, {
      cookie: await signedIn(),
    });
    expect(response.status).toBe(200);
    const suggestions = AddressSuggestionListSchema.parse(response.body);
    expect(suggestions[0]).toEqual({
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
      formattedAddress: 'Avenida Paulista, Bela Vista, São Paulo - SP, 01310-100',
    });
    expect(suggestions[1]).toMatchObject({ localidade: 'Campinas', uf: 'SP', bairro: 'Centro', cep: '' });
    const sent = requests.at(-1)!;
    expect(Object.fromEntries(new URL(sent.url!, 'http://x').searchParams)).toEqual({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'br',
      limit: '5',
      q: 'avenida paulista',
    });
    expect(sent.headers['user-agent']).toMatch(/^Turno\//);
  });

  it('answers 502 when the search service is unreachable or answers nonsense, and 400 for short text', async () => {
    const other = await signedIn();
    expect(await bff.request('/api/address/search?q=quebrado', { cookie: other })).toMatchObject({
      status: 502,
      body: { error: MESSAGES.address.searchServiceUnavailable },
    });
    expect(await bff.request('/api/address/search?q=ab', { cookie: other })).toMatchObject({ status: 400 });
  });

  it('limits lookups per person (429) and needs a session', async () => {
    const busy = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await bff.request(`/api/address/search?q=rua%20${i}%20teste`, { cookie: busy })).status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    expect((await bff.request('/api/address/cep/01001000')).status).toBe(401);
  });

  it('maps a place by state name when the ISO code is missing', () => {
    expect(fromNominatim({ address: { road: 'Rua A', city: 'Recife', state: 'Pernambuco' } })).toMatchObject({
      uf: 'PE',
    });
    expect(fromNominatim({ display_name: 'Algum lugar', address: {} }).formattedAddress).toBe('Algum lugar');
  });

  it('treats a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const settings = shellSettingsFromEnv({
      CEP_LOOKUP_URL: `${base}/ws/{cep}/json/`,
      ADDRESS_SEARCH_URL: `${base}/search`,
    }).address;
    await expect(lookupCep('01001000', settings)).rejects.toBeInstanceOf(AddressServiceUnavailable);
    await expect(searchAddresses('avenida', settings)).rejects.toBeInstanceOf(AddressServiceUnavailable);
  });
});
