import { InvoiceSchema, type Invoice } from '@turno/contracts';

/**
 * An invoice as the admin-billing BFF answers it, for the screens' tests: a pending weekly invoice
 * of Supermercado Bom Preço unless `fields` say otherwise (parsed, so a contract change shows here).
 */
export function testInvoice(fields: Partial<Invoice> = {}): Invoice {
  return InvoiceSchema.parse({
    id: 7,
    invoice_number: 'TUR-2026-W46-0007',
    invoice_type: 'restaurant_weekly_invoice',
    restaurant_id: 12,
    restaurant_name: 'Supermercado Bom Preço',
    restaurant_contact_name: 'Carla Mendes',
    description: null,
    amount: 447,
    status: 'pending',
    issue_date: '2026-11-18',
    due_date: '2026-11-25',
    payment_date: null,
    week_start: '2026-11-09',
    week_end: '2026-11-15',
    ...fields,
  });
}
