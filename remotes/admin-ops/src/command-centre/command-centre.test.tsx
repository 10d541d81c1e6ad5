/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type AdminJobsPage, type Job } from '@turno/contracts';
import { LIST_SEARCH_DEBOUNCE_MS, POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, fakeBff as jobsBff, settle, listCount, bodyRows } from '@turno/ui/testing';
import { adminJobsQuery, COMMAND_CENTRE_DEFAULT_FILTERS } from './admin-jobs';
import { CommandCentreScreen } from './CommandCentreScreen';
import { testJob } from '../testing/fixtures';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const base: Job = testJob({
  id: 1,
});
const jobs: Job[] = [
  base,
  {
    ...base,
    id: 2,
    restaurant_name: 'Atacadão',
    title: 'Estoquista',
    position_type: 'Estoquista',
    date_needed: '2026-11-23',
    status: 'assigned',
    freelancer_name: 'Fernanda Costa',
  },
  { ...base, id: 3, date_needed: '2026-11-26', status: 'completed', freelancer_name: 'Ana Souza' },
];
const counts = { all: 30, open: 12, assigned: 10, completed: 8 };
const now = new Date('2026-11-22T12:00:00-03:00');

const jobsPage = (items: Job[], total: number, nextCursor: string | null = null): AdminJobsPage => ({
  items,
  total,
  nextCursor,
  counts,
});

/**
 * The job list's fake BFF (answers from a queue, records the URLs), with the command centre's side
 * reads answered apart: nothing pending, no application counts.
 */
function fakeBff(...answers: Response[]) {
  const jobs = jobsBff(...answers);
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url).includes('/pending-actions'))
      return answer(200, { items: [], total: 0, nextCursor: null });
    if (String(url).includes('/application-counts')) return answer(200, { counts: {} });
    return jobs.fetchImpl(url, init);
  }) as typeof fetch;
  return { fetchImpl, requests: jobs.requests };
}

const count = listCount;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('command centre', () => {
  it('lists date (Hoje/Amanhã), time, business, position, status and freelancer; refreshes every 30 s', async () => {
    const { fetchImpl, requests } = fakeBff(answer(200, jobsPage(jobs, 30, 'c1')));
    render(<CommandCentreScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    // It opens on today's jobs (issue 22).
    expect(requests.map((r) => r.url)).toEqual(['/bff/admin-ops/api/admin/jobs?date=today']);
    expect((screen.getByLabelText('Data') as HTMLSelectElement).value).toBe('today');
    expect(bodyRows().map(cells)).toEqual([
      [
        '22/11/2026Hoje',
        '08:00 às 14:00',
        'Supermercado Bom Preço',
        'Operador de CaixaCaixa da manhã',
        'Aberta',
        'Sem freelancer',
        'CandidaturasAlocarEditarExcluir',
      ],
      [
        '23/11/2026Amanhã',
        '08:00 às 14:00',
        'Atacadão',
        'Estoquista',
        'Alocada',
        'Fernanda Costa',
        'Check-in manualEditarExcluir',
      ],
      [
        '26/11/2026',
        '08:00 às 14:00',
        'Supermercado Bom Preço',
        'Operador de CaixaCaixa da manhã',
        'Concluída',
        'Ana Souza',
        'Excluir',
      ],
    ]);
    expect(count()).toBe('Mostrando 3 de 30');
    const statusOptions = within(screen.getByLabelText('Status')).getAllByRole('option');
    expect(statusOptions.map((o) => o.textContent)).toEqual([
      'Todas (30)',
      'Abertas (12)',
      'Alocadas (10)',
      'Concluídas (8)',
    ]);
    expect(liveRefresh).toHaveBeenLastCalledWith('admin-ops', expect.any(Function), {
      pollIntervalMs: POLL_INTERVAL_MS.adminJobs,
    });
    expect(POLL_INTERVAL_MS.adminJobs).toBe(30_000);
  });

  it('puts date, status and search into the URL', async () => {
    jest.useFakeTimers();
    const { fetchImpl, requests } = fakeBff(
      answer(200, jobsPage(jobs, 3)),
      answer(200, jobsPage([jobs[1]!], 1)),
      answer(200, jobsPage([jobs[1]!], 1)),
      answer(200, jobsPage([jobs[1]!], 1)),
      answer(200, jobsPage([], 0)),
      answer(200, jobsPage([], 0)),
    );
    render(<CommandCentreScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    const date = () => screen.getByLabelText('Data');
    fireEvent.change(date(), { target: { value: 'tomorrow' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'assigned' } });
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'fernanda' } });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    fireEvent.change(date(), { target: { value: 'day' } });
    await settle();
    fireEvent.change(screen.getByLabelText('Dia'), { target: { value: '2026-12-01' } });
    await settle();
    expect(requests.map((r) => r.url)).toEqual([
      '/bff/admin-ops/api/admin/jobs?date=today',
      '/bff/admin-ops/api/admin/jobs?date=tomorrow',
      '/bff/admin-ops/api/admin/jobs?date=tomorrow&status=assigned',
      '/bff/admin-ops/api/admin/jobs?date=tomorrow&status=assigned&q=fernanda',
      '/bff/admin-ops/api/admin/jobs?date=2026-11-22&status=assigned&q=fernanda',
      '/bff/admin-ops/api/admin/jobs?date=2026-12-01&status=assigned&q=fernanda',
    ]);
    expect(screen.getByText('Nenhuma vaga encontrada com estes filtros.')).toBeTruthy();
  });

  it('maps "Próximos 7 dias" and an unpicked day to the contract', () => {
    expect(adminJobsQuery({ ...COMMAND_CENTRE_DEFAULT_FILTERS, date: 'next7' }).date).toBe('next7');
    expect(adminJobsQuery({ ...COMMAND_CENTRE_DEFAULT_FILTERS, date: 'day', day: '' }).date).toBeUndefined();
  });

  it('appends with "Carregar mais", and the refresh keeps the rows on 304', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, jobsPage(jobs.slice(0, 2), 3, 'page-2'), '"j1"'),
      answer(200, jobsPage(jobs.slice(2), 3, null), '"j1-2"'),
      answer(304),
    );
    render(<CommandCentreScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settle();
    expect(requests[1]!.url).toBe('/bff/admin-ops/api/admin/jobs?date=today&cursor=page-2');
    expect(count()).toBe('Mostrando 3 de 3');
    await act(async () => liveRefresh.mock.lastCall![1]());
    await act(async () => liveRefresh.mock.lastCall![1]());
    // 3 rows shown, below the page size: the same URL as the first page, so its ETag is asked.
    expect(requests[2]).toEqual({ url: '/bff/admin-ops/api/admin/jobs?date=today', ifNoneMatch: '"j1"' });
    expect(bodyRows()).toHaveLength(3);
  });

  it('has an empty state', async () => {
    const { fetchImpl } = fakeBff(answer(200, jobsPage([], 0)));
    render(<CommandCentreScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(screen.getByText(/^Nenhuma vaga para hoje\./)).toBeTruthy();
  });
});
