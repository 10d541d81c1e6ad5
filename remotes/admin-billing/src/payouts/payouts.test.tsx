/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminPayoutSchema, type AdminPayout, type AdminPayoutsPage } from '@turno/contracts';
import { PAYOUT_MESSAGES, formatMoney } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { answer, settle } from '@turno/ui/testing';
import { recordingBff } from '../shared/recording-bff';
import { PayoutsScreen } from './PayoutsScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const NOW = new Date('2026-11-27T15:00:00Z');
const payout = (fields: Partial<AdminPayout>): AdminPayout =>
  AdminPayoutSchema.parse({
    id: 1,
    assignment_id: 10,
    freelancer_id: 3,
    freelancer_name: 'Ana Souza',
    job_title: 'Operador de Caixa',
    restaurant_name: 'Supermercado Bom Preço',
    date_needed: '2026-11-26',
    amount: 150,
    status: 'pending',
    attempt: 0,
    pix_key: 'ana@exemplo.com',
    failure_reason: null,
    failure_code: null,
    held_until: null,
    paid_at: null,
    paid_outside_reason: null,
    created_at: '2026-11-26T21:00:00.000Z',
    ...fields,
  });
const failed = payout({
  id: 1,
  status: 'failed',
  failure_reason: 'invalid_key',
  failure_code: 'CHAVE_INVALIDA',
});
const held = payout({
  id: 2,
  freelancer_name: 'Bruno Lima',
  status: 'held',
  held_until: '2026-11-28T12:00:00.000Z',
});
const paid = payout({
  id: 3,
  freelancer_name: 'Carla Dias',
  status: 'paid',
  paid_at: '2026-11-26T17:32:00.000Z',
});
const sending = payout({ id: 4, freelancer_name: 'Davi Reis', status: 'sending' });
const pending = payout({ id: 5, freelancer_name: 'Eva Nunes', status: 'pending' });

const page = (items: AdminPayout[]): AdminPayoutsPage => ({
  items,
  total: items.length,
  nextCursor: null,
  period: { from: '2026-10-29', to: '2026-11-27' },
  totals: { count: items.length, amount: items.reduce((sum, item) => sum + item.amount, 0) },
  days: [
    { date: '2026-11-26', count: 3, amount: 450 },
    { date: '2026-11-25', count: 2, amount: 300 },
  ],
});
const ALL = [failed, held, paid, sending, pending];

