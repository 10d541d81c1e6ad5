/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { JobSchema, type Job, type ShiftReleaseResponse } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { settle } from '@turno/ui/testing';
import { answer, routedBff } from '../testing/routed-bff';
import { AllocatedShiftActions } from './AllocatedShiftActions';

/** Ana's shift, Monday 23/11/2026 08:00–16:00 (8 h, R$ 200,00), allocated, not checked in. */
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
  end_time: '16:00',
  hourly_rate: 200,
  meal_time: null,
  recommended_attire: null,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 77,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
  freelancer_user_id: 5,
  freelancer_profile_photo_url: null,
  freelancer_phone: '(11) 98765-4321',
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
});
const at = (iso: string) => new Date(iso);
const CANCEL = '/bff/restaurant/api/restaurant/assignments/77/cancel';
const NO_SHOW = '/bff/restaurant/api/restaurant/assignments/77/no-show';
const released = (fields: Partial<ShiftReleaseResponse>): ShiftReleaseResponse => ({
  success: true,
  message: MESSAGES.shiftRelease.cancelledReopened,
  assignmentId: 77,
  jobId: 10,
  assignmentStatus: 'cancelled',
  jobStatus: 'open',
  cancelledBy: 'restaurant',
  cancelledAt: '2026-11-22T15:00:00.000Z',
  reopened: true,
  cancellationFee: 0,
  cancellationPayout: 0,
  strikeGiven: false,
  ...fields,
});

afterEach(cleanup);

describe('AllocatedShiftActions', () => {
  it('offers Ligar and WhatsApp with the phone, and Cancelar freelancer; not Não compareceu before start + 10 min', () => {
    render(<AllocatedShiftActions job={job} now={at('2026-11-23T08:09:00-03:00')} />);
    expect(screen.getByRole('link', { name: /^Ligar/ }).getAttribute('href')).toBe('tel:+5511987654321');
    const whatsApp = screen.getByRole('link', { name: /^WhatsApp/ });
    expect(whatsApp.getAttribute('href')).toBe('https://wa.me/5511987654321');
    expect(screen.getByRole('button', { name: /^Cancelar freelancer Ana Souza/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Não compareceu/ })).toBeNull();
  });

  it('offers nothing on a checked-in or open shift', () => {
    const { container, rerender } = render(
      <AllocatedShiftActions
        job={{ ...job, assignment_status: 'in_progress' }}
        now={at('2026-11-23T09:00:00-03:00')}
      />,
    );
    expect(container.textContent).toBe('');
    rerender(
      <AllocatedShiftActions
        job={{ ...job, status: 'open', assignment_id: null }}
        now={at('2026-11-23T09:00:00-03:00')}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('warns of the late fee (4 h of 8 h = R$ 100,00) and cancels the vacancy when chosen', async () => {
    const bff = routedBff({
      [`POST ${CANCEL}`]: answer(200, released({ jobStatus: 'cancelled', reopened: false, message: 'ok' })),
    });
    const onReleased = jest.fn();
    render(
      <AllocatedShiftActions
        job={job}
        now={at('2026-11-23T06:00:00-03:00')}
        fetchImpl={bff.fetchImpl}
        onReleased={onReleased}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Cancelar freelancer/ }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Cancelar Ana Souza' });
    expect(within(dialog).getByTestId('late-cancel-warning').textContent).toBe(
      MESSAGES.shiftRelease.lateCancelWarning('R$ 100,00'),
    );
    expect((within(dialog).getByRole('radio', { name: /^Reabrir a vaga/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Cancelar a vaga/ }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Loja fechada ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    await settle();
    expect(bff.of('POST', CANCEL).map((request) => request.body)).toEqual([
      { reopen: false, reason: 'Loja fechada' },
    ]);
    expect(onReleased).toHaveBeenCalledWith('ok');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says there is no fee more than 12 h before, offers only "Cancelar a vaga" after the start, and shows a refusal', async () => {
    const early = render(<AllocatedShiftActions job={job} now={at('2026-11-22T12:00:00-03:00')} />);
    fireEvent.click(screen.getByRole('button', { name: /^Cancelar freelancer/ }));
    await settle();
    expect(screen.getByText(MESSAGES.shiftRelease.noFeeNote)).toBeTruthy();
    early.unmount();

    const bff = routedBff({
      [`POST ${CANCEL}`]: answer(409, { error: MESSAGES.shiftRelease.notCancellable }),
    });
    render(
      <AllocatedShiftActions job={job} now={at('2026-11-23T08:05:00-03:00')} fetchImpl={bff.fetchImpl} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Cancelar freelancer/ }));
    await settle();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('radio', { name: /^Reabrir a vaga/ })).toBeNull();
    expect(
      (within(dialog).getByRole('radio', { name: /^Cancelar a vaga/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    await settle();
    expect(within(dialog).getByTestId('release-error').textContent).toBe(
      MESSAGES.shiftRelease.notCancellable,
    );
  });

  it('reports a no-show from start + 10 min, after a confirmation', async () => {
    const bff = routedBff({
      [`POST ${NO_SHOW}`]: answer(
        200,
        released({ cancelledBy: 'no_show', message: MESSAGES.shiftRelease.noShowRecorded }),
      ),
    });
    const onReleased = jest.fn();
    render(
      <AllocatedShiftActions
        job={job}
        now={at('2026-11-23T08:10:00-03:00')}
        fetchImpl={bff.fetchImpl}
        onReleased={onReleased}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Não compareceu/ }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: MESSAGES.shiftRelease.noShowTitle });
    expect(dialog.textContent).toContain(MESSAGES.shiftRelease.noShowConfirm('Ana Souza'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    await settle();
    expect(bff.of('POST', NO_SHOW)).toHaveLength(1);
    expect(onReleased).toHaveBeenCalledWith(MESSAGES.shiftRelease.noShowRecorded);
  });
});
