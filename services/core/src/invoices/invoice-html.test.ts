import type { RestaurantInvoiceDetail } from '@turno/contracts';
import { formatMoney } from '@turno/domain';
import { buildInvoiceDocument } from './invoice-document';
import { PRINT_LINES_PER_PAGE, escapeHtml, renderInvoiceHtml } from './invoice-html';
import { NO_SERVICES } from './invoice-pdf';

function detail(
  lines: number,
  overrides: Partial<RestaurantInvoiceDetail['invoice']> = {},
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
      ...overrides,
    },
    client: { business_name: 'Mercado <Sol> & Cia', responsible_name: 'Ana "Bia"', address: null },
    lines: Array.from({ length: lines }, (_, i) => ({
      date_needed: '2026-11-16',
      position_type: 'Repositor',
      freelancer_name: `Pessoa ${i}`,
      restaurant_payment_amount: 189,
      start_time: '08:00',
      end_time: '18:00',
    })),
  };
}

describe('the printable invoice page', () => {
  it('renders every line of the document, escaped, with the total and an A4 print stylesheet', () => {
    const html = renderInvoiceHtml(buildInvoiceDocument(detail(60)), { pdfUrl: '/x/7/pdf' });
    expect(html.match(/<tr><td>/g)).toHaveLength(60);
    expect(html).toContain('Mercado &lt;Sol&gt; &amp; Cia');
    expect(html).not.toContain('<Sol>');
    expect(html).toContain('Responsável: Ana &quot;Bia&quot;');
    expect(html).toContain(`Total: ${formatMoney(60 * 189)}`);
    expect(html).toContain('@page { size: A4');
    expect(html).toContain('thead { display: table-header-group; }');
    expect(html).toContain('<a href="/x/7/pdf">Baixar PDF</a>');
    // ~25 lines a page: rows of 7.6 mm on 273 mm of printable height, the first page's header included.
    expect(PRINT_LINES_PER_PAGE).toBe(25);
  });

  it('names the client by razão social and CNPJ (masked) when the business gave them, and omits them otherwise', () => {
    const known = detail(1);
    known.client = { ...known.client, legal_name: 'Mercado Sol & Cia Ltda', cnpj: '11222333000181' };
    const html = renderInvoiceHtml(buildInvoiceDocument(known));
    expect(html).toContain('<p>Razão social: Mercado Sol &amp; Cia Ltda</p>');
    expect(html).toContain('<p>CNPJ: 11.222.333/0001-81</p>');
    const unknown = renderInvoiceHtml(buildInvoiceDocument(detail(1)));
    expect(unknown).not.toContain('Razão social');
    expect(unknown).not.toContain('<p>CNPJ:');
  });

  it('shows the single description line of an invoice without services', () => {
    const html = renderInvoiceHtml(buildInvoiceDocument(detail(0, { description: 'Taxa de cadastro' })));
    expect(html).toContain('<tr><td colspan="5">Taxa de cadastro</td></tr>');
    const empty = renderInvoiceHtml(buildInvoiceDocument(detail(0, { description: null })));
    expect(empty).toContain(`<td colspan="5">${NO_SERVICES}</td>`);
    expect(empty).not.toContain('Baixar PDF');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
