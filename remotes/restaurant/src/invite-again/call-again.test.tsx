/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { INVITATION_MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { VacancyForm } from '../vacancy-form/VacancyForm';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

// Sunday 22/11/2026, 10:00 in Sao Paulo.
const now = new Date('2026-11-22T13:00:00Z');
const BFF = '/bff/restaurant/api';
afterEach(cleanup);

const repeated = {
  job_id: 41,
  position_type: 'Estoquista',
  workload: 6,
  start_time: '16:00',
  quantity: 2,
  meal_time: null,
  recommended_attire: 'Calça preta',
  description: 'Reposição da noite',
  date: '2026-11-22',
  original_date: '2026-11-19',
  past_worker: { freelancer_id: 9, name: 'Iara Souza' },
};
const workers = {
  items: [
    {
      freelancer_id: 9,
      name: 'Iara Souza',
      profile_photo_url: null,
      completed_shifts: 3,
      last_shift_date: '2026-11-19',
    },
    {
      freelancer_id: 12,
      name: 'Rui Lima',
      profile_photo_url: null,
      completed_shifts: 1,
      last_shift_date: '2026-11-02',
    },
  ],
};

function renderCallAgain() {
  const bff = routedBff({
    [`GET ${BFF}/jobs/41/repeat`]: answer(200, repeated),
    [`GET ${BFF}/past-workers`]: answer(200, workers),
    [`POST ${BFF}/jobs`]: answer(201, { jobsCreated: 2, jobIds: [51, 52], invitedFreelancers: 2 }),
  });
  const onCreated = jest.fn();
  render(
    <VacancyForm
      approved
      repeatJobId={41}
      callAgain
      onCreated={onCreated}
      onCancel={jest.fn()}
      now={now}
      fetchImpl={bff.fetchImpl}
    />,
  );
  return { bff, onCreated };
}

describe('"Chamar de novo" in the vacancy form (issue 26)', () => {
  it('fills the form from the vacancy, ticks who worked it, and sends the invitees with the window chosen', async () => {
    jest.useFakeTimers({ now, doNotFake: ['queueMicrotask'] });
    try {
      const { bff, onCreated } = renderCallAgain();
      // The vacancy's values, then the picker (opened by the ticked invitee) and its search pause.
      for (let round = 0; round < 3; round++) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(300);
        });
      }
      expect(screen.getByTestId('repeated-notice').textContent).toBe(INVITATION_MESSAGES.repeatedNotice);
      expect((screen.getByLabelText('Tipo de vaga') as HTMLSelectElement).value).toBe('Estoquista');
      expect((screen.getByLabelText('Início') as HTMLInputElement).value).toBe('16:00');
      const invitees = within(screen.getByTestId('invitees'));
      expect((invitees.getByRole('checkbox', { name: /Iara Souza/ }) as HTMLInputElement).checked).toBe(true);
      expect((invitees.getByRole('checkbox', { name: /Rui Lima/ }) as HTMLInputElement).checked).toBe(false);
      expect(invitees.getByText(/1 turno concluído, o último em 02\/11\/2026/)).toBeTruthy();

      fireEvent.click(invitees.getByRole('checkbox', { name: /Rui Lima/ }));
      fireEvent.change(invitees.getByLabelText(INVITATION_MESSAGES.windowLabel), { target: { value: '24' } });
      fireEvent.click(screen.getByRole('button', { name: /^Amanhã/ }));
      fireEvent.click(screen.getByRole('button', { name: /Criar vaga/ }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(300);
      });
      await settle();
      const post = bff.requests.find((request) => request.method === 'POST')!;
      expect(post.body).toMatchObject({
        positionType: 'Estoquista',
        dates: ['2026-11-23'],
        workload: 6,
        startTime: '16:00',
        quantity: 2,
        inviteFreelancerIds: [9, 12],
        exclusiveHours: 24,
      });
      expect(onCreated).toHaveBeenCalledWith(2, 2);
      // The cap is of the chosen day's month: the picker asked with it.
      expect(bff.requests.some((request) => request.url.endsWith('/past-workers?date=2026-11-23'))).toBe(
        true,
      );
    } finally {
      jest.useRealTimers();
    }
  });
});
