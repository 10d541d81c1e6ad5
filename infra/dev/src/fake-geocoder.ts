/**
 * A local stand-in for Nominatim's /search (format=jsonv2), for `npm start`, which has no internet:
 * the demo businesses' and freelancers' streets answer their coordinates (services/core seeders), "ambígua" two far
 * apart places, anything else nothing. The admin's "Localização" (Mercados) geocodes through it.
 */
import { createServer, type Server } from 'node:http';
import { FREELANCER_SEEDS, RESTAURANT_SEEDS } from '@turno/core/demo-people';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The street of each demo business ("rua vergueiro") and where it is. */
const PLACES = Object.values(RESTAURANT_SEEDS).map((seed) => ({
  street: fold(seed.address.split(',')[0]!.trim()),
  place: {
    lat: String(seed.latitude),
    lon: String(seed.longitude),
    display_name: `${seed.address}, ${seed.addressNumber}`,
  },
}));

/** The street of each demo freelancer's home and where it is (issue 26: their "Vagas" distances). */
PLACES.push(
  ...Object.values(FREELANCER_SEEDS).map((seed) => ({
    street: fold(seed.address.split(',')[0]!.trim()),
    place: { lat: String(seed.home.latitude), lon: String(seed.home.longitude), display_name: seed.address },
  })),
);

/** The places the fake answers for a query. */
export function fakePlaces(query: string): { lat: string; lon: string; display_name: string }[] {
  const q = fold(query);
  if (q.includes('ambigua'))
    return [
      { lat: '-23.5614', lon: '-46.6559', display_name: 'Rua Ambígua, São Paulo' },
      { lat: '-22.9068', lon: '-43.1729', display_name: 'Rua Ambígua, Rio de Janeiro' },
    ];
  return PLACES.filter(({ street }) => q.includes(street))
    .map(({ place }) => place)
    .slice(0, 2);
}

export function startFakeGeocoder(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) =>
      response
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(body));
    if (url.pathname !== '/search') return send(404, { error: 'not found' });
    send(200, fakePlaces(url.searchParams.get('q') ?? ''));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
