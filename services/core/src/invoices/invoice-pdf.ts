/**
 * The invoice PDF (issue 8): the document model of invoice-document.ts drawn with pdfkit on A4,
 * in the standard Helvetica (WinAnsi covers Portuguese accents). Pages break before a line that
 * would not fit; the table header repeats on each page. Lines of two stores or more are grouped by
 * store (issue 28): the store's name (never alone at a page's foot), its lines, its subtotal. An invoice with a payable Pix charge ends
 * with "Pague com Pix" (issue 25): its QR code drawn as vector squares (no raster), the "copia e
 * cola" code in Courier and the instructions.
 */
import { INVOICE_PIX_MESSAGES, STORE_BILLING_MESSAGES } from '@turno/domain';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { InvoiceDocument, InvoiceDocumentLine, InvoiceDocumentStoreGroup } from './invoice-document';

/** The document's "Pague com Pix" (`InvoiceDocumentSchema.pix`): the BR Code and the line under it. */
export type InvoiceDocumentPix = NonNullable<InvoiceDocument['pix']>;
/** What the PDF and the print page draw: the document, with its Pix box when the invoice has one. */
export type PrintableInvoiceDocument = InvoiceDocument;

/** The QR code's error correction: 'M', as the BFFs' `qrcode` SVGs (a bank app reads it at 15 % damage). */
export const PIX_QR_ERROR_CORRECTION = 'M';
/** White modules around the symbol (the QR standard's quiet zone). */
export const PIX_QR_QUIET_ZONE = 4;

/** The QR code of a BR Code as rows of dark (true) and light modules, without the quiet zone. */
export function pixQrMatrix(brCode: string): boolean[][] {
  const { modules } = QRCode.create(brCode, { errorCorrectionLevel: PIX_QR_ERROR_CORRECTION });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}

