/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { JobSchema, type Job } from '@turno/contracts';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { AllocatedShiftActions } from './AllocatedShiftActions';

// The shift starts 2026-11-23 at 08:00 in São Paulo; "now" is 6 h before.
const now = new Date('2026-11-23T02:00:00-03:00');
const job: Job = JobSchema.parse({
  id: 10,
  restaurant_id: 1,
  restaurant_name: 'Mercado Demo',
  restaurant_address: null,
  title: 'Estoquista',
  position_type: 'Estoquista',
  description: null,
  date_needed: '2026-11-23',
  start_time: '08:00',
  end_time: '14:00',
  hourly_rate: 149,
  meal_time: null,
  recommended_attire: null,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 77,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
  freelancer_user_id: 5,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
});
const RELEASE = 'POST /bff/restaurant/api/restaurant/assignments/77/release-unconfirmed';

afterEach(cleanup);

describe('the agenda’s confirmation (issue 26)', () => {
  it('says "Confirmado" and offers no "Liberar vaga" once the freelancer confirmed', () => {
    render(
      <AllocatedShiftActions
        job={{ ...job, assignment_confirmed_time: '2026-11-22T12:00:00.000Z' }}
        now={now}
      />,
    );
    expect(screen.getByTestId('shift-confirmation').textContent).toBe(
      SHIFT_CONFIRMATION_MESSAGES.agendaConfirmed,
    );
    expect(screen.queryByRole('button', { name: /^Liberar vaga/ })).toBeNull();
  });

  it('offers "Liberar vaga" once told it is unconfirmed, and releases with one tap', async () => {
    const bff = routedBff({
      [RELEASE]: answer(200, {
        success: true,
        message: SHIFT_CONFIRMATION_MESSAGES.releasedMessage,
        assignmentId: 77,
        jobId: 10,
        assignmentStatus: 'cancelled',
        jobStatus: 'open',
        cancelledBy: 'restaurant',
        cancelledAt: '2026-11-23T05:00:00.000Z',
        reopened: true,
        cancellationFee: 0,
        cancellationPayout: 0,
        strikeGiven: false,
      }),
    });
    const onReleased = jest.fn();
    render(
      <AllocatedShiftActions
        job={{ ...job, assignment_unconfirmed_time: '2026-11-22T23:00:00.000Z' }}
        now={now}
        onReleased={onReleased}
        fetchImpl={bff.fetchImpl}
      />,
    );
    expect(screen.getByTestId('shift-confirmation').textContent).toBe(
      SHIFT_CONFIRMATION_MESSAGES.agendaUnconfirmed,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Liberar vaga/ }));
    await settle();
    expect(bff.requests.map((request) => `${request.method} ${request.url}`)).toEqual([RELEASE]);
    expect(onReleased).toHaveBeenCalledWith(SHIFT_CONFIRMATION_MESSAGES.releasedMessage);
  });

  it('shows neither before the 12 h notice', () => {
    render(<AllocatedShiftActions job={job} now={now} />);
    expect(screen.queryByTestId('shift-confirmation')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Liberar vaga/ })).toBeNull();
  });
});
