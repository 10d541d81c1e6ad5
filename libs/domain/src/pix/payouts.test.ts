import {
  PAYOUT_MESSAGES,
  isPayoutAmountOpen,
  payoutDeductionText,
  payoutHeldUntil,
  payoutStateText,
} from './payouts';

describe('payouts', () => {
  const now = new Date('2026-11-27T15:00:00Z');

  it('holds a payout while the Pix key changed less than 24 hours ago', () => {
    expect(payoutHeldUntil(null, now)).toBeNull();
    expect(payoutHeldUntil(new Date('2026-11-26T14:59:59Z'), now)).toBeNull();
    expect(payoutHeldUntil(new Date('2026-11-26T15:00:00Z'), now)).toBeNull();
    expect(payoutHeldUntil(new Date('2026-11-27T10:00:00Z'), now)).toEqual(new Date('2026-11-28T10:00:00Z'));
  });

  it('says each state as Finanças shows it, in São Paulo time', () => {
    expect(payoutStateText({ status: 'paid', paidAt: '2026-11-27T17:32:10Z' })).toBe('Pago às 14:32');
    expect(payoutStateText({ status: 'paid' })).toBe('Pago');
    expect(payoutStateText({ status: 'sending' })).toBe('Enviado');
    expect(payoutStateText({ status: 'pending' })).toBe(PAYOUT_MESSAGES.pending);
    expect(payoutStateText({ status: 'failed', failureReason: 'invalid_key' })).toBe(
      'Falhou: chave Pix inválida — atualize seu Perfil',
    );
    expect(payoutStateText({ status: 'failed' })).toBe(
      'Falhou: o banco não concluiu o Pix — nossa equipe vai conferir',
    );
    expect(payoutStateText({ status: 'held', heldUntil: new Date('2026-11-28T13:00:00Z') })).toBe(
      'Retido até 28/11/2026 às 10:00: chave Pix alterada há menos de 24 h',
    );
  });

  it('says a payout left at R$ 0 and a deduction for what they are', () => {
    expect(payoutStateText({ status: 'paid', amountCents: 0, deductedCents: 1500 })).toBe(
      PAYOUT_MESSAGES.settledByDeduction,
    );
    expect(payoutStateText({ status: 'paid', amountCents: 0, deductedCents: 0 })).toBe(
      PAYOUT_MESSAGES.zeroAfterCorrection,
    );
    expect(payoutStateText({ status: 'paid', amountCents: 500, deductedCents: 1500 })).toBe('Pago');
    expect(payoutDeductionText(1200)).toBe('A descontar dos próximos pagamentos: R$ 12,00');
    expect(payoutDeductionText(0)).toBe(PAYOUT_MESSAGES.deductionSettled);
  });
});

describe("a payout's amount", () => {
  it('may change only while pending or held and never handed to the PSP under its current id', () => {
    expect(isPayoutAmountOpen('pending', null)).toBe(true);
    expect(isPayoutAmountOpen('held', null)).toBe(true);
    expect(isPayoutAmountOpen('pending', new Date())).toBe(false); // back from "no such send"
    for (const status of ['sending', 'paid', 'failed'] as const)
      expect(isPayoutAmountOpen(status, null)).toBe(false);
  });
});
