/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FreelancerShiftSchema, type FreelancerShift, type FreelancerShiftsPage } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { ShiftsScreen } from './ShiftsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: false })),
}));

// The shift starts Monday 2026-11-23 at 12:00 in São Paulo (15:00 UTC).
const shift: FreelancerShift = FreelancerShiftSchema.parse({
  id: 5,
  job_id: 50,
  title: 'Operador de Caixa',
  position_type: 'Operador de Caixa',
  description: null,
  date_needed: '2026-11-23',
  start_time: '12:00',
  end_time: '18:00',
  meal_time: null,
  recommended_attire: null,
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
const CANCEL = 'POST /bff/freelancer/api/freelancers/cancel-shift/5';
const page = (items: FreelancerShift[]): FreelancerShiftsPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { active: items.length, completed: 0 },
});
const release = (strikeGiven: boolean) => ({
  success: true,
  message: strikeGiven
    ? MESSAGES.shiftRelease.shiftCancelledWithStrike
    : MESSAGES.shiftRelease.shiftCancelled,
  assignmentId: 5,
  jobId: 50,
  assignmentStatus: 'cancelled',
  jobStatus: 'open',
  cancelledBy: 'freelancer',
  cancelledAt: '2026-11-23T10:00:00.000Z',
  reopened: true,
  cancellationFee: 0,
  cancellationPayout: 0,
  strikeGiven,
});

afterEach(cleanup);

async function openDialog(now: Date, routes: Parameters<typeof routeFetch>[0]) {
  const fetch = routeFetch({ [LIST]: [answer(200, page([shift])), answer(200, page([]))], ...routes });
  render(<ShiftsScreen fetchImpl={fetch.fetchImpl} now={now} />);
  await settle();
  fireEvent.click(screen.getByRole('button', { name: /^Cancelar turno/ }));
  await settle();
  return { ...fetch, dialog: screen.getByRole('dialog', { name: MESSAGES.shiftRelease.cancelShiftTitle }) };
}

describe('Cancelar turno', () => {
  it('warns of the strike BEFORE confirming when less than 12 h are left, then cancels with the reason', async () => {
    const { dialog, sent } = await openDialog(new Date('2026-11-23T10:00:00Z'), {
      [CANCEL]: answer(200, release(true)),
    });
    expect(within(dialog).getByTestId('strike-warning').textContent).toBe(
      MESSAGES.shiftRelease.cancelShiftLateWarning,
    );
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Imprevisto' } });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.shiftRelease.cancelShiftConfirm }));
    await settle();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/bff/freelancer/api/freelancers/cancel-shift/5',
        body: { reason: 'Imprevisto' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('shift-flash').textContent).toBe(
      MESSAGES.shiftRelease.shiftCancelledWithStrike,
    );
  });

  it('says there is no strike more than 12 h before, and "Manter turno" closes without a call', async () => {
    const { dialog, sent } = await openDialog(new Date('2026-11-22T12:00:00Z'), {});
    expect(dialog.textContent).toContain(MESSAGES.shiftRelease.cancelShiftNoStrike);
    expect(within(dialog).queryByTestId('strike-warning')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.shiftRelease.keepShift }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { dialog } = await openDialog(new Date('2026-11-23T10:00:00Z'), {
      [CANCEL]: answer(409, { error: MESSAGES.shiftRelease.notCancellable }),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MESSAGES.shiftRelease.cancelShiftConfirm }));
    await settle();
    expect(within(dialog).getByTestId('cancel-shift-error').textContent).toBe(
      MESSAGES.shiftRelease.notCancellable,
    );
  });

  it('is not offered once checked in', async () => {
    const { fetchImpl } = routeFetch({
      [LIST]: answer(
        200,
        page([{ ...shift, assignment_status: 'in_progress', check_in_time: '2026-11-23T15:00:00.000Z' }]),
      ),
    });
    render(<ShiftsScreen fetchImpl={fetchImpl} now={new Date('2026-11-23T16:00:00Z')} />);
    await settle();
    expect(screen.queryByRole('button', { name: /^Cancelar turno/ })).toBeNull();
  });
});
