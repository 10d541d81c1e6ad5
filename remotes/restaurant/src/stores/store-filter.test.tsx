/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { BusinessStores, RestaurantAgendaPage } from '@turno/contracts';
import { ALL_STORES_LABEL } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { AgendaScreen, APPLICATIONS_COUNT_URL } from '../agenda/AgendaScreen';
import { SPENDING_URL, SpendingPanel } from '../dashboard/SpendingPanel';
import { JOBS_URL } from '../agenda/jobs';
import { routedBff } from '../testing/routed-bff';
import { STORE_FILTER_STORAGE_KEY } from './StoreFilter';
import { StoresContext, type StoresResource } from './stores';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

/**
 * The Agenda's store selector (issue 28): shown with two stores or more, "Todas as lojas" by default,
 * the chosen store sent as `storeId` and remembered in the browser; a remembered store that is no
 * longer within reach falls back to every store.
 */
const emptyPage: RestaurantAgendaPage = {
  items: [],
  total: 0,
  nextCursor: null,
  counts: { all: 0, open: 0, assigned: 0, completed: 0 },
};
const store = (id: number, name: string) => ({ id, name, is_active: true, open_vacancies: 0 });
const chain: BusinessStores = {
  member_role: 'owner',
  billing_mode: 'centralized',
  items: [store(1, 'Loja Centro'), store(2, 'Loja Vila Mariana')],
};

function renderAgenda(stores: BusinessStores) {
  const bff = routedBff({
    [`GET ${JOBS_URL}`]: () => answer(200, emptyPage),
    [`GET ${APPLICATIONS_COUNT_URL}`]: answer(200, []),
  });
  const resource: StoresResource = {
    data: stores,
    error: undefined,
    loading: false,
    refresh: () => undefined,
  };
  render(
    <StoresContext.Provider value={resource}>
      <AgendaScreen fetchImpl={bff.fetchImpl as typeof fetch} />
    </StoresContext.Provider>,
  );
  const storeIds = () =>
    bff.of('GET', JOBS_URL).map(({ url }) => new URL(url, 'http://x').searchParams.get('storeId'));
  return { storeIds };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

it('narrows the agenda to the chosen store and remembers it', async () => {
  const { storeIds } = renderAgenda(chain);
  await settle();
  const select = screen.getByLabelText('Filtrar por loja') as HTMLSelectElement;
  expect(select.value).toBe('');
  expect(screen.getByRole('option', { name: ALL_STORES_LABEL })).toBeTruthy();
  expect(storeIds()).toEqual([null]);

  fireEvent.change(select, { target: { value: '2' } });
  await settle();
  expect(storeIds().at(-1)).toBe('2');
  expect(localStorage.getItem(STORE_FILTER_STORAGE_KEY)).toBe('2');

  fireEvent.change(select, { target: { value: '' } });
  await settle();
  expect(storeIds().at(-1)).toBeNull();
  expect(localStorage.getItem(STORE_FILTER_STORAGE_KEY)).toBeNull();
});

it('starts from the remembered store, and forgets one no longer within reach', async () => {
  localStorage.setItem(STORE_FILTER_STORAGE_KEY, '2');
  const first = renderAgenda(chain);
  await settle();
  expect(first.storeIds()).toEqual(['2']);
  cleanup();

  localStorage.setItem(STORE_FILTER_STORAGE_KEY, '99');
  const second = renderAgenda(chain);
  await settle();
  expect(second.storeIds()).toEqual([null]);
});

it('shows no selector for a business with one store', async () => {
  const { storeIds } = renderAgenda({ ...chain, items: [store(1, 'Loja Centro')] });
  await settle();
  expect(screen.queryByLabelText('Filtrar por loja')).toBeNull();
  expect(storeIds()).toEqual([null]);
});

it("narrows the Dashboard's figures to the store chosen (the Agenda's choice)", async () => {
  localStorage.setItem(STORE_FILTER_STORAGE_KEY, '2');
  const bff = routedBff({ [`GET ${SPENDING_URL}`]: () => answer(503, {}) });
  const resource: StoresResource = {
    data: chain,
    error: undefined,
    loading: false,
    refresh: () => undefined,
  };
  render(
    <StoresContext.Provider value={resource}>
      <SpendingPanel fetchImpl={bff.fetchImpl as typeof fetch} />
    </StoresContext.Provider>,
  );
  await settle();
  expect(bff.of('GET', SPENDING_URL).map(({ url }) => url)).toEqual([`${SPENDING_URL}?storeId=2`]);
  fireEvent.change(screen.getByLabelText('Filtrar por loja'), { target: { value: '' } });
  await settle();
  expect(bff.of('GET', SPENDING_URL).at(-1)!.url).toBe(SPENDING_URL);
});
