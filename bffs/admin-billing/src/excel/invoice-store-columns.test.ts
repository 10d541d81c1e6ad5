import { InvoiceSchema, type Invoice } from '@turno/contracts';
import { STORE_BILLING_MESSAGES } from '@turno/domain';
import { serviceLinesExport } from './more-exports';
import { INVOICE_COLUMNS } from './report-export';

/** The store of a per-store invoice (issue 28) in the invoice exports, without a database. */
const invoice = (fields: Partial<Invoice> = {}) =>
  InvoiceSchema.parse({
    id: 7,
    invoice_number: 'TUR-2026-W47-0007',
    invoice_type: 'restaurant_weekly_invoice',
    restaurant_id: 3,
    restaurant_name: 'Mercado Sol',
    restaurant_contact_name: null,
    description: null,
    amount: 189,
    status: 'pending',
    issue_date: '2026-11-23',
    due_date: '2026-11-25',
    payment_date: null,
    week_start: '2026-11-16',
    week_end: '2026-11-22',
    ...fields,
  });

describe("the invoice exports' store (issue 28)", () => {
  it('has a "Loja" column after the client: the store of a per-store invoice, empty for a whole-business one', () => {
    const headers = INVOICE_COLUMNS.map((column) => column.header);
    expect(headers.slice(2, 5)).toEqual(['Cliente', STORE_BILLING_MESSAGES.storeOfInvoice, 'Contato']);
    const store = INVOICE_COLUMNS[3]!;
    expect(store.value(invoice({ store_id: 1, store_name: 'Centro' }))).toBe('Centro');
    expect(store.value(invoice({ store_id: null, store_name: null }))).toBeNull();
    expect(store.value(invoice())).toBeNull();
  });

  it("names a per-store invoice's store among the service lines' filters", () => {
    const filters = (fields: Partial<Invoice>) =>
      serviceLinesExport(invoice(fields), []).filters.map(([label]) => label);
    expect(filters({ store_id: 1, store_name: 'Centro' })).toEqual([
      'Fatura',
      'Cliente',
      'Loja',
      'Período',
      'Exportado em',
    ]);
    expect(filters({})).toEqual(['Fatura', 'Cliente', 'Período', 'Exportado em']);
    expect(serviceLinesExport(invoice({ store_id: 1, store_name: 'Centro' }), []).filters[2]).toEqual([
      'Loja',
      'Centro',
    ]);
  });
});
