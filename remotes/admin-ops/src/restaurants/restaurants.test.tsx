/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminRestaurantSchema, type AdminRestaurant, type AdminRestaurantsPage } from '@turno/contracts';
import { LIST_SEARCH_DEBOUNCE_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, fakeBff, settle, listCount, bodyRows } from '@turno/ui/testing';
import App from '../App';
import { RESTAURANTS_POLL_INTERVAL_MS, RestaurantsScreen } from './RestaurantsScreen';
import { type AdminOpsSection } from '@turno/contracts';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const base: AdminRestaurant = AdminRestaurantSchema.parse({
  id: 1,
  user_id: 10,
  name: 'Carla Mendes',
  business_name: 'Supermercado Bom Preço',
  phone: '(11) 98765-4321',
  address: null,
  address_number: null,
  cuisine_type: 'Supermercado',
  contact_person: null,
  is_approved: true,
  is_active: true,
  approved_at: null,
  created_at: '2026-02-27T10:15:00-03:00',
});
const list: AdminRestaurant[] = [
  { ...base, id: 2, business_name: 'Atacadão', is_approved: false },
  { ...base, id: 3, business_name: 'Empório', is_approved: false, is_active: false },
  base,
];
const counts = { all: 12, pending: 5, approved: 6, rejected: 1 };

const restaurantsPage = (
  items: AdminRestaurant[],
  total: number,
  nextCursor: string | null = null,
): AdminRestaurantsPage => ({ items, total, nextCursor, counts });

const count = listCount;

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('restaurants ("Mercados")', () => {
  it("names a chain's stores under its name (issue 28), nothing for one store", async () => {
    const chain = {
      ...base,
      store_count: 7,
      active_store_names: ['Centro', 'Moema', 'Pinheiros', 'Sé', 'Vila'],
    };
    const single = {
      ...base,
      id: 4,
      business_name: 'Padaria',
      store_count: 1,
      active_store_names: ['Padaria'],
    };
    const { fetchImpl } = fakeBff(answer(200, restaurantsPage([chain, single], 2)));
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getAllByTestId('restaurant-stores').map((line) => line.textContent)).toEqual([
      '7 lojas: Centro, Moema, Pinheiros, Sé, Vila…',
    ]);
  });

  it('shows the counts of the server, labels and the registration date', async () => {
    const { fetchImpl, requests } = fakeBff(answer(200, restaurantsPage(list, 12, 'c1')));
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    // The plain URL: what the end-to-end tests wait for.
    expect(requests.map((r) => r.url)).toEqual(['/bff/admin-ops/api/admin/restaurants']);
    expect(screen.getByRole('group', { name: 'Mercados por situação' }).textContent).toBe(
      'Total12Pendentes5Aprovados6Rejeitados1',
    );
    const text = document.body.textContent ?? '';
    for (const label of ['Aprovado', 'Pendente', 'Rejeitado', '27/02/2026', 'Usuário #10']) {
      expect(text).toContain(label);
    }
    expect(count()).toBe('Mostrando 3 de 12');
    expect(liveRefresh).toHaveBeenLastCalledWith('admin-ops', expect.any(Function), {
      pollIntervalMs: RESTAURANTS_POLL_INTERVAL_MS,
    });
  });

  it('puts the search and the status into the URL', async () => {
    jest.useFakeTimers();
    const { fetchImpl, requests } = fakeBff(
      answer(200, restaurantsPage(list, 3)),
      answer(200, restaurantsPage([base], 1)),
      answer(200, restaurantsPage([], 0)),
    );
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar mercado' }), {
      target: { value: 'Bom Preço' },
    });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'rejected' } });
    await settle();
    expect(requests.map((r) => r.url)).toEqual([
      '/bff/admin-ops/api/admin/restaurants',
      '/bff/admin-ops/api/admin/restaurants?q=Bom+Pre%C3%A7o',
      '/bff/admin-ops/api/admin/restaurants?q=Bom+Pre%C3%A7o&status=rejected',
    ]);
    expect(screen.getByText('Nenhum mercado encontrado com estes filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect((screen.getByRole('searchbox', { name: 'Buscar mercado' }) as HTMLInputElement).value).toBe('');
  });

  it('appends with "Carregar mais" and keeps the rows on 304', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, restaurantsPage(list.slice(0, 2), 3, 'after-2'), '"r1"'),
      answer(200, restaurantsPage(list.slice(2), 3, null), '"r1-next"'),
      answer(304, undefined, '"r3"'),
    );
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settle();
    expect(requests[1]!.url).toBe('/bff/admin-ops/api/admin/restaurants?cursor=after-2');
    expect(bodyRows()).toHaveLength(3);
    expect(count()).toBe('Mostrando 3 de 3');

    await act(async () => liveRefresh.mock.lastCall![1]());
    expect(requests[2]!.url).toBe('/bff/admin-ops/api/admin/restaurants');
    expect(bodyRows()).toHaveLength(3);
  });

  it('has an empty state', async () => {
    const { fetchImpl } = fakeBff(answer(200, restaurantsPage([], 0)));
    render(<RestaurantsScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByText('Nenhum mercado cadastrado ainda.')).toBeTruthy();
  });
});

describe('admin-ops App', () => {
  const jsonOnce = (body: unknown) =>
    jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(answer(200, body));
  beforeAll(() => {
    globalThis.fetch ??= (() => Promise.reject(new Error('no fetch in jsdom'))) as typeof fetch;
  });

  it('shows "Mercados" by default and the command centre in the Dashboard tab', async () => {
    const markets = jsonOnce(restaurantsPage([], 0));
    render(<App section="mercados" />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Mercados' })).toBeTruthy();
    expect(markets).toHaveBeenCalledWith('/bff/admin-ops/api/admin/restaurants', expect.anything());
    cleanup();

    const jobs = jsonOnce({
      items: [],
      total: 0,
      nextCursor: null,
      counts: { all: 0, open: 0, assigned: 0, completed: 0 },
    });
    render(<App section="dashboard" />);
    await settle();
    expect(screen.getByRole('heading', { name: 'Centro de Comando' })).toBeTruthy();
    // The command centre opens on today's jobs (issue 22).
    expect(jobs).toHaveBeenCalledWith('/bff/admin-ops/api/admin/jobs?date=today', expect.anything());
    expect(screen.getByTestId('remote-admin_ops')).toBeTruthy();
  });

  it('says a section it does not have is unavailable (a link or a newer shell asking for it) and leads to the command centre', () => {
    const navigate = jest.fn();
    // A newer shell may name a section this build does not know yet: not one of its typed sections.
    render(<App section={'relatorios-futuros' as AdminOpsSection} navigate={navigate} />);
    expect(screen.getByRole('heading', { name: 'Seção indisponível' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Mercados' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ir ao Centro de Comando' }));
    expect(navigate).toHaveBeenCalledWith('/admin/dashboard');
  });
});
