import { createServer, type Server } from 'node:http';

/**
 * A tiny stand-in for ViaCEP (`/ws/<cep>/json/`) and Nominatim (`/search?q=`), so the e2e portal
 * never calls the real services. The shell BFF reaches it through CEP_LOOKUP_URL and
 * ADDRESS_SEARCH_URL (see e2e-env.ts).
 */

/** CEPs it knows, ViaCEP-shaped. Any other CEP answers `{ "erro": true }` (not found). */
export const FAKE_CEPS: Record<
  string,
  { cep: string; logradouro: string; bairro: string; localidade: string; uf: string }
> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '04101300': {
    cep: '04101-300',
    logradouro: 'Rua Vergueiro',
    bairro: 'Vila Mariana',
    localidade: 'São Paulo',
    uf: 'SP',
  },
};

/** Places it finds for a query containing "augusta", Nominatim-shaped (jsonv2, addressdetails=1). */
export const FAKE_PLACES = [
  {
    display_name:
      'Rua Augusta, Consolação, São Paulo, Região Imediata de São Paulo, São Paulo, 01305-000, Brasil',
    address: {
      road: 'Rua Augusta',
      suburb: 'Consolação',
      city: 'São Paulo',
      state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP',
      postcode: '01305-000',
    },
  },
  {
    display_name: 'Rua Augusta, Cerqueira César, São Paulo, São Paulo, 01412-000, Brasil',
    address: {
      road: 'Rua Augusta',
      suburb: 'Cerqueira César',
      city: 'São Paulo',
      state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP',
      postcode: '01412-000',
    },
  },
];

export function startFakeAddressService(port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const cep = /^\/ws\/(\d{8})\/json\/?$/.exec(url.pathname);
    if (cep) return send(200, FAKE_CEPS[cep[1]!] ?? { erro: true });
    if (url.pathname === '/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return send(200, q.includes('augusta') ? FAKE_PLACES : []);
    }
    send(404, { error: 'not found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.unref(); // never keeps the portal process alive on its own
      resolve(server);
    });
  });
}
