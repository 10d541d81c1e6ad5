import { INVOICE_PIX_MESSAGES, buildPixBrCode, parsePixBrCode } from '@turno/domain';
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
