/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FreelancerShiftSchema, type FreelancerShift, type FreelancerShiftsPage } from '@turno/contracts';
import { MESSAGES, POLL_INTERVAL_MS } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { ShiftsScreen } from './ShiftsScreen';
import { mapsUrl, shiftBadge, shiftSteps } from './shifts';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

// Monday 2026-11-23, 10:00 in Sao Paulo; the shift starts at 12:00.
const NOW = new Date('2026-11-23T13:00:00Z');
const assigned: FreelancerShift = FreelancerShiftSchema.parse({
  id: 5,
  job_id: 50,
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  description: null,
  date_needed: '2026-11-23',
  start_time: '12:00',
  end_time: '18:00',
  meal_time: '14:00 às 14:30',
  recommended_attire: 'Calça preta',
  freelancer_payment_amount: 120,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: 'Rua Vergueiro, Vila Mariana, São Paulo - SP, 1500',
  assignment_status: 'assigned',
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
});
const LIST = 'GET /bff/freelancer/api/freelancers/jobs';
const page = (
  items: FreelancerShift[],
  counts = { active: items.length, completed: 0 },
): FreelancerShiftsPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts,
});
const at = (iso: string) => new Date(iso);

afterEach(() => {
  cleanup();
  jest.useRealTimers();
  liveRefresh.mockClear();
});

describe('shift steps and badges', () => {
  it('offers "Estou a caminho" from 3 h before to 1 h after the start, check-in from 1 h before', () => {
    expect(shiftSteps(assigned, at('2026-11-23T11:00:00Z'))).toEqual([
      { kind: 'on-the-way', enabled: false, hint: '"Estou a caminho" disponível hoje às 09:00.' },
      { kind: 'checkin', enabled: false, hint: 'Check-in disponível hoje às 11:00.' },
    ]);
    expect(shiftSteps(assigned, NOW)).toEqual([
      { kind: 'on-the-way', enabled: true, hint: null },
      { kind: 'checkin', enabled: false, hint: 'Check-in disponível hoje às 11:00.' },
    ]);
    expect(shiftSteps(assigned, at('2026-11-23T14:30:00Z'))).toEqual([
      { kind: 'on-the-way', enabled: true, hint: null },
      { kind: 'checkin', enabled: true, hint: null },
    ]);
    // More than 1 h after the start: no "a caminho" any more, check-in still.
    expect(shiftSteps(assigned, at('2026-11-23T16:30:00Z'))).toEqual([
      { kind: 'checkin', enabled: true, hint: null },
    ]);
    expect(shiftSteps({ ...assigned, date_needed: '2026-11-24' }, NOW)[1]).toEqual({
      kind: 'checkin',
      enabled: false,
      hint: 'Check-in disponível amanhã às 11:00.',
    });
  });

  it('waits for the business after a check-in request, then offers check-out (resendable)', () => {
    const requested = {
      ...assigned,
      on_the_way_time: 'x',
      freelancer_checkin_request_time: '2026-11-23T14:00:00Z',
    };
    expect(shiftSteps(requested, NOW)).toEqual([
      { kind: 'waiting', text: MESSAGES.shifts.awaitingCheckInApproval },
    ]);
    const working = {
      ...requested,
      check_in_time: '2026-11-23T14:05:00Z',
      assignment_status: 'in_progress' as const,
    };
    expect(shiftSteps(working, NOW)).toEqual([{ kind: 'checkout', resend: false }]);
    const asked = { ...working, freelancer_checkout_request_time: '2026-11-23T21:00:00Z' };
    expect(shiftSteps(asked, NOW)).toEqual([{ kind: 'checkout', resend: true }]);
    expect(
      [assigned, { ...assigned, on_the_way_time: 'x' }, requested, working, asked].map(shiftBadge),
    ).toEqual(['Alocado', 'A caminho', 'Check-in solicitado', 'Em trabalho', 'Check-out solicitado']);
    expect(shiftBadge({ ...asked, assignment_status: 'completed', check_out_time: 'x' })).toBe('Concluído');
  });
});

describe('Trabalhos', () => {
  it("shows the business's name and address with a maps link, and refreshes every 10 s", async () => {
    render(
      <ShiftsScreen fetchImpl={routeFetch({ [LIST]: answer(200, page([assigned])) }).fetchImpl} now={NOW} />,
    );
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Supermercado Bom Preço');
    expect(text).toContain('Rua Vergueiro, Vila Mariana, São Paulo - SP, 1500');
    expect(text).toContain('Alocado');
    expect(text).toMatch(/Você recebe\s*R\$\s120,00/);
    const link = screen.getByRole('link', { name: /Abrir no mapa/ }) as HTMLAnchorElement;
    expect(link.href).toBe(mapsUrl(assigned.restaurant_address!));
    expect(link.href).toContain('query=Rua%20Vergueiro');
    expect(link.target).toBe('_blank');
    expect(liveRefresh).toHaveBeenLastCalledWith('freelancer', expect.any(Function), {
      pollIntervalMs: POLL_INTERVAL_MS.freelancerActiveJobs,
    });
  });

  it('signals "a caminho", shows the server message and reads the list again', async () => {
    const onTheWay = { ...assigned, on_the_way_time: '2026-11-23T13:00:00.000Z' };
    const { fetchImpl, sent } = routeFetch({
      [LIST]: [answer(200, page([assigned])), answer(200, page([onTheWay]))],
      'POST /bff/freelancer/api/freelancers/on-the-way/5': answer(200, {
        success: true,
        message: MESSAGES.shifts.onTheWaySent,
        id: 5,
        job_id: 50,
        assignment_status: 'assigned',
        on_the_way_time: '2026-11-23T13:00:00.000Z',
        freelancer_checkin_request_time: null,
        check_in_time: null,
        freelancer_checkout_request_time: null,
        check_out_time: null,
      }),
    });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Estou a caminho' }));
    await settle();
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /bff/freelancer/api/freelancers/jobs',
      'POST /bff/freelancer/api/freelancers/on-the-way/5',
      'GET /bff/freelancer/api/freelancers/jobs',
    ]);
    expect(screen.getByTestId('shift-flash').textContent).toBe(MESSAGES.shifts.onTheWaySent);
    expect(document.body.textContent).toContain('A caminho');
    expect(screen.queryByRole('button', { name: 'Estou a caminho' })).toBeNull();
  });

  it("shows the server's refusal in the card", async () => {
    const late = at('2026-11-23T14:30:00Z');
    const { fetchImpl } = routeFetch({
      [LIST]: answer(200, page([assigned])),
      'POST /bff/freelancer/api/freelancers/checkin/5': answer(409, {
        error: MESSAGES.shifts.checkInTooEarly,
      }),
    });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={late} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar check-in' }));
    await settle();
    expect(screen.getByTestId('shift-error').textContent).toBe(MESSAGES.shifts.checkInTooEarly);
  });
});
