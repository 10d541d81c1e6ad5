import { invoicePixLastPayableDate, isInvoicePixChargeExpired } from './invoice-charges';

describe("an invoice Pix charge's validity after its due date", () => {
  it('is payable through its due date plus 30 days, expired from the day after', () => {
    expect(invoicePixLastPayableDate('2026-12-04')).toBe('2027-01-03');
    expect(isInvoicePixChargeExpired('2026-12-04', '2026-12-05')).toBe(false);
    expect(isInvoicePixChargeExpired('2026-12-04', '2027-01-03')).toBe(false);
    expect(isInvoicePixChargeExpired('2026-12-04', '2027-01-04')).toBe(true);
  });
});