/** The dark runs of each row, `[row, firstColumn, length]`: one rectangle per run, in PDF and SVG. */
export function pixQrRuns(matrix: boolean[][]): [row: number, column: number, length: number][] {
  const runs: [number, number, number][] = [];
  matrix.forEach((cells, row) => {
    let column = 0;
    while (column < cells.length) {
      if (!cells[column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < cells.length && cells[column]) column++;
      runs.push([row, start, column - start]);
    }
  });
  return runs;
}

/** The side of the PDF's QR code, quiet zone included, in points (about 5 cm). */
export const PDF_QR_SIZE = 144;

const MARGIN = 48;
const PAGE_BOTTOM = 842 - MARGIN;
const COLUMNS = [
  { title: 'Dia', width: 80 },
  { title: 'Data', width: 62 },
  { title: 'Serviço', width: 180 },
  { title: 'Profissional', width: 107 },
  { title: 'Valor', width: 70, right: true },
] as const;
const TEAL = '#0f766e';
/** The line of an invoice without services nor description. */
export const NO_SERVICES = 'Nenhum serviço nesta fatura.';

/** A row of the services table: its cells (each `width` points wide) and how it is drawn. */
interface TableRow {
  cells: { text: string; width: number; right?: boolean }[];
  bold?: boolean;
  fill?: string;
  color?: string;
}

const lineRow = (line: InvoiceDocumentLine): TableRow => ({
  cells: [line.weekday, line.date, line.service, line.professional, line.amount].map((text, i) => ({
    text,
    width: COLUMNS[i]!.width,
    right: 'right' in COLUMNS[i]!,
  })),
});

/** A store's heading row: its name across the table, on a light teal band. */
const storeRow = (group: InvoiceDocumentStoreGroup, width: number): TableRow => ({
  cells: [{ text: group.store, width }],
  bold: true,
  fill: '#f0fdfa',
  color: TEAL,
});

/** "Subtotal <loja>" across the first columns, the amount under "Valor". */
function subtotalRow(group: InvoiceDocumentStoreGroup, width: number): TableRow {
  const amount = COLUMNS.at(-1)!.width;
  return {
    cells: [
      { text: STORE_BILLING_MESSAGES.subtotal(group.store), width: width - amount },
      { text: group.subtotal, width: amount, right: true },
    ],
    bold: true,
  };
}

/** A row's height: its tallest cell in the row's font, and 8 points of padding. */
function rowHeight(pdf: PDFKit.PDFDocument, row: TableRow): number {
  pdf.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  return Math.max(...row.cells.map((cell) => pdf.heightOfString(cell.text, { width: cell.width - 8 }))) + 8;
}

export function renderInvoicePdf(document: PrintableInvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: document.title, Author: document.provider.legalName, Subject: document.title },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - MARGIN * 2;

  // Provider header
  pdf.fillColor(TEAL).font('Helvetica-Bold').fontSize(20).text(document.provider.name, MARGIN, MARGIN);
  pdf.fillColor('#0f172a').font('Helvetica').fontSize(9);
  for (const line of [
    document.provider.legalName,
    document.provider.cnpj,
    document.provider.address,
    document.provider.contact,
  ]) {
    pdf.text(line);
  }
  const providerBottom = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(16).text(document.title, MARGIN, MARGIN, { width, align: 'right' });
  // The client block starts a fixed gap below the provider's lines (was moveDown(5) from the title,
  // which left a 45 pt hole under the header on every invoice).
  pdf.y = Math.max(pdf.y, providerBottom) + 24;

  // Client and facts
  const top = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(10).text('Cliente', MARGIN, top);
  pdf.font('Helvetica').fontSize(10);
  const clientWidth = { width: width / 2 - 10 };
  pdf.text(document.client.businessName, clientWidth);
  if (document.client.legalName) pdf.text(`Razão social: ${document.client.legalName}`, clientWidth);
  if (document.client.cnpj) pdf.text(`CNPJ: ${document.client.cnpj}`, clientWidth);
  pdf
    .text(`Responsável: ${document.client.responsible}`, clientWidth)
    .text(document.client.address, clientWidth);
  const clientBottom = pdf.y;
  pdf.y = top;
  for (const [label, value] of [['Fatura', document.number], ...document.facts]) {
    pdf.font('Helvetica-Bold').text(`${label}: `, MARGIN + width / 2, pdf.y, { continued: true });
    pdf.font('Helvetica').text(value ?? '');
  }
  pdf.y = Math.max(pdf.y, clientBottom) + 18;

  // Service lines
  const header = () => {
    let x = MARGIN;
    const y = pdf.y;
    pdf.rect(MARGIN, y - 4, width, 18).fill('#e2e8f0');
    pdf.fillColor('#0f172a').font('Helvetica-Bold').fontSize(9);
    for (const column of COLUMNS) {
      pdf.text(column.title, x + 4, y, {
        width: column.width - 8,
        align: 'right' in column ? 'right' : 'left',
      });
      x += column.width;
    }
    pdf.y = y + 18;
  };
  const continuation = () => {
    pdf
      .fillColor('#475569')
      .font('Helvetica')
      .fontSize(9)
      .text(`${document.title} (continuação)`, MARGIN, MARGIN, { width });
    pdf.fillColor('#0f172a');
    pdf.y += 12;
  };
  /** Draws a row; one that does not fit (with `keep` points more under it) starts a new page. */
  const draw = (row: TableRow, keep = 0) => {
    const height = rowHeight(pdf, row);
    // The new page says whose invoice it continues, and repeats the table's header.
    if (pdf.y + height + keep > PAGE_BOTTOM) {
      pdf.addPage();
      continuation();
      header();
    }
    const y = pdf.y;
    if (row.fill) pdf.rect(MARGIN, y - 4, width, height).fill(row.fill);
    pdf
      .fillColor(row.color ?? '#0f172a')
      .font(row.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9);
    let x = MARGIN;
    for (const cell of row.cells) {
      pdf.text(cell.text, x + 4, y, { width: cell.width - 8, align: cell.right ? 'right' : 'left' });
      x += cell.width;
    }
    pdf.fillColor('#0f172a');
    pdf.y = y + height;
    pdf
      .moveTo(MARGIN, pdf.y - 4)
      .lineTo(MARGIN + width, pdf.y - 4)
      .strokeColor('#e2e8f0')
      .stroke();
  };
  header();
  pdf.font('Helvetica').fontSize(9);
  if (document.storeGroups) {
    // Lines of two stores or more (issue 28): each store's name, kept with its first line, then its
    // lines, the last one kept with the store's subtotal.
    for (const group of document.storeGroups) {
      const rows = group.lines.map(lineRow);
      draw(storeRow(group, width), rows[0] ? rowHeight(pdf, rows[0]) : 0);
      const subtotal = subtotalRow(group, width);
      rows.forEach((row, i) => draw(row, i === rows.length - 1 ? rowHeight(pdf, subtotal) : 0));
      draw(subtotal);
    }
  } else {
    for (const line of document.lines) draw(lineRow(line));
  }
  if (document.lines.length === 0) {
    pdf.text(document.description ?? NO_SERVICES, MARGIN + 4, pdf.y, { width: width - 8 });
  }

  // Total and payment terms, kept together (about 90 pt) on the last page.
  if (pdf.y + 90 > PAGE_BOTTOM) {
    pdf.addPage();
    continuation();
  }
  pdf.moveDown(0.5);
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${document.total}`, MARGIN, pdf.y, { width, align: 'right' });
  pdf.moveDown(1.5);
  pdf.font('Helvetica-Bold').fontSize(10).text('Condições de pagamento', MARGIN);
  pdf.font('Helvetica').fontSize(9).text(document.paymentTerms, { width });
  if (document.pix) drawPixBox(pdf, document.pix, width, continuation);
  pdf.end();
  return done;
}

/**
 * "Pague com Pix": a bordered box with the QR code on the left (each dark run a filled rectangle,
 * on a white quiet zone) and, on its right, the "copia e cola" code in Courier (broken anywhere, it
 * has no spaces) and the instructions. Kept whole on one page.
 */
function drawPixBox(
  pdf: PDFKit.PDFDocument,
  pix: InvoiceDocumentPix,
  width: number,
  continuation: () => void,
): void {
  const matrix = pixQrMatrix(pix.brCode);
  const cells = matrix.length + PIX_QR_QUIET_ZONE * 2;
  const module = PDF_QR_SIZE / cells;
  const padding = 12;
  const textX = MARGIN + padding + PDF_QR_SIZE + 16;
  const textWidth = MARGIN + width - padding - textX;
  // The code, wrapped by character: Courier 8 pt is 4.8 pt a character.
  const perLine = Math.max(1, Math.floor(textWidth / 4.8));
  const codeLines = pix.brCode.match(new RegExp(`.{1,${perLine}}`, 'g')) ?? [pix.brCode];
  pdf.font('Helvetica').fontSize(9);
  const instructionsHeight = pdf.heightOfString(pix.instructions, { width: textWidth });
  const textHeight = 16 + 12 + codeLines.length * 10 + 8 + instructionsHeight;
  const height = Math.max(PDF_QR_SIZE, textHeight) + padding * 2;
  if (pdf.y + 16 + height > PAGE_BOTTOM) {
    pdf.addPage();
    continuation();
  }
  const top = pdf.y + 16;
  pdf.rect(MARGIN, top, width, height).lineWidth(1).strokeColor(TEAL).stroke();
  const qrX = MARGIN + padding;
  const qrY = top + padding;
  pdf.rect(qrX, qrY, PDF_QR_SIZE, PDF_QR_SIZE).fill('#ffffff');
  for (const [row, column, length] of pixQrRuns(matrix)) {
    pdf.rect(
      qrX + (column + PIX_QR_QUIET_ZONE) * module,
      qrY + (row + PIX_QR_QUIET_ZONE) * module,
      length * module,
      module,
    );
  }
  pdf.fill('#000000');
  pdf
    .fillColor(TEAL)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(INVOICE_PIX_MESSAGES.title, textX, qrY, { width: textWidth });
  pdf
    .fillColor('#0f172a')
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(INVOICE_PIX_MESSAGES.codeLabel, textX, qrY + 16);
  pdf.font('Courier').fontSize(8);
  let y = qrY + 28;
  for (const line of codeLines) {
    pdf.text(line, textX, y, { width: textWidth, lineBreak: false });
    y += 10;
  }
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(pix.instructions, textX, y + 8, { width: textWidth });
  pdf.y = top + height;
}
