/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { OpenJobSchema, type FreelancerJobsPage, type OpenJob } from '@turno/contracts';
import { LIST_SEARCH_DEBOUNCE_MS, MESSAGES, NEARBY_TEXTS, POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, fakeBff, settle, listCount } from '@turno/ui/testing';
import { openJobsQuery } from './open-jobs';
import { OpenJobsScreen } from './OpenJobsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

const base: OpenJob = OpenJobSchema.parse({
  id: 1,
  restaurant_neighborhood: 'Vila Mariana',
  restaurant_city: 'São Paulo - SP',
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  description: null,
  date_needed: '2026-11-23',
  start_time: '07:00',
  end_time: '13:00',
  hourly_rate: 149,
  freelancer_payment_amount: 120,
  meal_time: '09:00 às 09:30',
  recommended_attire: null,
  has_applied: false,
});
const later: OpenJob = { ...base, id: 2, restaurant_neighborhood: 'Santana', date_needed: '2026-11-25' };
const now = new Date('2026-11-22T12:00:00-03:00');

const jobsPage = (items: OpenJob[], total: number, nextCursor: string | null = null): FreelancerJobsPage => ({
  items,
  total,
  nextCursor,
});

const count = listCount;
const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('open jobs', () => {
  it('shows the area (not the business), date, time and the payout of each card, and refreshes every 10 s', async () => {
    const { fetchImpl, requests } = fakeBff(answer(200, jobsPage([base], 1)));
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(requests.map((r) => r.url)).toEqual(['/bff/freelancer/api/jobs']);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Vagas disponíveis (1)');
    expect(text).toContain('Vila Mariana, São Paulo - SP');
    expect(text).not.toContain('Mercado');
    expect(text).toContain('23/11/2026');
    expect(text).toContain('Amanhã');
    expect(text).toContain('07:00 às 13:00');
    expect(text).toContain('09:00 às 09:30');
    expect(text).toMatch(/Você recebe R\$\s120,00/);
    expect(text).not.toContain('Vestimenta');
    expect(liveRefresh).toHaveBeenLastCalledWith('freelancer', expect.any(Function), {
      pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    });
    expect(POLL_INTERVAL_MS.freelancerActiveJobs).toBe(10_000);
  });

  it('shows each distance, filters by distance, and says where the list searches from (issue 26)', async () => {
    const area = { origin: 'home' as const, radius_km: 15 };
    const { fetchImpl, requests } = fakeBff(
      answer(200, {
        ...jobsPage(
          [
            { ...base, distance_km: 3.2 },
            { ...later, distance_km: null },
          ],
          2,
        ),
        area,
      }),
      answer(200, { ...jobsPage([{ ...base, distance_km: 3.2 }], 1), area: { ...area, radius_km: 5 } }),
    );
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} profileHref="/dashboard/perfil" />);
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Distânciaa 3,2 km');
    expect(text).toContain('Distânciadistância desconhecida');
    expect(screen.getByTestId('vacancies-area').textContent).toContain(NEARBY_TEXTS.listArea('home', 15));
    expect(screen.getByRole('link', { name: NEARBY_TEXTS.changeInProfile }).getAttribute('href')).toBe(
      '/dashboard/perfil',
    );
    const distance = screen.getByLabelText(NEARBY_TEXTS.listFilterLabel) as HTMLSelectElement;
    expect(distance.value).toBe('15');
    fireEvent.change(distance, { target: { value: '5' } });
    await settle();
    expect(requests.map((r) => r.url)).toEqual([
      '/bff/freelancer/api/jobs',
      '/bff/freelancer/api/jobs?distance_km=5',
    ]);
  });

  it('shows no distance and no distance filter to a freelancer who cannot be placed', async () => {
    const { fetchImpl } = fakeBff(
      answer(200, {
        ...jobsPage([{ ...base, distance_km: null }], 1),
        area: { origin: null, radius_km: 15 },
      }),
    );
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(document.body.textContent).not.toContain('Distância');
    expect(screen.getByTestId('vacancies-area').textContent).toBe(NEARBY_TEXTS.listUnplaced + ' ');
  });

  it('searches and narrows to one day from today on, through the URL', async () => {
    jest.useFakeTimers();
    const { fetchImpl, requests } = fakeBff(
      answer(200, jobsPage([base, later], 2)),
      answer(200, jobsPage([later], 1)),
      answer(200, jobsPage([], 0)),
    );
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    const date = screen.getByLabelText('Data') as HTMLInputElement;
    expect(date.min).toBe('2026-11-22');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar vagas' }), {
      target: { value: 'atacadão' },
    });
    await act(async () => jest.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(cardTitles()).toHaveLength(1);
    fireEvent.change(date, { target: { value: '2026-11-24' } });
    await settle();
    expect(requests.map((r) => r.url)).toEqual([
      '/bff/freelancer/api/jobs',
      '/bff/freelancer/api/jobs?q=atacad%C3%A3o',
      '/bff/freelancer/api/jobs?q=atacad%C3%A3o&date=2026-11-24',
    ]);
    expect(screen.getByText('Nenhuma vaga encontrada com estes filtros.')).toBeTruthy();
    expect(count()).toBe('Mostrando 0 de 0');
  });

  it('never asks for a day before today', () => {
    const none = { q: '', distanceKm: '' };
    expect(openJobsQuery({ ...none, date: '2026-11-21' }, '2026-11-22')).toEqual({ q: '', date: undefined });
    expect(openJobsQuery({ ...none, date: '2026-11-22' }, '2026-11-22')).toEqual({
      q: '',
      date: '2026-11-22',
    });
    // Issue 26: the distance chosen on the list; none, the freelancer's own (Perfil).
    expect(openJobsQuery({ q: '', date: '', distanceKm: '5' }, '2026-11-22')).toEqual({
      q: '',
      date: '',
      distance_km: 5,
    });
  });

  it('appends the next page with "Carregar mais"', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, jobsPage([base], 2, 'next-1')),
      answer(200, jobsPage([later], 2, null)),
    );
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(count()).toBe('Mostrando 1 de 2');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await settle();
    expect(requests[1]!.url).toBe('/bff/freelancer/api/jobs?cursor=next-1');
    expect(cardTitles()).toHaveLength(2);
    expect(count()).toBe('Mostrando 2 de 2');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('keeps the cards when the live refresh answers 304', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, jobsPage([base, later], 2), 'W/"ignored"'),
      answer(304, undefined, 'W/"ignored"'),
    );
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    await act(async () => liveRefresh.mock.lastCall![1]());
    expect(requests[1]).toEqual({ url: '/bff/freelancer/api/jobs', ifNoneMatch: 'W/"ignored"' });
    expect(cardTitles()).toHaveLength(2);
  });

  it('has an empty state', async () => {
    const { fetchImpl } = fakeBff(answer(200, jobsPage([], 0)));
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    expect(screen.getByText(/Nenhuma vaga disponível no momento\./)).toBeTruthy();
  });
});

describe('open jobs: a list that cannot be read', () => {
  it('says "Erro ao carregar vagas" (spec 01 §8) with the detail and a retry', async () => {
    const { fetchImpl } = fakeBff(answer(503));
    render(<OpenJobsScreen fetchImpl={fetchImpl} now={now} />);
    await settle();
    const error = screen.getByTestId('load-error');
    expect(error.textContent).toContain(MESSAGES.jobs.loadFailed);
    expect(error.textContent).toMatch(/temporariamente indisponível/);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});
