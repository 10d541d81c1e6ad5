/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { VacancyForm } from './VacancyForm';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

// Sunday 22/11/2026, 10:00 in Sao Paulo.
const now = new Date('2026-11-22T13:00:00Z');
const JOBS = '/bff/restaurant/api/jobs';

afterEach(cleanup);

function renderForm(options: { approved?: boolean; reply?: Response | (() => Response) } = {}) {
  const bff = routedBff({
    [`POST ${JOBS}`]: options.reply ?? answer(201, { jobsCreated: 2, jobIds: [7, 8] }),
  });
  const onCreated = jest.fn();
  const onCancel = jest.fn();
  render(
    <VacancyForm
      approved={options.approved ?? true}
      onCreated={onCreated}
      onCancel={onCancel}
      now={now}
      fetchImpl={bff.fetchImpl}
    />,
  );
  return { bff, onCreated, onCancel };
}

const chip = (name: RegExp) => screen.getByRole('button', { name });
const fill = () => {
  fireEvent.change(screen.getByLabelText('Tipo de vaga'), { target: { value: 'Operador de Caixa' } });
  fireEvent.click(chip(/^Amanhã/));
  fireEvent.click(chip(/^Ter 24\/11/));
  fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
  fireEvent.change(screen.getByLabelText('Início'), { target: { value: '08:00' } });
};
const submit = () => screen.getByRole('button', { name: /Criar vaga|Criando/ });

