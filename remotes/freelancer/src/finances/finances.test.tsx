/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PaymentHistoryEntrySchema, type PaymentHistoryPage } from '@turno/contracts';
import { MESSAGES, PAYOUT_MESSAGES } from '@turno/domain';
import { useLiveRefresh } from '@turno/ui';
import { settle } from '@turno/ui/testing';
import { answer, routeFetch } from '../testing/route-fetch';
import { FinancesScreen } from './FinancesScreen';

jest.mock('@turno/ui', () => ({
  ...jest.requireActual<object>('@turno/ui'),
  useLiveRefresh: jest.fn(() => ({ live: true })),
}));

const LIST = 'GET /bff/freelancer/api/freelancers/payment-history';
const RATE = 'POST /bff/freelancer/api/ratings';
const entry = PaymentHistoryEntrySchema.parse({
  id: 11,
  title: 'Operador de Caixa',
  restaurant_name: 'Supermercado Bom Preço',
  date_needed: '2026-11-21',
  check_out_time: '2026-11-21T18:05:00.000Z',
  freelancer_payment_amount: 150,
  rated: false,
  can_rate: true,
});
const page = (items = [entry]): PaymentHistoryPage => ({
  items,
  total: items.length,
  nextCursor: null,
  totals: { week: 270, month: 1_230.5 },
});
const rated = { success: true, message: MESSAGES.ratings.submitted, id: 1, assignmentId: 11, rating: 4 };

afterEach(cleanup);

