/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { PresenceDialog } from './PresenceDialog';

afterEach(cleanup);

const CHECK_IN = 'POST /bff/freelancer/api/freelancers/presence/5/check-in';
const done = {
  success: true,
  message: MESSAGES.presence.checkedInByLocation,
  id: 5,
  job_id: 50,
  assignment_status: 'in_progress',
  check_in_time: '2026-11-23T14:55:00.000Z',
  check_out_time: null,
  method: 'geofence',
  distance_m: 80,
};

/** A Geolocation that answers with this position, or refuses. */
const geolocation = (outcome: { latitude: number; longitude: number; accuracy: number } | 'denied') =>
  ({
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
      outcome === 'denied'
        ? fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError)
        : ok({ coords: outcome } as GeolocationPosition),
  }) as unknown as Geolocation;

describe('Fazer check-in', () => {
  it('sends the position with its accuracy and is done inside the geofence', async () => {
    const { fetchImpl, sent } = routeFetch({ [CHECK_IN]: answer(200, done) });
    const onDone = jest.fn();
    render(
      <PresenceDialog
        assignmentId={5}
        step="check-in"
        onClose={jest.fn()}
        onDone={onDone}
        fetchImpl={fetchImpl}
        geolocation={geolocation({ latitude: -23.5, longitude: -46.6, accuracy: 12 })}
      />,
    );
    await screen.findByRole('dialog');
    await settle();
    await settle();
    expect(sent[0]).toMatchObject({
      body: { position: { latitude: -23.5, longitude: -46.6, accuracy: 12 } },
    });
    expect(onDone).toHaveBeenCalledWith(MESSAGES.presence.checkedInByLocation);
  });

  it('says why outside, then takes the store code', async () => {
    const outside = MESSAGES.presence.outsideGeofence(1_500, 200);
    const { fetchImpl, sent } = routeFetch({
      [CHECK_IN]: [answer(409, { error: outside }), answer(200, { ...done, method: 'code' })],
    });
    const onDone = jest.fn();
    render(
      <PresenceDialog
        assignmentId={5}
        step="check-in"
        onClose={jest.fn()}
        onDone={onDone}
        fetchImpl={fetchImpl}
        geolocation={geolocation({ latitude: 0, longitude: 0, accuracy: 5 })}
      />,
    );
    expect((await screen.findByTestId('presence-reason')).textContent).toBe(outside);
    fireEvent.change(screen.getByLabelText(MESSAGES.presence.codeLabel), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.presence.confirmCode }));
    await screen.findByRole('dialog');
    await settle();
    await settle();
    expect(sent[1]).toMatchObject({ body: { code: '123456' } });
    expect(onDone).toHaveBeenCalled();
  });

  it('asks for the permission when refused, hides the QR reader without BarcodeDetector, keeps the manager fallback', async () => {
    const { fetchImpl, sent } = routeFetch({
      'POST /bff/freelancer/api/freelancers/checkin/5': answer(200, {
        success: true,
        message: MESSAGES.shifts.checkInRequested,
        id: 5,
        job_id: 50,
        assignment_status: 'assigned',
        on_the_way_time: null,
        freelancer_checkin_request_time: '2026-11-23T14:55:00.000Z',
        check_in_time: null,
        freelancer_checkout_request_time: null,
        check_out_time: null,
      }),
    });
    const onDone = jest.fn();
    render(
      <PresenceDialog
        assignmentId={5}
        step="check-in"
        onClose={jest.fn()}
        onDone={onDone}
        fetchImpl={fetchImpl}
        geolocation={geolocation('denied')}
      />,
    );
    expect((await screen.findByTestId('presence-reason')).textContent).toBe(
      MESSAGES.presence.permissionDenied,
    );
    expect(screen.queryByRole('button', { name: MESSAGES.presence.scanQr })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.presence.requestApproval }));
    await settle();
    await settle();
    expect(sent).toHaveLength(1);
    expect(onDone).toHaveBeenCalledWith(MESSAGES.shifts.checkInRequested);
  });
});
