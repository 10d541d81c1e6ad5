/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type Job, type RestaurantJobsPage } from '@turno/contracts';
import { LIST_SEARCH_DEBOUNCE_MS, MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { AGENDA_DEFAULT_FILTERS, agendaQuery, useLiveRefresh } from '@turno/ui';
import { answer, listCount, settle } from '@turno/ui/testing';
import { RestaurantAgendaScreen } from '../restaurant-control/RestaurantAgendaScreen';
import { testJob } from '../testing/fixtures';

/**
 * Controle Mercado's agenda: the business's agenda (GET /api/admin/restaurants/{id}/jobs) with the
 * spec's filters, "Atualizar", "x de y", job cards and the command centre's actions.
 */

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const AGENDA = '/bff/admin-ops/api/admin/restaurants/7/jobs';

const open: Job = testJob({
  id: 1,
  restaurant_id: 7,
  description: 'Atendimento no caixa rápido.',
  meal_time: '11:00',
});
/** On the way at 07:30, check-in requested at 07:55 (Sao Paulo). */
const waitingCheckIn: Job = {
  ...open,
  id: 2,
  title: 'Estoquista',
  position_type: 'Estoquista',
  description: null,
  date_needed: '2026-11-23',
  meal_time: null,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 20,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
  freelancer_user_id: 50,
  freelancer_profile_photo_url: '/api/photos/50',
  on_the_way_time: '2026-11-23T10:30:00.000Z',
  freelancer_checkin_request_time: '2026-11-23T10:55:00.000Z',
  created_by_admin: false,
};
const completed: Job = {
  ...open,
  id: 3,
  date_needed: '2026-11-17',
  status: 'completed',
  is_assigned: true,
  assignment_id: 30,
  assignment_status: 'completed',
  freelancer_name: 'Bruno Oliveira',
  on_the_way_time: '2026-11-17T10:30:00.000Z',
  check_in_time: '2026-11-17T11:00:00.000Z',
  freelancer_checkout_request_time: '2026-11-17T17:00:00.000Z',
  check_out_time: '2026-11-17T17:05:00.000Z',
};
const counts = { all: 30, open: 12, assigned: 10, completed: 8 };
const now = new Date('2026-11-22T12:00:00-03:00');
const page = (items: Job[], total: number, nextCursor: string | null = null): RestaurantJobsPage => ({
  items,
  total,
  nextCursor,
  counts,
});

interface Call {
  method: string;
  url: string;
  ifNoneMatch: string | undefined;
}
/**
 * The admin-ops BFF: the agenda answered from `pages` in order, the application counts from a
 * fixture, the writes from `writes` in order; every call recorded.
 */
function bff(pages: Response[], writes: Response[] = []) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      url,
      ifNoneMatch: (init?.headers as Record<string, string> | undefined)?.['If-None-Match'],
    });
    const next =
      method !== 'GET' ? writes.shift() : url.includes('/application-counts') ? null : pages.shift();
    if (next === null) return answer(200, { counts: { '1': 2 } });
    if (!next) throw new Error(`unexpected ${method} ${url}`);
    return next;
  }) as typeof fetch;
  const agendaCalls = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith(AGENDA));
  return { fetchImpl, calls, agendaCalls };
}

