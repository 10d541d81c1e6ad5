/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  RestaurantAgendaJobSchema,
  type RestaurantAgendaJob,
  type RestaurantApplication,
  type RestaurantAgendaPage,
} from '@turno/contracts';
import { COMPLETION_MESSAGE_MS, MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { AgendaScreen, APPLICATIONS_COUNT_URL, RATING_PROMPT_DELAY_MS } from './AgendaScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const now = new Date('2026-11-22T12:00:00-03:00');
const JOBS = '/bff/restaurant/api/jobs';
const open: RestaurantAgendaJob = RestaurantAgendaJobSchema.parse({
  can_rate: false,
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
  status: 'open',
  is_assigned: false,
  assignment_id: null,
  assignment_status: null,
  freelancer_name: null,
  freelancer_user_id: null,
  freelancer_profile_photo_url: null,
  on_the_way_time: null,
  freelancer_checkin_request_time: null,
  check_in_time: null,
  freelancer_checkout_request_time: null,
  check_out_time: null,
  created_by_admin: false,
});
const assigned = (fields: Partial<RestaurantAgendaJob>): RestaurantAgendaJob => ({
  ...open,
  status: 'assigned',
  is_assigned: true,
  assignment_id: 77,
  assignment_status: 'assigned',
  freelancer_name: 'Ana Souza',
  ...fields,
});
const waitingCheckIn = assigned({
  id: 11,
  on_the_way_time: '2026-11-23T10:05:00.000Z',
  freelancer_checkin_request_time: '2026-11-23T10:50:00.000Z',
});
const waitingCheckOut = assigned({
  id: 12,
  assignment_id: 78,
  assignment_status: 'in_progress',
  freelancer_checkin_request_time: '2026-11-23T10:50:00.000Z',
  check_in_time: '2026-11-23T11:00:00.000Z',
  freelancer_checkout_request_time: '2026-11-23T17:00:00.000Z',
});
/** "Aprovar check-out" opens its dialog (issue 23); "Aprovar" there approves. */
async function approveCheckOutInDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Aprovar check-out' }));
  await settle();
  fireEvent.click(
    within(screen.getByRole('dialog', { name: 'Aprovar check-out' })).getByRole('button', {
      name: 'Aprovar',
    }),
  );
  await settle();
}

const page = (items: RestaurantAgendaJob[]): RestaurantAgendaPage => ({
  items,
  total: items.length,
  nextCursor: null,
  counts: { all: items.length, open: 1, assigned: 2, completed: 0 },
});
const applicant: RestaurantApplication = {
  id: 501,
  job_id: 10,
  freelancer_id: 9,
  freelancer_name: 'Joana Prado',
  freelancer_phone: '11987654321',
  profile_photo_url: null,
  experience_years: 4,
  rating: 4.5,
  total_jobs: 12,
  specialties: ['Estoquista', 'Aux de Padaria'],
  application_message: 'Tenho experiência em reposição.',
  applied_at: '2026-11-22T14:30:00.000Z',
  expires_at: '2026-11-22T16:30:00.000Z',
};

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function agenda(routes: Record<string, Response | Response[]> = {}) {
  const bff = routedBff({
    [`GET ${JOBS}`]: answer(200, page([open, waitingCheckIn, waitingCheckOut])),
    [`GET ${APPLICATIONS_COUNT_URL}`]: answer(200, [{ job_id: 10, application_count: 2 }]),
    ...routes,
  });
  const onCompleted = jest.fn();
  render(<AgendaScreen fetchImpl={bff.fetchImpl} now={now} onCompleted={onCompleted} />);
  return { bff, onCompleted };
}
const row = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text))!;

