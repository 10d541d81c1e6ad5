/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import {
  FreelancerApplicationSchema,
  type FreelancerApplication,
  type FreelancerApplicationsPage,
} from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, fakeBff, listCount, settle } from '@turno/ui/testing';
import { ApplicationsScreen } from './ApplicationsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

// Monday 2026-11-23, 10:00 in Sao Paulo.
const NOW = new Date('2026-11-23T13:00:00Z');
const pending: FreelancerApplication = FreelancerApplicationSchema.parse({
  id: 3,
  job_id: 30,
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  date_needed: '2026-11-24',
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149,
  freelancer_payment_amount: 120,
  status: 'pending',
  message: 'Tenho experiência.',
  applied_at: '2026-11-23T12:25:00.000Z',
  expires_at: '2026-11-23T14:25:00.000Z',
  reviewed_at: null,
  restaurant_name: null,
  restaurant_neighborhood: 'Vila Mariana',
  restaurant_city: 'São Paulo - SP',
});
const accepted: FreelancerApplication = {
  ...pending,
  id: 2,
  status: 'accepted',
  restaurant_name: 'Supermercado Bom Preço',
  reviewed_at: '2026-11-23T12:40:00.000Z',
};
const rejected: FreelancerApplication = { ...pending, id: 1, status: 'rejected', message: null };
const counts = { all: 3, pending: 1, accepted: 1, rejected: 1 };
const page = (items: FreelancerApplication[], total = items.length): FreelancerApplicationsPage => ({
  items,
  total,
  nextCursor: null,
  counts,
});

afterEach(() => {
  cleanup();
  liveRefresh.mockClear();
});

const cards = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.closest('section')!);

describe('Candidaturas', () => {
  it('shows each status, the business only once accepted, and the time left while pending', async () => {
    const { fetchImpl, requests } = fakeBff(answer(200, page([pending, accepted, rejected])));
    render(<ApplicationsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    expect(requests.map((r) => r.url)).toEqual(['/bff/freelancer/api/freelancers/applications']);
    const [first, second, third] = cards();
    expect(first!.textContent).toContain('Pendente');
    expect(first!.textContent).toContain('Vila Mariana, São Paulo - SP');
    expect(first!.textContent).toContain('Amanhã');
    expect(first!.textContent).toMatch(/R\$\s120,00/);
    expect(first!.textContent).toContain('Enviada em23/11/2026 09:25');
    expect(screen.getByTestId('expiry').textContent).toBe('Expira às 11:25 (faltam 1 h 25 min)');
    expect(second!.textContent).toContain('Aceita');
    expect(second!.textContent).toContain('Supermercado Bom Preço');
    expect(third!.textContent).toContain('Rejeitada');
    expect(third!.textContent).not.toContain('Bom Preço');
    expect(screen.getAllByTestId('expiry')).toHaveLength(1);
    expect(listCount()).toBe('Mostrando 3 de 3');
    expect(liveRefresh).toHaveBeenLastCalledWith('freelancer', expect.any(Function), {
      pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    });
  });

  it('filters by status on the server, with the counts on the buttons', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, page([pending, accepted, rejected])),
      answer(200, page([accepted], 1)),
    );
    render(<ApplicationsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    const acceptedFilter = screen.getByRole('button', { name: 'Aceitas (1)' });
    expect(screen.getByRole('button', { name: 'Todas (3)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(acceptedFilter);
    await settle();
    expect(requests[1]!.url).toBe('/bff/freelancer/api/freelancers/applications?status=accepted');
    expect(cards()).toHaveLength(1);
    expect(acceptedFilter.getAttribute('aria-pressed')).toBe('true');
  });

  it('hides a pending application once it expires and reads the list again, once', async () => {
    const { fetchImpl, requests } = fakeBff(
      answer(200, page([pending, accepted])),
      answer(200, page([pending, accepted])),
    );
    const later = new Date('2026-11-23T14:25:00Z');
    render(<ApplicationsScreen fetchImpl={fetchImpl} now={later} />);
    await settle();
    await act(async () => undefined);
    expect(cards().map((card) => card.textContent?.includes('Aceita'))).toEqual([true]);
    expect(requests).toHaveLength(2);
  });

  it('has an empty state that points to Vagas', async () => {
    const { fetchImpl } = fakeBff(
      answer(200, { ...page([]), counts: { all: 0, pending: 0, accepted: 0, rejected: 0 } }),
    );
    render(<ApplicationsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    expect(screen.getByText(/Você ainda não tem candidaturas/)).toBeTruthy();
  });
});

describe('Candidaturas: a list that cannot be read', () => {
  it('says "Erro ao carregar candidaturas" (spec 01 §8) with the detail', async () => {
    const { fetchImpl } = fakeBff(answer(503));
    render(<ApplicationsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    expect(screen.getByTestId('load-error').textContent).toContain(MESSAGES.applications.loadFailed);
  });
});
