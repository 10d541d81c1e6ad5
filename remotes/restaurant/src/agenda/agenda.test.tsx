/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  RestaurantAgendaJobSchema,
  type RestaurantAgendaJob,
  type RestaurantAgendaPage,
} from '@turno/contracts';
import { AGENDA_EMPTY_TEXTS, LIST_SEARCH_DEBOUNCE_MS, POLL_INTERVAL_MS } from '@turno/domain';
import { AGENDA_DEFAULT_FILTERS, agendaQuery, type PagedList, useLiveRefresh } from '@turno/ui';
import { answer, settle, listCount, bodyRows } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { AgendaScreen, APPLICATIONS_COUNT_URL } from './AgendaScreen';
import { AgendaView } from './AgendaView';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const base: RestaurantAgendaJob = RestaurantAgendaJobSchema.parse({
  can_rate: false,
  id: 1,
  restaurant_id: 1,
  restaurant_name: 'Mercado Demo',
  restaurant_address: null,
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  description: null,
  date_needed: '2026-11-22',
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149,
  meal_time: null,
  recommended_attire: null,
  status: 'open',
  is_assigned: false,
  assignment_id: null,
  assignment_status: null,
  freelancer_name: null,
  freelancer_user_id: null,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
});
const jobs: RestaurantAgendaJob[] = [
  base,
  {
    ...base,
    id: 2,
    date_needed: '2026-11-23',
    status: 'assigned',
    freelancer_name: 'Ana Souza',
    title: 'Estoquista',
  },
  { ...base, id: 3, date_needed: '2026-11-25', start_time: '06:00', status: 'completed' },
  { ...base, id: 4, status: 'cancelled' },
];
const counts = { all: 9, open: 4, assigned: 3, completed: 2 };
const now = new Date('2026-11-22T12:00:00-03:00');

const jobsPage = (
  items: RestaurantAgendaJob[],
  total: number,
  nextCursor: string | null = null,
): RestaurantAgendaPage => ({
  items,
  total,
  nextCursor,
  counts,
});

const count = listCount;

/** The agenda's BFF: its pages in turn, and no pending application. */
function agendaBff(...pages: Response[]) {
  const bff = routedBff({
    [`GET ${JOBS_PATH}`]: pages,
    [`GET ${APPLICATIONS_COUNT_URL}`]: answer(200, []),
  });
  const requests = () => bff.of('GET', JOBS_PATH).map(({ url, ifNoneMatch }) => ({ url, ifNoneMatch }));
  return { fetchImpl: bff.fetchImpl, requests };
}
const JOBS_PATH = '/bff/restaurant/api/jobs';
/** The live refresh of the list (the other one is the applications count's). */
const listLiveRefresh = () => liveRefresh.mock.calls.filter((call) => call[2].types === undefined).at(-1)!;

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('agenda view', () => {
  const list = (page: RestaurantAgendaPage): PagedList<RestaurantAgendaPage> => ({
    status: 'success',
    data: page,
    error: undefined,
    updating: false,
    loadingMore: false,
    refreshing: false,
    hasMore: page.nextCursor !== null,
    loadMore: jest.fn(),
    refresh: jest.fn(),
    retry: jest.fn(),
  });
  const view = (page: RestaurantAgendaPage, filters = AGENDA_DEFAULT_FILTERS, onFiltersChange = jest.fn()) =>
    render(<AgendaView list={list(page)} filters={filters} onFiltersChange={onFiltersChange} now={now} />);

  it('shows dates, labels, prices and the freelancer in pt-BR, in the server order', () => {
    view(jobsPage(jobs, 4));
    const text = document.body.textContent ?? '';
    expect(text).toContain('22/11/2026');
    expect(text).toContain('Hoje');
    expect(text).toContain('Amanhã');
    expect(text).toContain('08:00 às 14:00');
    expect(text).toMatch(/R\$\s149,00/);
    for (const label of ['Aberta', 'Alocada', 'Concluída', 'Cancelada']) expect(text).toContain(label);
    expect(text).toContain('Ana Souza');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      '22/11/2026Hoje',
      '23/11/2026Amanhã',
      '25/11/2026',
      '22/11/2026Hoje',
    ]);
  });

  it('shows the counts of the server in the stat cards and the count of the list', () => {
    view(jobsPage(jobs.slice(0, 2), 9, 'c1'));
    const stats = screen.getByRole('group', { name: 'Resumo das vagas' });
    expect(stats.textContent).toBe('Abertas4Alocadas3Concluídas2Total9');
    expect(count()).toBe('Mostrando 2 de 9');
    expect(screen.getByRole('button', { name: 'Carregar mais' })).toBeTruthy();
  });

  it('says when the next 7 days have no vacancy, and when the filters find none', () => {
    view(jobsPage([], 0));
    expect(screen.getByText(AGENDA_EMPTY_TEXTS.default)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    cleanup();
    view(jobsPage([], 0), { ...AGENDA_DEFAULT_FILTERS, status: 'completed' });
    expect(screen.getByText('Nenhuma vaga encontrada com estes filtros.')).toBeTruthy();
  });

  it('opens on "Próximos 7 dias" (what the vacancy form offers), each period label from libs/domain', () => {
    view(jobsPage(jobs, 4));
    const period = screen.getByLabelText('Período') as HTMLSelectElement;
    expect(period.value).toBe('next7');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Próximos 7 dias', 'Próximos 30 dias', 'Últimos 30 dias e próximos 7', 'Data específica']);
  });

  it('opens "Data específica" on today in Sao Paulo, with a labelled date input', () => {
    const onFiltersChange = jest.fn();
    view(jobsPage(jobs, 4), AGENDA_DEFAULT_FILTERS, onFiltersChange);
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: 'date' } });
    expect(onFiltersChange).toHaveBeenCalledWith({
      ...AGENDA_DEFAULT_FILTERS,
      period: 'date',
      date: '2026-11-22',
    });
    cleanup();
    view(
      jobsPage(jobs, 4),
      { ...AGENDA_DEFAULT_FILTERS, period: 'date', date: '2026-11-30' },
      onFiltersChange,
    );
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(onFiltersChange).toHaveBeenLastCalledWith(AGENDA_DEFAULT_FILTERS);
  });

  it('maps the filters to the query of the contract', () => {
    expect(agendaQuery(AGENDA_DEFAULT_FILTERS)).toEqual({ q: '', period: 'next7', status: 'all' });
    expect(agendaQuery({ q: 'caixa', period: 'date', date: '2026-11-30', status: 'open' })).toEqual({
      q: 'caixa',
      date: '2026-11-30',
      status: 'open',
    });
    // Until a day is picked, the server's default period applies.
    expect(agendaQuery({ ...AGENDA_DEFAULT_FILTERS, period: 'date', date: '' })).toEqual({
      q: '',
      date: undefined,
      status: 'all',
    });
  });
});

