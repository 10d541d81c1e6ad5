import { INVOICE_PIX_MESSAGES, STORE_BILLING_MESSAGES, formatMoney } from '@turno/domain';
import { AdminInvoiceDetailSchema } from '@turno/contracts';
import QRCode from 'qrcode';
import { invoiceDetailFixture } from './invoice-detail.fixture';
import { buildInvoiceDocument } from './invoice-document';
import {
  INVOICE_HTML_CSP,
  PRINT_LINES_PER_PAGE,
  escapeHtml,
  pixQrSvg,
  renderInvoiceHtml,
} from './invoice-html';
import { NO_SERVICES } from './invoice-pdf';

const detail = invoiceDetailFixture;

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
    // The table scrolls sideways on a narrow screen: its wrapper is reachable by keyboard (axe).
    expect(html).toContain(
      '<div class="table-wrap" tabindex="0" role="region" aria-label="Serviços (rolável)">',
    );
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

  it('ends with "Pague com Pix": the QR code as inline SVG, the code in monospace (escaped, wrapping) and the instructions', () => {
    const brCode =
      '00020101021226830014br.gov.bcb.pix2561pix.example.com/qr/v2/cobv/abc<&>5204000053039865405378.005802BR6304ABCD';
    const html = renderInvoiceHtml({
      ...buildInvoiceDocument(detail(1)),
      pix: { brCode, instructions: 'Aponte a câmera <do app>.' },
    });
    expect(html).toContain(`<h2 id="pix-title">${INVOICE_PIX_MESSAGES.title}</h2>`);
    expect(html).toContain(`<code data-testid="pix-code">${escapeHtml(brCode)}</code>`);
    expect(html).not.toContain('abc<&>');
    expect(html).toContain('<p>Aponte a câmera &lt;do app&gt;.</p>');
    expect(html).toMatch(/\.pix code \{[^}]*monospace; word-break: break-all;/);
    expect(html).toContain(pixQrSvg(brCode));
    expect(html).toContain(`aria-label="${INVOICE_PIX_MESSAGES.qrAlt}"`);
    // Inline markup and presentation attributes only: the page's CSP (no img-src but data:) holds.
    expect(INVOICE_HTML_CSP).toContain("default-src 'none'");
    expect(renderInvoiceHtml(buildInvoiceDocument(detail(1)))).not.toContain('class="pix"');
  });

  it("draws the SVG's dark runs from the qrcode package's modules", () => {
    const brCode = 'PIX-TEST-123';
    const { modules } = QRCode.create(brCode, { errorCorrectionLevel: 'M' });
    const size = modules.size + 8;
    const svg = pixQrSvg(brCode);
    expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    const drawn = Array.from({ length: modules.size }, () => Array<number>(modules.size).fill(0));
    for (const [, x, y, length] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
      for (let c = 0; c < Number(length); c++) drawn[Number(y) - 4]![Number(x) - 4 + c] = 1;
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, column) => modules.get(row, column)),
    );
    expect(drawn).toEqual(expected);
  });

  describe('the lines of a business with several stores (issue 28)', () => {
    const vila = { store_id: 2, store_name: 'Vila <Mariana>' };
    const centro = { store_id: 1, store_name: 'Centro' };

    it('groups the lines of two stores in the same table: a heading row per store, its lines, its subtotal', () => {
      // Lines 0 and 2 at Vila Mariana, line 1 at Centro: the stores in name order.
      const document = buildInvoiceDocument(detail(3, {}, [vila, centro]));
      expect(document.lines).toHaveLength(3);
      expect(document.storeGroups?.map((g) => [g.store, g.lines.length, g.subtotal])).toEqual([
        ['Centro', 1, formatMoney(189)],
        ['Vila <Mariana>', 2, formatMoney(378)],
      ]);
      const html = renderInvoiceHtml(document);
      expect(html.match(/<table>/g)).toHaveLength(1);
      expect(html.match(/<tbody>/g)).toHaveLength(2);
      expect(html.match(/<tr><td>/g)).toHaveLength(3);
      const centroHeading = html.indexOf('<th scope="rowgroup" colspan="5">Centro</th>');
      const vilaHeading = html.indexOf('<th scope="rowgroup" colspan="5">Vila &lt;Mariana&gt;</th>');
      expect(centroHeading).toBeGreaterThan(0);
      expect(vilaHeading).toBeGreaterThan(centroHeading);
      expect(html).toContain(
        `<th scope="row" colspan="4">${STORE_BILLING_MESSAGES.subtotal('Centro')}</th><td class="num">${formatMoney(189)}</td>`,
      );
      expect(html).toContain(
        `<th scope="row" colspan="4">Subtotal Vila &lt;Mariana&gt;</th><td class="num">${formatMoney(378)}</td>`,
      );
      expect(html).not.toContain('<Mariana>');
      expect(html).toContain(`Total: ${formatMoney(3 * 189)}`);
      // A store's heading stays on the page of its first line, its subtotal on the page of its last.
      expect(html).toContain('.store { break-after: avoid;');
    });

    it("reaches the admin's invoice view whole: its contract keeps the groups", () => {
      const source = detail(3, {}, [vila, centro]);
      const document = buildInvoiceDocument(source);
      const parsed = AdminInvoiceDetailSchema.parse({ invoice: source.invoice, document });
      expect(parsed.document.storeGroups).toEqual(document.storeGroups);
    });

    it('reads as before with the lines of one store: no heading, no subtotal', () => {
      const document = buildInvoiceDocument(detail(3, {}, [centro]));
      expect(document.storeGroups).toBeNull();
      const html = renderInvoiceHtml(document);
      expect(html).not.toContain('Subtotal');
      expect(html).not.toContain('scope="rowgroup"');
      expect(html.match(/<tr><td>/g)).toHaveLength(3);
      expect(buildInvoiceDocument(detail(3)).storeGroups).toBeNull();
    });

    it('names the store of a per-store invoice among the facts, after the week', () => {
      const document = buildInvoiceDocument(detail(2, vila, [vila]));
      expect(document.facts.slice(0, 3).map(([label]) => label)).toEqual(['Semana', 'Loja', 'Emissão']);
      const html = renderInvoiceHtml(document);
      expect(html).toContain(
        `<dt>${STORE_BILLING_MESSAGES.storeOfInvoice}:</dt><dd>Vila &lt;Mariana&gt;</dd>`,
      );
      expect(html).not.toContain('Subtotal');
      // A whole-business invoice has no such fact.
      expect(renderInvoiceHtml(buildInvoiceDocument(detail(2)))).not.toContain('<dt>Loja:</dt>');
    });
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
