/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES } from '@turno/domain';
import { answer, settle } from '@turno/ui/testing';
import { routedBff } from '../testing/routed-bff';
import { VacancyForm } from './VacancyForm';
import { STORE_STORAGE_KEY } from './vacancy-form';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

// Sunday 22/11/2026, 10:00 in Sao Paulo.
const now = new Date('2026-11-22T13:00:00Z');
const JOBS = '/bff/restaurant/api/jobs';
const STORES = '/bff/restaurant/api/restaurant/stores';
/** The business of most tests: one store (no store to choose, no storeId sent). */
const oneStore = () =>
  answer(200, {
    member_role: 'owner',
    billing_mode: 'centralized',
    items: [{ id: 1, name: 'Loja Centro', is_active: true, open_vacancies: 0 }],
  });

afterEach(cleanup);

async function renderForm(options: { approved?: boolean; reply?: Response | (() => Response) } = {}) {
  const bff = routedBff({
    [`GET ${STORES}`]: oneStore,
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
  await settle(); // the stores
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
    const { bff } = await renderForm();
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
    expect(bff.of('POST', JOBS)).toHaveLength(0);

    fireEvent.change(start, { target: { value: '10:30' } });
    expect(screen.queryByText(MESSAGES.jobs.todayStartsFrom('10:01'))).toBeTruthy();
    expect(
      screen.queryByText(`${MESSAGES.jobs.startInPast} ${MESSAGES.jobs.todayStartsFrom('10:01')}`),
    ).toBeNull();
  });

  it('shows the seven date chips, toggled with aria-pressed', async () => {
    await renderForm();
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

  it('computes end, meal options and prices as the person types', async () => {
    await renderForm();
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
    const bff = routedBff({
      [`GET ${STORES}`]: oneStore,
      [`POST ${JOBS}`]: (() => pending) as unknown as () => Response,
    });
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
    expect(bff.of('POST', JOBS)).toHaveLength(1);
    expect(bff.of('POST', JOBS)[0]!.body).toEqual({
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

  it('says what is missing before sending anything', async () => {
    const { bff } = await renderForm();
    fireEvent.click(submit());
    expect(screen.getByTestId('vacancy-error').textContent).toContain(MESSAGES.jobs.selectDate);
    fireEvent.click(chip(/^Hoje/));
    fireEvent.click(submit());
    expect(screen.getByTestId('vacancy-error').textContent).toContain(MESSAGES.jobs.positionTypeRequired);
    expect(bff.of('POST', JOBS)).toHaveLength(0);
  });

  it("shows the server's refusal, or the spec's fallback, or the connection message", async () => {
    const replies = [
      answer(403, { error: MESSAGES.jobs.notApproved }),
      answer(500),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    const bff = routedBff({ [`GET ${STORES}`]: oneStore, [`POST ${JOBS}`]: replies as never });
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

  it('tells a business awaiting approval why it cannot create vacancies, and sends nothing', async () => {
    const { bff } = await renderForm({ approved: false });
    expect(screen.getByTestId('not-approved').textContent).toContain(MESSAGES.jobs.notApproved);
    fill();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(submit().closest('form')!);
    expect(bff.of('POST', JOBS)).toHaveLength(0);
  });
});

describe('the store of the vacancy (issue 28)', () => {
  const store = (id: number, name: string, isActive = true) => ({
    id,
    name,
    is_active: isActive,
    open_vacancies: 0,
  });
  const chain = [store(1, 'Loja Centro'), store(2, 'Loja Norte'), store(3, 'Loja Velha', false)];

  afterEach(() => localStorage.clear());

  async function renderWithStores(stores: Response | (() => Response)) {
    const bff = routedBff({
      [`GET ${STORES}`]: stores,
      [`POST ${JOBS}`]: () => answer(201, { jobsCreated: 2, jobIds: [7, 8] }),
    });
    const onCreated = jest.fn();
    render(
      <VacancyForm approved onCreated={onCreated} onCancel={jest.fn()} now={now} fetchImpl={bff.fetchImpl} />,
    );
    await settle();
    return { bff, onCreated };
  }
  const storeSelect = () => screen.queryByRole('combobox', { name: /^Loja/ }) as HTMLSelectElement | null;

  it('asks for one of two or more active stores, required, and sends its storeId', async () => {
    const { bff, onCreated } = await renderWithStores(() =>
      answer(200, { member_role: 'manager', billing_mode: 'centralized', items: chain }),
    );
    const select = storeSelect()!;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Escolha a loja',
      'Loja Centro',
      'Loja Norte',
    ]);
    fill();
    fireEvent.click(submit());
    await settle();
    expect(bff.of('POST', JOBS)).toHaveLength(0);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(BUSINESS_MEMBER_MESSAGES.storeRequired)).toBeTruthy();
    expect(document.activeElement).toBe(select);

    fireEvent.change(select, { target: { value: '2' } });
    expect(screen.queryByText(BUSINESS_MEMBER_MESSAGES.storeRequired)).toBeNull();
    fireEvent.click(submit());
    await settle();
    expect(bff.of('POST', JOBS)[0]!.body).toMatchObject({ storeId: 2, positionType: 'Operador de Caixa' });
    expect(onCreated).toHaveBeenCalledWith(2);
    expect(localStorage.getItem(STORE_STORAGE_KEY)).toBe('2');
  });

  it('preselects the last store chosen while it is still one to choose', async () => {
    localStorage.setItem(STORE_STORAGE_KEY, '2');
    const { bff } = await renderWithStores(() =>
      answer(200, { member_role: 'owner', billing_mode: 'centralized', items: chain }),
    );
    expect(storeSelect()!.value).toBe('2');
    fill();
    fireEvent.click(submit());
    await settle();
    expect(bff.of('POST', JOBS)[0]!.body).toMatchObject({ storeId: 2 });
    cleanup();

    localStorage.setItem(STORE_STORAGE_KEY, '3'); // deactivated since
    await renderWithStores(() =>
      answer(200, { member_role: 'owner', billing_mode: 'centralized', items: chain }),
    );
    expect(storeSelect()!.value).toBe('');
  });

  it.each([
    [
      'one active store (another deactivated)',
      () => answer(200, { member_role: 'owner', billing_mode: 'centralized', items: chain.slice(1) }),
    ],
    ['a failed read of the stores', () => answer(404, { error: 'Rota não encontrada' })],
  ])('shows no store and sends none with %s', async (_case, stores) => {
    const { bff } = await renderWithStores(stores);
    expect(storeSelect()).toBeNull();
    fill();
    fireEvent.click(submit());
    await settle();
    expect(bff.of('POST', JOBS)).toHaveLength(1);
    expect(bff.of('POST', JOBS)[0]!.body).not.toHaveProperty('storeId');
  });
});