describe('vacancy form', () => {
  it('with "Hoje" chosen offers only starts still ahead, and refuses one that passed without a call', async () => {
    const { bff } = renderForm();
    fireEvent.change(screen.getByLabelText('Tipo de vaga'), { target: { value: 'Operador de Caixa' } });
    fireEvent.change(screen.getByLabelText('Carga horária'), { target: { value: '6' } });
    const start = screen.getByLabelText('Início');
    expect(start.getAttribute('min')).toBeNull();

    fireEvent.click(chip(/^Hoje/)); // 10:00 in Sao Paulo
    expect(start.getAttribute('min')).toBe('10:01');
    expect(screen.getByText(MESSAGES.jobs.todayStartsFrom('10:01'))).toBeTruthy();

    fireEvent.change(start, { target: { value: '05:00' } }); // "Hoje 05:00" at 10:00
    expect(
      screen.getByText(`${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:01')}`),
    ).toBeTruthy();
    fireEvent.click(submit());
    await settle();
    expect(screen.getByTestId('vacancy-error').textContent).toContain(MESSAGES.jobs.startInPast);
    expect(bff.requests).toHaveLength(0);

    fireEvent.change(start, { target: { value: '10:30' } });
    expect(screen.queryByText(MESSAGES.jobs.todayStartsFrom('10:01'))).toBeTruthy();
    expect(
      screen.queryByText(`${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:01')}`),
    ).toBeNull();
  });

  it('shows the seven date chips, toggled with aria-pressed', () => {
    renderForm();
    const chips = within(screen.getByRole('group', { name: 'Datas' })).getAllByRole('button');
    // The visible text first (WCAG 2.5.3), then the whole date for assistive technology.
    expect(chips.map((c) => c.textContent)).toEqual([
      'Hoje (22/11/2026)',
      'Amanhã (23/11/2026)',
      'Ter 24/11 (24/11/2026)',
      'Qua 25/11 (25/11/2026)',
      'Qui 26/11 (26/11/2026)',
      'Sex 27/11 (27/11/2026)',
      'Sáb 28/11 (28/11/2026)',
    ]);
    fireEvent.click(chips[1]!);
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chips[1]!);
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('false');
  });

  it('computes end, meal options and prices as the person types', () => {
    renderForm();
    const meal = screen.getByLabelText(/Horário de refeição/) as HTMLSelectElement;
    expect(meal.disabled).toBe(true);
    expect(screen.getByTestId('price-per-freelancer').textContent).toBe('—');
    fill();
    expect(meal.disabled).toBe(false);
    expect([...meal.options].map((o) => o.value).slice(0, 3)).toEqual([
      '',
      '09:00 às 09:30',
      '09:30 às 10:00',
    ]);
    expect(screen.getByTestId('end-time').textContent).toBe('14:00');
    expect(screen.getByTestId('price-per-freelancer').textContent).toMatch(/^R\$\s149,00$/);
    expect(screen.getByTestId('price-total').textContent).toMatch(/^R\$\s298,00$/);
    fireEvent.change(screen.getByLabelText('Quantidade por data'), { target: { value: '5' } });
    expect(screen.getByTestId('price-total').textContent).toMatch(/^R\$\s1\.490,00$/);
    expect(screen.getByText('Total (10 vagas)')).toBeTruthy();
    // 20:00 + 6 h ends at 02:00 the next day: night price.
    fireEvent.change(screen.getByLabelText('Início'), { target: { value: '20:00' } });
    expect(screen.getByTestId('end-time').textContent).toBe('02:00 (dia seguinte)');
    expect(screen.getByTestId('price-per-freelancer').textContent).toMatch(/^R\$\s179,00$/);
  });

  it('sends the form once, whatever the clicks, and reports jobsCreated', async () => {
    let release: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const bff = routedBff({ [`POST ${JOBS}`]: (() => pending) as unknown as () => Response });
    const onCreated = jest.fn();
    render(
      <VacancyForm approved onCreated={onCreated} onCancel={jest.fn()} now={now} fetchImpl={bff.fetchImpl} />,
    );
    fill();
    fireEvent.change(screen.getByLabelText(/Horário de refeição/), { target: { value: '11:00 às 11:30' } });
    fireEvent.change(screen.getByLabelText(/Traje recomendado/), { target: { value: 'Camisa branca' } });
    fireEvent.click(submit());
    fireEvent.click(submit());
    fireEvent.submit(submit().closest('form')!);
    expect(submit().textContent).toContain('Criando...');
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release(answer(201, { jobsCreated: 2, jobIds: [7, 8] })));
    await settle();
    expect(bff.requests).toHaveLength(1);
    expect(bff.requests[0]!.body).toEqual({
      positionType: 'Operador de Caixa',
      dates: ['2026-11-23', '2026-11-24'],
      workload: 6,
      startTime: '08:00',
      endTime: '14:00',
      hourlyRate: 149,
      mealTime: '11:00 às 11:30',
      recommendedAttire: 'Camisa branca',
      description: null,
      quantity: 1,
    });
    expect(onCreated).toHaveBeenCalledWith(2);
  });

  it('says what is missing before sending anything', () => {
    const { bff } = renderForm();
    fireEvent.click(submit());
    expect(screen.getByTestId('vacancy-error').textContent).toContain(MESSAGES.jobs.selectDate);
    fireEvent.click(chip(/^Hoje/));
    fireEvent.click(submit());
    expect(screen.getByTestId('vacancy-error').textContent).toContain(MESSAGES.jobs.positionTypeRequired);
    expect(bff.requests).toHaveLength(0);
  });

  it("shows the server's refusal, or the spec's fallback, or the connection message", async () => {
    const replies = [
      answer(403, { error: MESSAGES.jobs.notApproved }),
      answer(500),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    const bff = routedBff({ [`POST ${JOBS}`]: replies as never });
    const onCreated = jest.fn();
    render(
      <VacancyForm approved onCreated={onCreated} onCancel={jest.fn()} now={now} fetchImpl={bff.fetchImpl} />,
    );
    fill();
    for (const expected of [
      MESSAGES.jobs.notApproved,
      MESSAGES.jobs.createFailed,
      MESSAGES.common.connection,
    ]) {
      fireEvent.click(submit());
      await settle();
      expect(screen.getByTestId('vacancy-error').textContent).toContain(expected);
    }
    expect(onCreated).not.toHaveBeenCalled();
    // The form keeps what was typed.
    expect((screen.getByLabelText('Tipo de vaga') as HTMLSelectElement).value).toBe('Operador de Caixa');
  });

  it('tells a business awaiting approval why it cannot create vacancies, and sends nothing', () => {
    const { bff } = renderForm({ approved: false });
    expect(screen.getByTestId('not-approved').textContent).toContain(MESSAGES.jobs.notApproved);
    fill();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(submit().closest('form')!);
    expect(bff.requests).toHaveLength(0);
  });
});
