import {
  INVOICE_PIX_MESSAGES,
  STORE_BILLING_MESSAGES,
  buildPixBrCode,
  formatMoney,
  parsePixBrCode,
} from '@turno/domain';
import QRCode from 'qrcode';
import { readPdfPages, type PdfRect as Rect } from '../testing/pdf-reader';
import { invoiceDetailFixture } from './invoice-detail.fixture';
import { buildInvoiceDocument } from './invoice-document';
import {
  PDF_QR_SIZE,
  PIX_QR_QUIET_ZONE,
  pixQrMatrix,
  renderInvoicePdf,
  type PrintableInvoiceDocument,
} from './invoice-pdf';

/**
 * The invoice PDF's "Pague com Pix" (issue 25): read back with pdfjs-dist (text, and the filled
 * rectangles of its drawing), the QR code's squares rebuild the `qrcode` package's module matrix
 * of the BR Code (no QR decoder is installed: the matrix is what a decoder would read).
 */

const readPdf = readPdfPages;

const BR_CODE = buildPixBrCode({
  target: { location: 'pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25' },
  amountCents: 37_800,
  merchantName: 'Turno Tecnologia',
  merchantCity: 'Sao Paulo',
});

const detail = invoiceDetailFixture;

/** The `qrcode` package's own module matrix of a code (what a QR decoder reads). */
function qrcodeModules(code: string): boolean[][] {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => modules.get(row, column) === 1),
  );
}

const withPix = (lines: number): PrintableInvoiceDocument => ({
  ...buildInvoiceDocument(detail(lines)),
  pix: { brCode: BR_CODE, instructions: 'Aponte a câmera do app do seu banco para o QR code.' },
});

/** The QR code's dark modules, read back from the squares drawn inside its white square. */
function drawnMatrix(rects: Rect[]): boolean[][] {
  const square = rects.find(
    (r) =>
      r.color === '#ffffff' &&
      Math.abs(r.width - PDF_QR_SIZE) < 0.01 &&
      Math.abs(r.height - PDF_QR_SIZE) < 0.01,
  );
  expect(square).toBeDefined();
  const size = QRCode.create(BR_CODE, { errorCorrectionLevel: 'M' }).modules.size;
  const module = PDF_QR_SIZE / (size + PIX_QR_QUIET_ZONE * 2);
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const inside = rects.filter(
    (r) =>
      r.color === '#000000' &&
      r.x >= square!.x - 0.01 &&
      r.y >= square!.y - 0.01 &&
      r.x + r.width <= square!.x + PDF_QR_SIZE + 0.01 &&
      r.y + r.height <= square!.y + PDF_QR_SIZE + 0.01,
  );
  expect(inside.length).toBeGreaterThan(0);
  for (const r of inside) {
    expect(r.height).toBeCloseTo(module, 5);
    const row = Math.round((r.y - square!.y) / module) - PIX_QR_QUIET_ZONE;
    const column = Math.round((r.x - square!.x) / module) - PIX_QR_QUIET_ZONE;
    const length = Math.round(r.width / module);
    for (let c = column; c < column + length; c++) matrix[row]![c] = true;
  }
  return matrix;
}

