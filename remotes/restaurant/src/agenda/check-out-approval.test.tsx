/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  RestaurantAgendaJobSchema,
  type RestaurantAgendaJob,
  type RestaurantAgendaPage,
} from '@turno/contracts';
import { APPROVAL_SETTLE_MS, MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { AgendaScreen, APPLICATIONS_COUNT_URL } from './AgendaScreen';
import { pendingFirst } from './AgendaView';
import { AlertsToggle } from './request-alerts';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

/**
 * Approving a check-out (issue 23, "First, the hole"): the new user's 10:45–19:05 shift checked in
 * at 09:52 and asked out at 09:53 must show the times and the early departure, and pay by worked
 * time unless the business says it pays the full shift.
 */
const JOBS = '/bff/restaurant/api/jobs';
const APPROVE = '/bff/restaurant/api/restaurant/assignments/78/approve-checkout';
const now = new Date('2026-11-23T09:55:00-03:00');

const base: RestaurantAgendaJob = RestaurantAgendaJobSchema.parse({
  can_rate: false,
  id: 12,
  restaurant_id: 1,
  restaurant_name: 'Mercado Demo',
  restaurant_address: null,
  title: 'Repositor',
  position_type: 'Repositor',
  description: null,
  date_needed: '2026-11-23',
  start_time: '10:45',
  end_time: '19:05',
  hourly_rate: 149,
  meal_time: null,
  recommended_attire: null,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 78,
  assignment_status: 'in_progress',
  freelancer_name: 'Caio Souza',
  freelancer_user_id: 9,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: '2026-11-23T12:51:00.000Z',
  check_in_time: '2026-11-23T12:52:00.000Z',
  freelancer_checkout_request_time: '2026-11-23T12:53:00.000Z',
  check_out_time: null,
  created_by_admin: false,
});
const quiet: RestaurantAgendaJob = {
  ...base,
  id: 13,
  assignment_id: 79,
  status: 'open',
  is_assigned: false,
  assignment_status: null,
  freelancer_name: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
};
const page = (items: RestaurantAgendaJob[]): RestaurantAgendaPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { all: items.length, open: 1, assigned: 1, completed: 0 },
});
const completion = (pay: 'worked' | 'full') => ({
  jobCompleted: true,
  assignmentId: 78,
  jobId: 12,
  jobTitle: 'Repositor',
  freelancerName: 'Caio Souza',
  freelancerPaymentAmount: pay === 'full' ? 120 : 0,
  restaurantPaymentAmount: pay === 'full' ? 149 : 0,
  commissionAmount: pay === 'full' ? 29 : 0,
  completedAt: '2026-11-23T12:55:00.000Z',
  payBasis: pay,
  paidMinutes: pay === 'full' ? 500 : 0,
  workedMinutes: 0,
  scheduledMinutes: 500,
  earlyDeparture: true,
  checkOutAt: '2026-11-23T12:53:00.000Z',
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function agenda(job: RestaurantAgendaJob, at: Date = now) {
  const bff = routedBff({
    [`GET ${JOBS}`]: answer(200, page([quiet, job])),
    [`GET ${APPLICATIONS_COUNT_URL}`]: answer(200, []),
    [`POST ${APPROVE}`]: (request) =>
      answer(200, completion((request.body as { pay: 'worked' | 'full' }).pay)),
  });
  render(<AgendaScreen fetchImpl={bff.fetchImpl} now={at} />);
  return bff;
}

async function openCheckOut(name = 'Aprovar check-out') {
  await settle();
  fireEvent.click(screen.getByRole('button', { name }));
  await settle();
  return within(screen.getByRole('dialog', { name }));
}

describe('check-out approval dialog', () => {
  it('the new-user case: shows the times and the early departure, and approves by worked time', async () => {
    const bff = agenda(base);
    const dialog = await openCheckOut();
    const facts = dialog.getByTestId('check-out-facts').textContent;
    for (const expected of [
      'Check-in09:52',
      'Check-out solicitado09:53',
      '10:45 às 19:05',
      '0h00min de 8h20min',
    ]) {
      expect(facts).toContain(expected);
    }
    const warning = dialog.getByTestId('early-departure').textContent;
    expect(warning).toContain(MESSAGES.checkOut.earlyDeparture(0, 500));
    expect(warning).toContain(MESSAGES.checkOut.byWorkedAmount(0));
    expect(warning).toContain(MESSAGES.checkOut.fullAmount(149));
    expect(bff.of('POST', APPROVE)).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: 'Aprovar pelo tempo trabalhado' }));
    await settle();
    expect(bff.of('POST', APPROVE).map((r) => r.body)).toEqual([{ pay: 'worked' }]);
    expect(screen.queryByRole('dialog', { name: 'Aprovar check-out' })).toBeNull();
    expect(screen.getByTestId('agenda-message').textContent).toBe(
      MESSAGES.shifts.completedForRestaurant('Caio Souza'),
    );
  });

  it('"Pagar turno completo" says so and sends the full pay choice; Cancelar sends nothing', async () => {
    const bff = agenda(base);
    let dialog = await openCheckOut();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(bff.of('POST', APPROVE)).toHaveLength(0);
    dialog = await openCheckOut();
    expect(dialog.getByTestId('early-departure').textContent).toContain(MESSAGES.checkOut.payFullHint);
    fireEvent.click(dialog.getByRole('button', { name: 'Pagar turno completo' }));
    await settle();
    expect(bff.of('POST', APPROVE).map((r) => r.body)).toEqual([{ pay: 'full' }]);
  });

  it('a whole shift offers one approval, with the full amount', async () => {
    agenda(
      { ...base, freelancer_checkout_request_time: '2026-11-23T22:05:00.000Z' },
      new Date('2026-11-23T19:10:00-03:00'),
    );
    const dialog = await openCheckOut();
    expect(dialog.queryByTestId('early-departure')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Pagar turno completo' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Aprovar' })).toBeTruthy();
  });

  it('no request by the end + 2 h: "Confirmar check-out" at the scheduled end', async () => {
    const noRequest = {
      ...base,
      check_in_time: '2026-11-23T13:40:00.000Z',
      freelancer_checkout_request_time: null,
    };
    agenda(noRequest, new Date('2026-11-23T21:04:00-03:00'));
    await settle();
    expect(screen.queryByRole('button', { name: 'Confirmar check-out' })).toBeNull();
    cleanup();

    agenda(noRequest, new Date('2026-11-23T21:05:00-03:00'));
    const dialog = await openCheckOut('Confirmar check-out');
    expect(dialog.getByTestId('check-out-facts').textContent).toContain('Check-out (fim previsto)19:05');
    expect(dialog.getByText(MESSAGES.checkOut.noRequestNote)).toBeTruthy();
  });

  it('the check-out button stays disabled for a moment after the check-in was approved', async () => {
    jest.useFakeTimers();
    const waitingCheckIn = {
      ...base,
      assignment_status: 'assigned' as const,
      check_in_time: null,
      freelancer_checkout_request_time: null,
    };
    const checkedIn = { ...base, freelancer_checkout_request_time: null };
    const requested = base;
    const bff = routedBff({
      [`GET ${JOBS}`]: [
        answer(200, page([waitingCheckIn])),
        answer(200, page([checkedIn])),
        answer(200, page([requested])),
      ],
      [`GET ${APPLICATIONS_COUNT_URL}`]: answer(200, []),
      'POST /bff/restaurant/api/restaurant/assignments/78/approve-checkin': answer(200, {
        assignmentId: 78,
        jobId: 12,
        status: 'in_progress',
        onTheWayAt: null,
        checkinRequestedAt: '2026-11-23T12:51:00.000Z',
        checkInAt: '2026-11-23T12:52:00.000Z',
        checkoutRequestedAt: null,
        checkOutAt: null,
      }),
    });
    render(<AgendaScreen fetchImpl={bff.fetchImpl} now={now} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar check-in' }));
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: 'Aprovar check-in' }));
    expect(dialog.getByText(MESSAGES.checkOut.checkInConfirm('09:55'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Aprovar check-in' }));
    await settle();
    // The freelancer asks to leave right away: the new button is not live yet.
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await settle();
    const checkOut = screen.getByRole('button', { name: 'Aprovar check-out' });
    expect((checkOut as HTMLButtonElement).disabled).toBe(true);
    await act(async () => jest.advanceTimersByTime(APPROVAL_SETTLE_MS));
    expect((screen.getByRole('button', { name: 'Aprovar check-out' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('lists the rows with a pending request first', () => {
    expect(pendingFirst([quiet, base], now).map((job) => job.id)).toEqual([12, 13]);
  });
});

describe('Ativar avisos', () => {
  it('never asks the browser on load; asks when pressed', async () => {
    const requestPermission = jest.fn(async () => 'granted' as NotificationPermission);
    Object.assign(globalThis, { Notification: { permission: 'default', requestPermission } });
    render(<AlertsToggle />);
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.requestAlerts.enableAlerts }));
    await settle();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.getByText(MESSAGES.requestAlerts.alertsOn)).toBeTruthy();
    delete (globalThis as { Notification?: unknown }).Notification;
  });
});
