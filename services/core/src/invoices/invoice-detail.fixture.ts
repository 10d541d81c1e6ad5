import type { RestaurantInvoiceDetail } from '@turno/contracts';

/**
 * Tests only: a weekly invoice of `lines` shifts at R$ 189,00 for the paper renderers' tests (the
 * printable page and the PDF). The business's name and the responsible person carry characters
 * HTML must escape; `invoice` overrides any invoice field. With `stores` (issue 28), the lines go to
 * the stores in turn (line 0 to the first store, line 1 to the second…).
 */
export function invoiceDetailFixture(
  lines: number,
  invoice: Partial<RestaurantInvoiceDetail['invoice']> = {},
  stores: { store_id: number; store_name: string }[] = [],
): RestaurantInvoiceDetail {
  return {
    invoice: {
      id: 7,
      invoice_number: 'TUR-2026-W47-0007',
      invoice_type: 'restaurant_weekly_invoice',
      restaurant_id: 3,
      restaurant_name: 'Mercado <Sol> & Cia',
      restaurant_contact_name: null,
      description: 'Serviços de 16/11/2026 a 22/11/2026',
      amount: lines * 189,
      status: 'pending',
      issue_date: '2026-11-23',
      due_date: '2026-11-25',
      payment_date: null,
      week_start: '2026-11-16',
      week_end: '2026-11-22',
      ...invoice,
    },
    client: { business_name: 'Mercado <Sol> & Cia', responsible_name: 'Ana "Bia"', address: null },
    lines: Array.from({ length: lines }, (_, i) => ({
      date_needed: '2026-11-16',
      position_type: 'Repositor',
      freelancer_name: `Pessoa ${i}`,
      restaurant_payment_amount: 189,
      start_time: '08:00',
      end_time: '18:00',
      ...stores[i % stores.length],
    })),
  };
}
