/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FreelancerShiftSchema, type FreelancerShift, type FreelancerShiftsPage } from '@turno/contracts';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { ShiftsScreen } from './ShiftsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

// The shift starts Tuesday 2026-11-24 at 07:00 in São Paulo (10:00 UTC).
const shift: FreelancerShift = FreelancerShiftSchema.parse({
  id: 7,
  job_id: 70,
  title: 'Repositor',
  position_type: 'Repositor',
  description: null,
  date_needed: '2026-11-24',
  start_time: '07:00',
  end_time: '13:00',
  meal_time: null,
  recommended_attire: null,
  freelancer_payment_amount: 120,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_address: 'Rua Vergueiro, 1500',
  assignment_status: 'assigned',
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  confirmation_requested_time: '2026-11-23T10:00:00.000Z',
  confirmed_time: null,
});
const LIST = 'GET /bff/freelancer/api/freelancers/jobs';
const CONFIRM = 'POST /bff/freelancer/api/freelancers/confirm-shift/7';
const page = (items: FreelancerShift[]): FreelancerShiftsPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { active: items.length, completed: 0 },
});
const DAY_BEFORE = new Date('2026-11-23T12:00:00Z');

afterEach(cleanup);

describe('Confirmar presença', () => {
  it('asks "Confirma presença amanhã às 07:00?" and confirms with one tap; the card then says so', async () => {
    const confirmed = { ...shift, confirmed_time: '2026-11-23T12:00:00.000Z' };
    const { fetchImpl, sent } = routeFetch({
      [LIST]: [answer(200, page([shift])), answer(200, page([confirmed]))],
      [CONFIRM]: answer(200, {
        success: true,
        message: SHIFT_CONFIRMATION_MESSAGES.confirmedMessage,
        id: 7,
        job_id: 70,
        confirmed_time: '2026-11-23T12:00:00.000Z',
      }),
    });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={DAY_BEFORE} />);
    await settle();
    expect(screen.getByText('Confirma presença amanhã às 07:00?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Confirmar presença/ }));
    await settle();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/bff/freelancer/api/freelancers/confirm-shift/7',
    ]);
    expect(screen.getByTestId('shift-flash').textContent).toBe(SHIFT_CONFIRMATION_MESSAGES.confirmedMessage);
    expect(screen.getByText(SHIFT_CONFIRMATION_MESSAGES.confirmed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Confirmar presença/ })).toBeNull();
  });

  it("shows the server's refusal in the card", async () => {
    const { fetchImpl } = routeFetch({
      [LIST]: answer(200, page([shift])),
      [CONFIRM]: answer(409, { error: SHIFT_CONFIRMATION_MESSAGES.refusedCancelled }),
    });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={DAY_BEFORE} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Confirmar presença/ }));
    await settle();
    expect(screen.getByText(SHIFT_CONFIRMATION_MESSAGES.refusedCancelled)).toBeTruthy();
  });

  it('is not offered more than 24 h before when not asked yet, nor once the shift started', async () => {
    const early = { ...shift, confirmation_requested_time: null };
    const { fetchImpl } = routeFetch({ [LIST]: answer(200, page([early])) });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={new Date('2026-11-23T09:00:00Z')} />);
    await settle();
    expect(screen.queryByRole('button', { name: /^Confirmar presença/ })).toBeNull();
    cleanup();
    const again = routeFetch({ [LIST]: answer(200, page([shift])) });
    render(<ShiftsScreen fetchImpl={again.fetchImpl} now={new Date('2026-11-24T10:00:00Z')} />);
    await settle();
    expect(screen.queryByRole('button', { name: /^Confirmar presença/ })).toBeNull();
  });
});
