import { AdminRestaurantsPageSchema } from '@turno/contracts';
import { insertRestaurant } from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

/** GET /api/admin/invoice-restaurants: the businesses the "Fatura personalizada" modal offers. */
let bff: TestBff;
let cookie: string;
const ids: Record<'approved' | 'pending' | 'rejected' | 'other', number> = {
  approved: 0,
  pending: 0,
  rejected: 0,
  other: 0,
};
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
  const em = bff.db.orm.em.fork();
  ids.approved = (await insertRestaurant(em, { businessName: 'Hortifrúti São João' })).id;
  ids.pending = (
    await insertRestaurant(em, { businessName: 'Sacolão São João', isApproved: false, isActive: true })
  ).id;
  ids.rejected = (
    await insertRestaurant(em, { businessName: 'Empório João Dias', isApproved: false, isActive: false })
  ).id;
  ids.other = (await insertRestaurant(em, { businessName: 'Atacadão Vila Nova' })).id;
});
afterAll(() => bff.close());

const options = async (query: string) => {
  const response = await bff.request(`/api/admin/invoice-restaurants${query}`, { cookie });
  expect(response.status).toBe(200);
  return AdminRestaurantsPageSchema.parse(response.body);
};

describe('GET /api/admin/invoice-restaurants', () => {
  it('searches business names case- and accent-insensitive, with the stat counts of the search', async () => {
    const page = await options('?q=SAO%20JOAO');
    expect(page.items.map((item) => item.id).sort()).toEqual([ids.approved, ids.pending].sort());
    expect(page.counts).toEqual({ all: 2, pending: 1, approved: 1, rejected: 0 });
    expect((await options('?q=inexistente')).items).toEqual([]);
  });

  it('filters by account state on the server', async () => {
    expect((await options('?q=joao&status=approved')).items.map((item) => item.id)).toEqual([ids.approved]);
    expect((await options('?q=joao&status=rejected')).items.map((item) => item.id)).toEqual([ids.rejected]);
  });

  it('pages with a cursor: every business once, none twice', async () => {
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await options(`?q=joao&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(1);
      expect(page.total).toBe(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    }
    expect(seen.sort()).toEqual([ids.approved, ids.pending, ids.rejected].sort());
  });

  it('answers 304 to a repeated request while nothing changed', async () => {
    const first = await bff.request('/api/admin/invoice-restaurants?q=joao', { cookie });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await bff.request('/api/admin/invoice-restaurants?q=joao', {
      cookie,
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a page size out of bounds and an unknown state with a pt-BR message', async () => {
    const refused = {
      '?limit=0': 'Itens por página: Deve ser maior ou igual a 1',
      '?limit=201': 'Itens por página: Deve ser menor ou igual a 200',
      '?status=todos': 'Status: Valor não permitido',
    };
    for (const [query, error] of Object.entries(refused)) {
      const response = await bff.request(`/api/admin/invoice-restaurants${query}`, { cookie });
      expect(response).toMatchObject({ status: 400, body: { error } });
    }
  });
});