describe('the invoice PDF with its Pix charge', () => {
  it('still opens, and says "Pague com Pix" with the copia e cola code (Courier, wrapped) and the instructions', async () => {
    const pdf = await renderInvoicePdf(withPix(3));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = readPdf(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.text;
    expect(text).toContain(INVOICE_PIX_MESSAGES.title);
    expect(text).toContain(INVOICE_PIX_MESSAGES.codeLabel);
    expect(text.replace(/\s+/g, ' ')).toContain('Aponte a câmera do app do seu banco para o QR code.');
    // The code is split across lines: joined without the breaks, it is whole and still a valid BR Code.
    const squeezed = text.replace(/\s+/g, '');
    expect(squeezed).toContain(BR_CODE.replace(/\s+/g, ''));
    expect(parsePixBrCode(BR_CODE).ok).toBe(true);
    expect(pdf.toString('latin1')).toContain('/Courier');
  });

  it("draws the QR code as vector squares whose modules are the qrcode package's matrix of the BR Code", async () => {
    const pages = readPdf(await renderInvoicePdf(withPix(3)));
    expect(drawnMatrix(pages[0]!.rects)).toEqual(qrcodeModules(BR_CODE));
    expect(pixQrMatrix(BR_CODE)).toEqual(qrcodeModules(BR_CODE));
    // Against a different code the drawing does not match (the comparison can fail).
    expect(BR_CODE).toContain('TURNO');
    expect(qrcodeModules(BR_CODE.replace('TURNO', 'OUTRA'))).not.toEqual(qrcodeModules(BR_CODE));
    // No raster image anywhere.
    expect((await renderInvoicePdf(withPix(3))).toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('keeps the box whole on a new page when the lines fill the first one, and draws none without a charge', async () => {
    const long = readPdf(await renderInvoicePdf(withPix(30)));
    expect(long.length).toBeGreaterThan(1);
    const last = long.at(-1)!;
    expect(last.text).toContain(INVOICE_PIX_MESSAGES.title);
    expect(drawnMatrix(last.rects)).toEqual(qrcodeModules(BR_CODE));
    const none = readPdf(await renderInvoicePdf(buildInvoiceDocument(detail(3))));
    expect(none[0]!.text).not.toContain(INVOICE_PIX_MESSAGES.title);
    expect(none[0]!.rects.some((r) => r.width === PDF_QR_SIZE)).toBe(false);
  });
});

describe('the invoice PDF of a business with several stores (issue 28)', () => {
  const centro = { store_id: 1, store_name: 'Centro' };
  const vila = { store_id: 2, store_name: 'Vila Mariana' };
  const STORE_BAND = '#f0fdfa';
  const squeeze = (text: string) => text.replace(/\s+/g, ' ');

  it("groups the lines by store: each store's name on a band, its lines, its subtotal", async () => {
    // Lines 0 and 2 at Vila Mariana, line 1 at Centro: the stores in name order.
    const pages = readPdf(await renderInvoicePdf(buildInvoiceDocument(detail(3, {}, [vila, centro]))));
    expect(pages).toHaveLength(1);
    const text = squeeze(pages[0]!.text);
    const order = [
      'Centro',
      'Pessoa 1',
      STORE_BILLING_MESSAGES.subtotal('Centro'),
      'Vila Mariana',
      'Pessoa 0',
      'Pessoa 2',
      STORE_BILLING_MESSAGES.subtotal('Vila Mariana'),
      'Total:',
    ].map((part) => text.indexOf(part));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(text).toContain(squeeze(`Subtotal Centro ${formatMoney(189)}`));
    expect(text).toContain(squeeze(`Subtotal Vila Mariana ${formatMoney(378)}`));
    expect(text).toContain(squeeze(`Total: ${formatMoney(3 * 189)}`));
    expect(pages[0]!.rects.filter((r) => r.color === STORE_BAND)).toHaveLength(2);
  });

  it('reads as before with the lines of one store, and names the store of a per-store invoice', async () => {
    const [page] = readPdf(await renderInvoicePdf(buildInvoiceDocument(detail(3, vila, [vila]))));
    expect(page!.text).not.toContain('Subtotal');
    expect(page!.rects.some((r) => r.color === STORE_BAND)).toBe(false);
    expect(squeeze(page!.text)).toMatch(/Semana: ?16\/11\/2026 a 22\/11\/2026 Loja: ?Vila Mariana Emissão:/);
    const [whole] = readPdf(await renderInvoicePdf(buildInvoiceDocument(detail(3))));
    expect(whole!.text).not.toMatch(/Loja:/);
  });

  it("never leaves a store's name at a page's foot without its first line, nor its subtotal alone atop a page", async () => {
    // Centro's lines fill the first page up to its foot (27: Vila Mariana's name would fit there
    // alone; 29: Centro's subtotal would go alone to the next page).
    for (const centroLines of [26, 27, 28, 29]) {
      const invoice = detail(centroLines + 3);
      invoice.lines = invoice.lines.map((line, i) => ({ ...line, ...(i < centroLines ? centro : vila) }));
      const pages = readPdf(await renderInvoicePdf(buildInvoiceDocument(invoice)));
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) {
        const text = squeeze(page.text);
        for (const store of ['Centro', 'Vila Mariana']) {
          const subtotal = STORE_BILLING_MESSAGES.subtotal(store);
          const heading = text.replaceAll(subtotal, '').indexOf(store);
          if (heading >= 0) expect(text.replaceAll(subtotal, '').slice(heading)).toContain('Pessoa');
          if (text.includes(subtotal)) expect(text.slice(0, text.indexOf(subtotal))).toContain('Pessoa');
        }
      }
    }
  });
});