describe('agenda actions', () => {
  it('shows each vacancy with its display state, its freelancer and only the actions it allows', async () => {
    agenda();
    await settle();
    const openRow = within(row('Aguardando candidatos'));
    expect(openRow.getByRole('button', { name: 'Ver candidaturas 2 de Estoquista' })).toBeTruthy();
    expect(openRow.getByRole('button', { name: /^Excluir vaga Estoquista de 23\/11\/2026/ })).toBeTruthy();
    const checkIn = within(row('Aguardando Aprovação Check-in'));
    expect(checkIn.getByRole('button', { name: 'Aprovar check-in' })).toBeTruthy();
    expect(checkIn.queryByRole('button', { name: /Excluir/ })).toBeNull();
    // The freelancer's times so far, in Sao Paulo.
    expect(row('Aguardando Aprovação Check-in').textContent).toContain('A caminho 07:05');
    const checkOut = within(row('Aguardando Aprovação Check-out'));
    expect(checkOut.getByRole('button', { name: 'Aprovar check-out' })).toBeTruthy();
    expect(checkOut.queryByRole('button', { name: 'Aprovar check-in' })).toBeNull();
  });

  it('deletes a vacancy only after confirmation', async () => {
    const { bff } = agenda({ [`DELETE ${JOBS}/10`]: answer(200, { jobId: 10, deleted: true }) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Excluir vaga/ }));
    const dialog = screen.getByRole('dialog', { name: 'Excluir vaga' });
    expect(dialog.textContent).toContain(MESSAGES.confirmations.deleteJob);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(bff.of('DELETE', `${JOBS}/10`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /^Excluir vaga/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(bff.of('DELETE', `${JOBS}/10`)).toHaveLength(1);
    expect(screen.getByTestId('agenda-message').textContent).toBe(MESSAGES.jobs.deleted);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The list and the counts are read again.
    expect(bff.of('GET', JOBS).length).toBeGreaterThan(1);
  });

  it("shows the server's refusal to delete, or the spec's fallback", async () => {
    agenda({ [`DELETE ${JOBS}/10`]: answer(409, { error: MESSAGES.jobs.notOpen }) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Excluir vaga/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await settle();
    expect(screen.getByTestId('agenda-message').textContent).toBe(MESSAGES.jobs.notOpen);
  });

  it('approves a check-in with its success message', async () => {
    const { bff } = agenda({
      'POST /bff/restaurant/api/restaurant/assignments/77/approve-checkin': answer(200, {
        assignmentId: 77,
        jobId: 11,
        status: 'in_progress',
        onTheWayAt: null,
        checkinRequestedAt: '2026-11-23T10:50:00.000Z',
        checkInAt: '2026-11-23T11:00:00.000Z',
        checkoutRequestedAt: null,
        checkOutAt: null,
      }),
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aprovar check-in' }));
    await settle();
    // A confirmation with the times (issue 23); a double tap approves once.
    const dialog = within(screen.getByRole('dialog', { name: 'Aprovar check-in' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Aprovar check-in' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Aprovar check-in' }));
    await settle();
    expect(bff.of('POST', '/bff/restaurant/api/restaurant/assignments/77/approve-checkin')).toHaveLength(1);
    expect(screen.getByTestId('agenda-message').textContent).toBe(MESSAGES.shifts.checkInApproved);
  });

  it('approves a check-out: the payout message shows 10 s and the panel hears of the completion', async () => {
    jest.useFakeTimers();
    const completion = {
      jobCompleted: true,
      assignmentId: 78,
      jobId: 12,
      jobTitle: 'Estoquista',
      freelancerName: 'Ana Souza',
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
      commissionAmount: 29,
      completedAt: '2026-11-23T17:05:00.000Z',
      payBasis: 'worked',
      paidMinutes: 360,
      workedMinutes: 360,
      scheduledMinutes: 360,
      earlyDeparture: false,
      checkOutAt: '2026-11-23T17:00:00.000Z',
    };
    const { onCompleted } = agenda({
      'POST /bff/restaurant/api/restaurant/assignments/78/approve-checkout': answer(200, completion),
    });
    await settle();
    await approveCheckOutInDialog();
    expect(screen.getByTestId('agenda-message').textContent).toBe(
      MESSAGES.shifts.completedForRestaurant('Ana Souza'),
    );
    expect(onCompleted).toHaveBeenCalledWith(
      expect.objectContaining({ assignmentId: 78, freelancerName: 'Ana Souza' }),
    );
    await act(async () => jest.advanceTimersByTime(COMPLETION_MESSAGE_MS - 1));
    expect(screen.getByTestId('agenda-message')).toBeTruthy();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('agenda-message')).toBeNull();
  });

  it('after the completion message, opens the rating modal 3 s later: stars required, comment counted', async () => {
    jest.useFakeTimers();
    const completion = {
      jobCompleted: true,
      assignmentId: 78,
      jobId: 12,
      jobTitle: 'Estoquista',
      freelancerName: 'Ana Souza',
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
      commissionAmount: 29,
      completedAt: '2026-11-23T17:05:00.000Z',
      payBasis: 'worked',
      paidMinutes: 360,
      workedMinutes: 360,
      scheduledMinutes: 360,
      earlyDeparture: false,
      checkOutAt: '2026-11-23T17:00:00.000Z',
    };
    const { bff } = agenda({
      'POST /bff/restaurant/api/restaurant/assignments/78/approve-checkout': answer(200, completion),
      'POST /bff/restaurant/api/ratings': [
        answer(409, { error: MESSAGES.ratings.alreadyRated }),
        answer(201, {
          success: true,
          message: MESSAGES.ratings.submitted,
          id: 5,
          assignmentId: 78,
          rating: 4,
        }),
      ],
    });
    await settle();
    await approveCheckOutInDialog();
    await act(async () => jest.advanceTimersByTime(RATING_PROMPT_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => jest.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Avaliar freelancer' });
    expect(dialog.textContent).toContain('Ana Souza');
    expect(screen.getByTestId('agenda-message').textContent).toBe(
      MESSAGES.shifts.completedForRestaurant('Ana Souza'),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar avaliação' }));
    expect(within(dialog).getByTestId('rating-error').textContent).toBe(MESSAGES.ratings.starsRequired);
    expect(bff.requests.some((r) => r.url.endsWith('/ratings'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('radio', { name: '4 estrelas' }));
    const comment = within(dialog).getByRole('textbox', { name: /Comentário/ });
    fireEvent.change(comment, { target: { value: 'x'.repeat(600) } });
    expect((comment as HTMLTextAreaElement).value).toHaveLength(500);
    expect(dialog.textContent).toContain('500/500 caracteres');
    fireEvent.change(comment, { target: { value: 'Muito pontual' } });
    expect(dialog.textContent).toContain('13/500 caracteres');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar avaliação' }));
    await settle();
    expect(within(dialog).getByTestId('rating-error').textContent).toBe(MESSAGES.ratings.alreadyRated);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar avaliação' }));
    await settle();
    expect(bff.requests.filter((r) => r.url.endsWith('/ratings')).at(-1)?.body).toEqual({
      assignmentId: 78,
      rating: 4,
      comment: 'Muito pontual',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('agenda-message').textContent).toBe(MESSAGES.ratings.submitted);
  });

  it('offers "Avaliar" only on the jobs the server says may still be rated', async () => {
    const done = (id: number, can_rate: boolean) =>
      assigned({
        id,
        assignment_id: id + 100,
        status: 'completed',
        assignment_status: 'completed',
        can_rate,
      });
    agenda({ [`GET ${JOBS}`]: answer(200, page([done(20, true), done(21, false)])) });
    await settle();
    const rate = screen.getAllByRole('button', { name: /^Avaliar / });
    expect(rate).toHaveLength(1);
    fireEvent.click(rate[0]!);
    expect(screen.getByRole('dialog', { name: 'Avaliar freelancer' })).toBeTruthy();
  });

  it('says why an approval failed', async () => {
    agenda({
      'POST /bff/restaurant/api/restaurant/assignments/78/approve-checkout': answer(502),
    });
    await settle();
    await approveCheckOutInDialog();
    expect(screen.getByTestId('agenda-message').textContent).toBe(MESSAGES.shifts.approveCheckOutFailed);
  });
});

describe('applications dialog', () => {
  const APPLICATIONS = '/bff/restaurant/api/restaurant/jobs/10/applications';
  const ACCEPT = '/bff/restaurant/api/restaurant/applications/501/accept';
  const REJECT = '/bff/restaurant/api/restaurant/applications/501/reject';

  it('shows each applicant with what the business weighs', async () => {
    agenda({ [`GET ${APPLICATIONS}`]: answer(200, [applicant]) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Ver candidaturas/ }));
    await settle();
    const dialog = within(screen.getByRole('dialog', { name: 'Candidaturas — Estoquista (23/11/2026)' }));
    expect(dialog.getByText(MESSAGES.applications.acceptExplanation)).toBeTruthy();
    const text = dialog.getByRole('listitem', { name: 'Joana Prado' }).textContent;
    for (const expected of [
      '4 anos',
      '4,5 ★',
      '12',
      '(11) 98765-4321',
      'Estoquista, Aux de Padaria',
      'Tenho experiência em reposição.',
      '22/11/2026 11:30',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('accepts after confirmation: the dialog closes and the agenda says so', async () => {
    const { bff } = agenda({
      [`GET ${APPLICATIONS}`]: answer(200, [applicant]),
      [`POST ${ACCEPT}`]: answer(200, {
        applicationId: 501,
        jobId: 10,
        freelancerId: 9,
        assignmentId: 90,
        rejectedApplications: 1,
      }),
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Ver candidaturas/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    expect(screen.getByRole('group', { name: 'Confirmar aceite' }).textContent).toContain(
      MESSAGES.confirmations.acceptApplicationRejectsOthers,
    );
    expect(bff.of('POST', ACCEPT)).toHaveLength(0);
    expect(document.activeElement?.textContent).toBe('Sim, aceitar');
    fireEvent.click(screen.getByRole('button', { name: 'Sim, aceitar' }));
    await settle();
    expect(bff.of('POST', ACCEPT)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('agenda-message').textContent).toContain(MESSAGES.applications.accepted);
  });

  it('warns to check the schedules when accepting clashes ("CONFLITO DE HORÁRIO")', async () => {
    agenda({
      [`GET ${APPLICATIONS}`]: answer(200, [applicant]),
      [`POST ${ACCEPT}`]: answer(409, { error: MESSAGES.applications.scheduleConflict }),
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Ver candidaturas/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Aceitar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sim, aceitar' }));
    await settle();
    const warning = screen.getByTestId('applications-error');
    expect(warning.textContent).toContain(MESSAGES.applications.conflictAlertTitle);
    expect(warning.textContent).toContain(MESSAGES.applications.scheduleConflict);
    expect(warning.textContent).toContain(MESSAGES.applications.conflictAdvice);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('rejects at once and reads the list again', async () => {
    const { bff } = agenda({
      [`GET ${APPLICATIONS}`]: [answer(200, [applicant]), answer(200, [])],
      [`POST ${REJECT}`]: answer(200, { applicationId: 501, status: 'rejected' }),
    });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Ver candidaturas/ }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Rejeitar' }));
    await settle();
    expect(bff.of('POST', REJECT)).toHaveLength(1);
    expect(screen.getByText(MESSAGES.applications.rejected)).toBeTruthy();
    expect(screen.getByText('Nenhuma candidatura pendente para esta vaga.')).toBeTruthy();
  });

  it('closes with Escape', async () => {
    agenda({ [`GET ${APPLICATIONS}`]: answer(200, []) });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: /^Ver candidaturas/ }));
    await settle();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
