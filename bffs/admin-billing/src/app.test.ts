import { InvoiceListSchema } from '@turno/contracts';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from './app';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
});
afterAll(() => bff.close());

describe('admin-billing BFF', () => {
  it('lists the invoices, pending, paid and overdue, with readable numbers', async () => {
    const { status, body } = await bff.get('/api/admin/invoices');
    expect(status).toBe(200);
    const invoices = InvoiceListSchema.parse(body);
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['pending', 'paid', 'overdue']));
    for (const invoice of invoices) expect(invoice.invoice_number).toMatch(/^TUR-\d{4}-W\d{2}-\d{4}$/);
  });
});