const cardOf = (title: string, index = 0) => screen.getAllByRole('listitem', { name: title })[index]!;

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe("Controle Mercado's agenda", () => {
  it('reads the business agenda of the next 7 days and shows every job as a card', async () => {
    const server = bff([answer(200, page([open, waitingCheckIn, completed], 30, 'c1'))]);
    render(<RestaurantAgendaScreen restaurantId={7} fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    // The server's defaults (the next 7 days, every status) stay out of the URL.
    expect(server.agendaCalls().map((c) => c.url)).toEqual([AGENDA]);
    expect(listCount()).toBe('Mostrando 3 de 30');

    const period = screen.getByLabelText('Período') as HTMLSelectElement;
    expect(period.value).toBe('next7');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Próximos 7 dias', 'Próximos 30 dias', 'Últimos 30 dias e próximos 7', 'Data específica']);
    expect(
      within(screen.getByLabelText('Status'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas (30)', 'Abertas (12)', 'Alocadas (10)', 'Concluídas (8)']);
    expect(screen.getByRole('searchbox', { name: 'Buscar vaga' })).toBeTruthy();

    const first = cardOf('Caixa da manhã');
    expect(within(first).getByText('ADMIN')).toBeTruthy();
    expect(within(first).getByText('Aberta')).toBeTruthy();
    expect(within(first).getByText('2 candidaturas')).toBeTruthy();
    expect(first.textContent).toContain('22/11/2026Hoje');
    expect(first.textContent).toContain('08:00 às 14:00');
    expect(first.textContent).toContain('R$ 149,00');
    expect(first.textContent).toContain('Refeição11:00');
    expect(first.textContent).toContain('FunçãoOperador de Caixa');
    expect(first.textContent).toContain('Sem freelancer');
    expect(first.textContent).toContain('Atendimento no caixa rápido.');
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ver Candidaturas', 'Alocar', 'Editar', 'Excluir']);

    const second = cardOf('Estoquista');
    expect(within(second).queryByText('ADMIN')).toBeNull();
    expect(within(second).getByText('Aguardando Aprovação Check-in')).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Foto de Ana Souza' })).toBeTruthy();
    expect(second.textContent).toContain('Aguardando início');
    expect(second.textContent).toContain('A caminho 07:30 · Check-in solicitado 07:55');
    expect(second.textContent).toContain('23/11/2026Amanhã');
    expect(second.textContent).toContain('RefeiçãoNão informada');
    expect(within(second).getByRole('button', { name: 'Aprovar Check-in — vaga #2' })).toBeTruthy();

    const third = cardOf('Caixa da manhã', 1);
    expect(within(third).getByText('Concluída')).toBeTruthy();
    expect(third.textContent).toContain('Esteve a caminho (07:30)');
    expect(third.textContent).toContain('Concluído');
    expect(third.textContent).toContain('Check-out solicitado 14:00 · Check-out 14:05');
    expect(within(third).getByLabelText('Sem foto')).toBeTruthy();
    expect(
      within(third)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Excluir']);

    expect(liveRefresh).toHaveBeenLastCalledWith('admin-ops', expect.any(Function), {
      pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    });
  });

  it('sends search, period, a specific date and status as the query, and clears them', async () => {
    jest.useFakeTimers();
    const server = bff([
      answer(200, page([open], 1)),
      answer(200, page([open], 1)),
      answer(200, page([open], 1)),
      answer(200, page([open], 1)),
      answer(200, page([open], 1)),
      answer(200, page([open], 1)),
      answer(200, page([completed], 1)),
      answer(200, page([], 0)),
      answer(200, page([open], 1)),
    ]);
    render(<RestaurantAgendaScreen restaurantId={7} fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar vaga' }), { target: { value: 'caixa' } });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    const period = () => screen.getByLabelText('Período');
    fireEvent.change(period(), { target: { value: 'next30' } });
    await settle();
    fireEvent.change(period(), { target: { value: 'last30' } });
    await settle();
    // "Data específica" starts on today, in a date input.
    fireEvent.change(period(), { target: { value: 'date' } });
    await settle();
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('2026-11-22');
    fireEvent.change(screen.getByLabelText('Data'), { target: { value: '2026-11-17' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    await settle();
    expect(screen.getByText('Nenhuma vaga encontrada com estes filtros.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await settle();
    expect(server.agendaCalls().map((c) => c.url)).toEqual([
      AGENDA,
      `${AGENDA}?q=caixa`,
      `${AGENDA}?q=caixa&period=next30`,
      `${AGENDA}?q=caixa&period=last30`,
      `${AGENDA}?q=caixa&date=2026-11-22`,
      `${AGENDA}?q=caixa&date=2026-11-17`,
      `${AGENDA}?q=caixa&date=2026-11-17&status=completed`,
      `${AGENDA}?q=caixa&date=2026-11-17&status=open`,
      AGENDA,
    ]);
    expect((screen.getByLabelText('Período') as HTMLSelectElement).value).toBe('next7');
  });

  it('maps an unpicked date to the default period', () => {
    expect(agendaQuery({ ...AGENDA_DEFAULT_FILTERS, period: 'date', date: '' })).toEqual({
      q: '',
      date: undefined,
      status: 'all',
    });
    expect(agendaQuery(AGENDA_DEFAULT_FILTERS)).toEqual({ q: '', period: 'next7', status: 'all' });
  });

  it('"Atualizar" and a live event re-read the list (304 keeps the cards); "Carregar mais" appends', async () => {
    const server = bff([
      answer(200, page([open, waitingCheckIn], 3, 'page-2'), '"v1"'),
      answer(200, page([completed], 3, null)),
      answer(200, page([open, waitingCheckIn, completed], 3), '"v2"'),
      answer(304),
    ]);
    render(<RestaurantAgendaScreen restaurantId={7} fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    expect(listCount()).toBe('Mostrando 2 de 3');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settle();
    expect(listCount()).toBe('Mostrando 3 de 3');
    const countsBefore = server.calls.filter((c) => c.url.includes('/application-counts')).length;
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await settle();
    // The badges are read again with the list.
    expect(server.calls.filter((c) => c.url.includes('/application-counts')).length).toBe(countsBefore + 1);
    await act(async () => liveRefresh.mock.lastCall![1]());
    expect(server.agendaCalls()).toEqual([
      { method: 'GET', url: AGENDA, ifNoneMatch: undefined },
      { method: 'GET', url: `${AGENDA}?cursor=page-2`, ifNoneMatch: undefined },
      { method: 'GET', url: AGENDA, ifNoneMatch: '"v1"' },
      { method: 'GET', url: AGENDA, ifNoneMatch: '"v2"' },
    ]);
    expect(screen.getAllByTestId('job-card')).toHaveLength(3);
  });

  it('deletes a job after the confirmation and re-reads the agenda; approves a check-in', async () => {
    const server = bff(
      [
        answer(200, page([open, waitingCheckIn], 2), '"v1"'),
        answer(200, page([waitingCheckIn], 1), '"v2"'),
        answer(200, page([waitingCheckIn], 1), '"v3"'),
      ],
      [
        answer(200, { jobId: 1, deleted: true }),
        answer(200, {
          assignmentId: 20,
          jobId: 2,
          status: 'in_progress',
          onTheWayAt: '2026-11-23T10:30:00.000Z',
          checkinRequestedAt: '2026-11-23T10:55:00.000Z',
          checkInAt: '2026-11-23T11:00:00.000Z',
          checkoutRequestedAt: null,
          checkOutAt: null,
        }),
      ],
    );
    render(<RestaurantAgendaScreen restaurantId={7} fetchImpl={server.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(within(cardOf('Caixa da manhã')).getByRole('button', { name: 'Excluir — vaga #1' }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir vaga #1' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.deleteJob);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(screen.getByTestId('action-feedback').textContent).toContain(MESSAGES.jobs.deleted);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('listitem', { name: 'Caixa da manhã' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Aprovar Check-in — vaga #2' }));
    await settle();
    expect(screen.getByTestId('action-feedback').textContent).toContain(MESSAGES.shifts.checkInApproved);
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /bff/admin-ops/api/admin/jobs/1',
      'POST /bff/admin-ops/api/admin/assignments/20/approve-checkin',
    ]);
    expect(server.agendaCalls()).toHaveLength(3);
  });
});
