import { InvoiceSchema, type Invoice } from '@turno/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { InvoicesView } from './InvoicesView';
import { invoiceStats, sortByIssueDate } from './invoices';

const base: Invoice = InvoiceSchema.parse({
  id: 1,
  invoice_number: 'TUR-2026-W46-0001',
  invoice_type: 'restaurant_weekly_invoice',
  restaurant_id: 1,
  restaurant_name: 'Supermercado Bom Preço',
  restaurant_contact_name: 'Carla Mendes',
  description: null,
  amount: 0.1,
  status: 'pending',
  issue_date: '2026-11-18',
  due_date: '2026-11-25',
  payment_date: null,
  week_start: '2026-11-09',
  week_end: '2026-11-15',
});
const list: Invoice[] = [
  base,
  {
    ...base,
    id: 2,
    invoice_number: 'TUR-2026-W45-0002',
    status: 'paid',
    amount: 1000,
    issue_date: '2026-11-11',
    payment_date: '2026-11-12',
  },
  {
    ...base,
    id: 3,
    invoice_number: 'TUR-2026-W44-0003',
    status: 'overdue',
    amount: 0.2,
    issue_date: '2026-11-04',
  },
];

describe('invoices', () => {
  it('sums what is still to receive exactly (no float drift)', () => {
    expect(invoiceStats(list)).toEqual({ total: 3, paid: 1, pending: 1, overdue: 1, openAmount: 0.3 });
  });

  it('lists the newest first', () => {
    expect(sortByIssueDate(list).map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('renders number, client, amount, status and dates in pt-BR', () => {
    const html = renderToStaticMarkup(<InvoicesView invoices={list} />);
    for (const text of [
      'TUR-2026-W46-0001',
      'Semanal',
      'Supermercado Bom Preço',
      'Pendente',
      'Paga',
      'Vencida',
      'Emissão: 18/11/2026',
      'Vencimento: 25/11/2026',
      'Pago em 12/11/2026',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/R\$\s1\.000,00/);
  });

  it('has an empty state', () => {
    expect(renderToStaticMarkup(<InvoicesView invoices={[]} />)).toContain('Nenhuma fatura emitida ainda.');
  });
});