describe('Finanças', () => {
  it('shows the week and month totals and each payment with title, business, date, check-out and amount', async () => {
    render(<FinancesScreen fetchImpl={routeFetch({ [LIST]: answer(200, page()) }).fetchImpl} />);
    await settle();
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/Esta semanaR\$\s270,00/);
    expect(text).toMatch(/Este mêsR\$\s1\.230,50/);
    expect(text).toContain('Supermercado Bom Preço');
    expect(text).toContain('21/11/2026');
    expect(text).toContain('Check-out21/11/2026 15:05');
    expect(text).toMatch(/R\$\s150,00/);
  });

  it('rates the business: stars required, then sent once with the comment, and the list re-read', async () => {
    const { fetchImpl, sent } = routeFetch({
      [LIST]: [answer(200, page()), answer(200, page([{ ...entry, rated: true, can_rate: false }]))],
      [RATE]: answer(201, rated),
    });
    render(<FinancesScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Avaliar Mercado' }));
    const dialog = screen.getByRole('dialog', { name: 'Avaliar Mercado' });
    expect(dialog.textContent).toContain('Operador de Caixa · Supermercado Bom Preço');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    expect(screen.getByTestId('rating-error').textContent).toBe(MESSAGES.ratings.starsRequired);
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByLabelText('4 estrelas'));
    fireEvent.change(screen.getByLabelText(/Comentário/), { target: { value: ' Ótima equipe. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    await settle();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/bff/freelancer/api/ratings',
        body: { assignmentId: 11, rating: 4, comment: 'Ótima equipe.' },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('finances-flash').textContent).toBe(MESSAGES.ratings.submitted);
    expect(screen.getByText('Avaliado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Avaliar Mercado' })).toBeNull();
  });

  it("shows the server's refusal in the dialog and closes on Escape", async () => {
    const { fetchImpl } = routeFetch({
      [LIST]: answer(200, page()),
      [RATE]: answer(409, { error: MESSAGES.ratings.alreadyRated }),
    });
    render(<FinancesScreen fetchImpl={fetchImpl} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Avaliar Mercado' }));
    fireEvent.click(screen.getByLabelText('5 estrelas'));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar avaliação' }));
    await settle();
    expect(screen.getByTestId('rating-error').textContent).toBe(MESSAGES.ratings.alreadyRated);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the rating at once when the completion prompt asked for it', async () => {
    render(
      <FinancesScreen
        fetchImpl={routeFetch({ [LIST]: answer(200, page()) }).fetchImpl}
        rateFirst={{ id: 11, title: 'Operador de Caixa', restaurant_name: 'Supermercado Bom Preço' }}
      />,
    );
    await settle();
    expect(screen.getByRole('dialog', { name: 'Avaliar Mercado' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('1 estrela'));
  });
});

describe('Finanças: a history that cannot be read', () => {
  it('says "Erro ao carregar histórico financeiro" (spec 01 §8) with the detail', async () => {
    const { fetchImpl } = routeFetch({ [LIST]: answer(503) });
    render(<FinancesScreen fetchImpl={fetchImpl} />);
    await settle();
    expect(screen.getByTestId('load-error').textContent).toContain(MESSAGES.shifts.paymentHistoryLoadFailed);
  });
});

describe('Finanças: the Pix payout of each payment (issue 25)', () => {
  const paid = {
    ...entry,
    id: 21,
    payout_status: 'paid' as const,
    payout_paid_at: '2026-11-21T17:32:00.000Z',
  };
  const failed = {
    ...entry,
    id: 22,
    payout_status: 'failed' as const,
    payout_failure_reason: 'invalid_key' as const,
  };
  const held = {
    ...entry,
    id: 23,
    payout_status: 'held' as const,
    payout_held_until: '2026-11-22T12:00:00.000Z',
  };
  const sending = { ...entry, id: 24, payout_status: 'sending' as const };

  it('shows each state in pt-BR, toned by state, and "chega em alguns minutos" only while on its way', async () => {
    render(
      <FinancesScreen
        fetchImpl={routeFetch({ [LIST]: answer(200, page([paid, failed, held, sending, entry])) }).fetchImpl}
      />,
    );
    await settle();
    const states = screen.getAllByTestId('payout-state');
    expect(states.map((state) => [state.dataset.status, state.textContent])).toEqual([
      ['paid', 'Pago às 14:32'],
      ['failed', 'Falhou: chave Pix inválida — atualize seu Perfil'],
      ['held', `Retido até 22/11/2026 às 09:00: chave Pix alterada há menos de 24 h`],
      ['sending', `Enviado${PAYOUT_MESSAGES.onItsWay}`],
    ]);
    expect(states.map((state) => state.firstElementChild!.className)).toEqual([
      't-badge t-badge--success',
      't-badge t-badge--danger',
      't-badge t-badge--warning',
      't-badge t-badge--info',
    ]);
    // A payment without a payout (a late cancellation's share, an older shift) says nothing of Pix.
    expect(screen.getAllByRole('heading', { name: 'Operador de Caixa' })).toHaveLength(5);
  });

  it("re-reads the list on the freelancer's 'payout_updated' live event", async () => {
    const { fetchImpl, sent } = routeFetch({
      [LIST]: [
        answer(200, page([sending])),
        answer(
          200,
          page([{ ...sending, payout_status: 'paid', payout_paid_at: '2026-11-21T17:40:00.000Z' }]),
        ),
      ],
    });
    render(<FinancesScreen fetchImpl={fetchImpl} />);
    await settle();
    const live = jest.mocked(useLiveRefresh).mock.calls.at(-1)!;
    expect(live[0]).toBe('freelancer');
    expect(live[2]?.types).toEqual(
      expect.arrayContaining(['payout_updated', 'job_completed', 'rating_created']),
    );
    act(() => live[1]());
    await settle();
    expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2);
    expect(screen.getByTestId('payout-state').textContent).toBe('Pago às 14:40');
  });

  it("shows a corrected shift's complement and deduction as lines with their state, and what a deduction took", async () => {
    const corrected = {
      ...paid,
      id: 25,
      payout_amount: 60,
      payout_deducted: 90,
      payout_lines: [
        {
          kind: 'complement' as const,
          amount: 30,
          status: 'sending' as const,
          paid_at: null,
          failure_reason: null,
          held_until: null,
          deducted: 0,
          remaining: null,
        },
        {
          kind: 'deduction' as const,
          amount: -12,
          status: null,
          paid_at: null,
          failure_reason: null,
          held_until: null,
          deducted: 0,
          remaining: 12,
        },
      ],
    };
    const zero = { ...paid, id: 26, payout_amount: 0, payout_deducted: 150, payout_lines: [] };
    render(
      <FinancesScreen fetchImpl={routeFetch({ [LIST]: answer(200, page([corrected, zero])) }).fetchImpl} />,
    );
    await settle();
    const lines = screen.getAllByTestId('payout-line');
    expect(lines.map((line) => [line.dataset.kind, line.textContent])).toEqual([
      ['complement', expect.stringMatching(/^R\$\s30,00 Complemento do horário corrigidoEnviado$/)],
      [
        'deduction',
        expect.stringMatching(
          /^-R\$\s12,00 Desconto do horário corrigidoA descontar dos próximos pagamentos: R\$\s12,00$/,
        ),
      ],
    ]);
    expect(screen.getAllByText(/^(Complemento|Desconto)$/).map((label) => label.tagName)).toEqual([
      'DT',
      'DT',
    ]);
    const states = screen.getAllByTestId('payout-state').map((state) => state.textContent);
    expect(states[0]).toMatch(/^Pago às 14:32Desconto aplicado: -R\$\s90,00$/);
    expect(states[1]).toMatch(new RegExp(`^${PAYOUT_MESSAGES.settledByDeduction}Desconto aplicado`));
  });
});
