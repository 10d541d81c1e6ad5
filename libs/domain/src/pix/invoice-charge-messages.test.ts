import { invoicePixMismatchText, invoicePixPaidText, INVOICE_PIX_MESSAGES } from './invoice-charge-messages';

describe('the texts of an invoice Pix charge', () => {
  it('says when it was paid, in São Paulo time, day and month only', () => {
    // 17:32 UTC is 14:32 in São Paulo (UTC-3).
    expect(invoicePixPaidText('2026-11-27T17:32:05Z')).toBe('Pago em 27/11 às 14:32');
    expect(invoicePixPaidText(null)).toBe(INVOICE_PIX_MESSAGES.paid);
  });

  it('names the amount received and the invoice amount of a divergent payment', () => {
    expect(invoicePixMismatchText(100, 189.9)).toBe(
      'Recebemos R$ 100,00; o valor da fatura é R$ 189,90. Nossa equipe vai entrar em contato.',
    );
  });
});