describe('agenda screen', () => {
  it('loads the default agenda from the plain URL and refreshes every 15 s', async () => {
    const { fetchImpl, requests } = agendaBff(answer(200, jobsPage(jobs.slice(0, 2), 2), '"v1"'));
    render(<AgendaScreen fetchImpl={fetchImpl} now={now} />);
    expect(screen.getByText('Carregando...')).toBeTruthy();
    await settle();
    expect(requests().map((r) => r.url)).toEqual(['/bff/restaurant/api/jobs']);
    expect(count()).toBe('Mostrando 2 de 2');
    expect(bodyRows()).toHaveLength(2);
    expect(listLiveRefresh()).toEqual([
      'restaurant',
      expect.any(Function),
      { pollIntervalMs: POLL_INTERVAL_MS.restaurantJobs },
    ]);
    expect(POLL_INTERVAL_MS.restaurantJobs).toBe(15_000);
  });

  it('puts the search, the period and the status into the URL', async () => {
    jest.useFakeTimers();
    const { fetchImpl, requests } = agendaBff(
      answer(200, jobsPage(jobs, 4)),
      answer(200, jobsPage([jobs[0]!], 1)),
      answer(200, jobsPage([jobs[0]!], 1)),
      answer(200, jobsPage([], 0)),
      answer(200, jobsPage([], 0)),
    );
    render(<AgendaScreen fetchImpl={fetchImpl} now={now} />);
    await settle();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar vaga' }), {
      target: { value: ' caixa ' },
    });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: 'next30' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Período'), { target: { value: 'date' } });
    await settle();
    expect(requests().map((r) => r.url)).toEqual([
      '/bff/restaurant/api/jobs',
      '/bff/restaurant/api/jobs?q=caixa',
      '/bff/restaurant/api/jobs?q=caixa&status=open',
      '/bff/restaurant/api/jobs?q=caixa&period=next30&status=open',
      '/bff/restaurant/api/jobs?q=caixa&date=2026-11-22&status=open',
    ]);
    expect(screen.getByText('Nenhuma vaga encontrada com estes filtros.')).toBeTruthy();
    expect(count()).toBe('Mostrando 0 de 0');
  });

  it('appends the next page with "Carregar mais" until the last one', async () => {
    const { fetchImpl, requests } = agendaBff(
      answer(200, jobsPage(jobs.slice(0, 2), 4, 'c1')),
      answer(200, jobsPage(jobs.slice(2), 4, null)),
    );
    render(<AgendaScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(count()).toBe('Mostrando 2 de 4');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(screen.getByRole('button', { name: 'Carregando mais...' })).toBeTruthy();
    await settle();
    expect(requests()[1]!.url).toBe('/bff/restaurant/api/jobs?cursor=c1');
    expect(bodyRows()).toHaveLength(4);
    expect(count()).toBe('Mostrando 4 de 4');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('"Atualizar" asks with the ETag and keeps the rows on 304', async () => {
    const { fetchImpl, requests } = agendaBff(
      answer(200, jobsPage(jobs.slice(0, 2), 2), '"agenda-v1"'),
      answer(304, undefined, '"agenda-v1"'),
      answer(200, jobsPage(jobs.slice(0, 3), 3), '"agenda-v2"'),
    );
    render(<AgendaScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await settle();
    expect(requests()[1]).toEqual({ url: '/bff/restaurant/api/jobs', ifNoneMatch: '"agenda-v1"' });
    expect(bodyRows()).toHaveLength(2);
    expect(count()).toBe('Mostrando 2 de 2');

    // The live refresh (events or polling) goes the same way.
    const refresh = listLiveRefresh()[1];
    await act(async () => refresh());
    expect(requests()[2]!.ifNoneMatch).toBe('"agenda-v1"');
    expect(count()).toBe('Mostrando 3 de 3');
  });

  it('shows a pt-BR error and loads again on "Tentar novamente"', async () => {
    const { fetchImpl } = agendaBff(answer(503), answer(200, jobsPage([], 0)));
    render(<AgendaScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(screen.getByTestId('load-error').textContent).toMatch(/temporariamente indisponível/);
    // The filters stay usable while the list fails.
    expect(screen.getByRole('searchbox', { name: 'Buscar vaga' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settle();
    expect(screen.getByText(AGENDA_EMPTY_TEXTS.default)).toBeTruthy();
  });
});