afterEach(cleanup);
beforeEach(() => {
  window.confirm = jest.fn(() => {
    throw new Error('window.confirm() must not be used');
  });
});

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const buttonsOf = (name: string) =>
  within(rowOf(name))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('Repasses', () => {
  it('lists the last 30 days with each state, the totals and the totals per day; the row actions by state', async () => {
    const { fetchImpl, calls } = recordingBff(answer(200, page(ALL)));
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    expect(calls[0]!.url).toBe('/bff/admin-billing/api/admin/payouts?from=2026-10-29&to=2026-11-27');
    expect(
      screen
        .getAllByTestId('payout-state')
        .map((state) => [state.dataset.status, state.textContent, state.className]),
    ).toEqual([
      ['failed', 'Falhou: chave Pix inválida — atualize seu Perfil', 't-badge t-badge--danger'],
      [
        'held',
        'Retido até 28/11/2026 às 09:00: chave Pix alterada há menos de 24 h',
        't-badge t-badge--warning',
      ],
      ['paid', 'Pago às 14:32', 't-badge t-badge--success'],
      ['sending', 'Enviado', 't-badge t-badge--info'],
      ['pending', 'Na fila de envio', 't-badge'],
    ]);
    expect(buttonsOf('Ana Souza')).toEqual(['Reenviar', 'Marcar como pago']);
    expect(buttonsOf('Bruno Lima')).toEqual(['Liberar', 'Marcar como pago']);
    expect(buttonsOf('Carla Dias')).toEqual([]);
    expect(buttonsOf('Davi Reis')).toEqual([]);
    expect(buttonsOf('Eva Nunes')).toEqual(['Marcar como pago']);
    const days = screen.getByRole('table', { name: 'Totais por dia' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'DiaRepassesValor',
      expect.stringMatching(/^26\/11\/20263R\$\s450,00$/),
      expect.stringMatching(/^25\/11\/20262R\$\s300,00$/),
    ]);
    expect(screen.getByRole('link', { name: 'Baixar Excel' }).getAttribute('href')).toBe(
      '/bff/admin-billing/api/admin/exports/payouts.xlsx?from=2026-10-29&to=2026-11-27',
    );
  });

  it('says what each line is: a shift payout, a complement, a deduction (no action on it)', async () => {
    const complement = payout({
      id: 6,
      freelancer_name: 'Fábio Melo',
      kind: 'complement',
      amount: 30,
      deducted: 5,
    });
    const deduction = payout({
      id: 6,
      freelancer_name: 'Gil Ramos',
      kind: 'deduction',
      amount: -12,
      remaining: 7,
      status: 'pending',
    });
    const { fetchImpl } = recordingBff(answer(200, page([pending, complement, deduction])));
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    expect(screen.getAllByTestId('payout-kind').map((kind) => kind.textContent)).toEqual([
      'Turno',
      'Complemento',
      'Desconto',
    ]);
    expect(within(rowOf('Fábio Melo')).getByText(/Desconto aplicado/).textContent).toMatch(
      /^Desconto aplicado: -R\$\s5,00$/,
    );
    expect(within(rowOf('Gil Ramos')).getByTestId('payout-state').textContent).toMatch(
      /^A descontar dos próximos pagamentos: R\$\s7,00$/,
    );
    expect(within(rowOf('Gil Ramos')).getByText(/^-R\$\s12,00$/)).toBeTruthy();
    expect(buttonsOf('Fábio Melo')).toEqual(['Marcar como pago']);
    expect(buttonsOf('Gil Ramos')).toEqual([]);
  });

  it('filters by state, period and name on the server; the export follows the filters', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page(ALL)),
      answer(200, page([failed])),
      answer(200, page([failed])),
    );
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Situação'), { target: { value: 'failed' } });
    await settle();
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-11-20' } });
    await settle();
    expect(calls.map((call) => call.url)).toEqual([
      '/bff/admin-billing/api/admin/payouts?from=2026-10-29&to=2026-11-27',
      '/bff/admin-billing/api/admin/payouts?status=failed&from=2026-10-29&to=2026-11-27',
      '/bff/admin-billing/api/admin/payouts?status=failed&from=2026-11-20&to=2026-11-27',
    ]);
    expect(screen.getByRole('link', { name: 'Baixar Excel' }).getAttribute('href')).toBe(
      '/bff/admin-billing/api/admin/exports/payouts.xlsx?status=failed&from=2026-11-20&to=2026-11-27',
    );
  });

  it('"Reenviar" asks first, sends once, shows the answer and re-reads; Cancelar sends nothing', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page(ALL)),
      answer(200, { payoutId: 1, status: 'pending', message: PAYOUT_MESSAGES.retried }),
      answer(200, page([{ ...failed, status: 'pending', failure_reason: null }, held])),
    );
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar: repasse de Ana Souza' }));
    let dialog = screen.getByRole('dialog', { name: 'Reenviar repasse' });
    expect(dialog.textContent).toContain(PAYOUT_MESSAGES.retryConfirm('Ana Souza', formatMoney(150)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reenviar: repasse de Ana Souza' }));
    dialog = screen.getByRole('dialog', { name: 'Reenviar repasse' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await settle();
    await settle();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /bff/admin-billing/api/admin/payouts?from=2026-10-29&to=2026-11-27',
      'POST /bff/admin-billing/api/admin/payouts/1/retry',
      'GET /bff/admin-billing/api/admin/payouts?from=2026-10-29&to=2026-11-27',
    ]);
    expect(screen.getByTestId('payout-action-notice').textContent).toBe(PAYOUT_MESSAGES.retried);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Liberar" shows the server\'s pt-BR refusal', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page(ALL)),
      answer(409, { error: PAYOUT_MESSAGES.notReleasable }),
    );
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Liberar: repasse de Bruno Lima' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Liberar' }));
    await settle();
    expect(calls[1]).toMatchObject({ method: 'POST', url: '/bff/admin-billing/api/admin/payouts/2/release' });
    expect(screen.getByTestId('payout-action-notice').textContent).toBe(PAYOUT_MESSAGES.notReleasable);
  });

  it('"Marcar como pago" asks the reason (at least 5 characters) and sends it', async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page(ALL)),
      answer(200, { payoutId: 5, status: 'paid', message: PAYOUT_MESSAGES.markedPaid }),
      answer(200, page(ALL)),
    );
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como pago: repasse de Eva Nunes' }));
    const dialog = screen.getByRole('dialog', { name: 'Marcar repasse como pago' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pago' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(PAYOUT_MESSAGES.reasonRequired);
    expect(calls).toHaveLength(1);
    fireEvent.change(within(dialog).getByLabelText(PAYOUT_MESSAGES.reasonLabel), {
      target: { value: '  Pago por TED  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Marcar como pago' }));
    await settle();
    await settle();
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/bff/admin-billing/api/admin/payouts/5/mark-paid',
      body: { reason: 'Pago por TED' },
    });
    expect(screen.getByTestId('payout-action-notice').textContent).toBe(PAYOUT_MESSAGES.markedPaid);
  });

  it("re-reads on the admins' 'payout_updated' live event", async () => {
    const { fetchImpl, calls } = recordingBff(
      answer(200, page([sending])),
      answer(200, page([{ ...sending, status: 'paid', paid_at: '2026-11-26T17:40:00.000Z' }])),
    );
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    const live = jest.mocked(useLiveRefresh).mock.calls.at(-1)!;
    expect(live[0]).toBe('admin-billing');
    expect(live[2]?.types).toEqual(['payout_updated']);
    act(() => live[1]());
    await settle();
    expect(calls).toHaveLength(2);
    expect(screen.getByTestId('payout-state').textContent).toBe('Pago às 14:40');
  });

  it('says why the list cannot be read', async () => {
    const { fetchImpl } = recordingBff(answer(400, { error: PAYOUT_MESSAGES.invalidPeriod }));
    render(<PayoutsScreen fetchImpl={fetchImpl} now={NOW} />);
    await settle();
    const text = screen.getByTestId('load-error').textContent;
    expect(text).toContain(PAYOUT_MESSAGES.listLoadFailed);
    expect(text).toContain(PAYOUT_MESSAGES.invalidPeriod);
  });
});
