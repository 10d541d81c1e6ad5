/** @jest-environment jsdom */
import { act, cleanup, render, screen } from '@testing-library/react';
import { FreelancerShiftSchema, type FreelancerShift } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { CompletionNotice } from './CompletionNotice';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));
const liveRefresh = jest.mocked(useLiveRefresh);

afterEach(() => {
  cleanup();
  liveRefresh.mockClear();
});

/** The completion notice says what was actually paid (issue 23): an early departure is paid by worked time. */
const SHIFTS = 'GET /bff/freelancer/api/freelancers/jobs';
const shift = (fields: Partial<FreelancerShift>): FreelancerShift =>
  FreelancerShiftSchema.parse({
    id: 5,
    job_id: 50,
    title: 'Repositor',
    position_type: 'Repositor',
    description: null,
    date_needed: '2026-11-23',
    start_time: '10:45',
    end_time: '19:05',
    meal_time: null,
    recommended_attire: null,
    freelancer_payment_amount: 28.8,
    restaurant_name: 'Supermercado Bom Preço',
    restaurant_address: null,
    assignment_status: 'completed',
    on_the_way_time: null,
    freelancer_checkin_request_time: null,
    check_in_time: '2026-11-23T13:40:00.000Z',
    freelancer_checkout_request_time: '2026-11-23T15:45:00.000Z',
    check_out_time: '2026-11-23T15:45:00.000Z',
    early_departure_paid_minutes: 120,
    ...fields,
  });
const page = (items: FreelancerShift[]) => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { active: 0, completed: items.length },
});

async function complete(done: FreelancerShift) {
  const { fetchImpl } = routeFetch({ [SHIFTS]: [answer(200, page([])), answer(200, page([done]))] });
  render(<CompletionNotice fetchImpl={fetchImpl} onRate={jest.fn()} />);
  await settle();
  const call = liveRefresh.mock.calls.find((c) => c[2]?.types?.includes('job_completed'));
  await act(async () => call![1]());
  await settle();
  return screen.getByTestId('completion-flash').textContent;
}

describe('CompletionNotice', () => {
  it('an early departure: the amount paid and "pago pelo tempo trabalhado (2h00min)"', async () => {
    const text = await complete(shift({}));
    expect(text).toContain(MESSAGES.checkOutNotice.paidAmount(28.8));
    expect(text).toContain('Saída antecipada: pago pelo tempo trabalhado (2h00min)');
  });

  it('paid in full: the amount, no early-departure line', async () => {
    const text = await complete(
      shift({ early_departure_paid_minutes: null, freelancer_payment_amount: 120 }),
    );
    expect(text).toContain(MESSAGES.checkOutNotice.paidAmount(120));
    expect(text).not.toContain('Saída antecipada');
  });
});
