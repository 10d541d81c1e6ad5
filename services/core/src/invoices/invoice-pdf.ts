/**
 * The invoice PDF (issue 8): the document model of invoice-document.ts drawn with pdfkit on A4,
 * in the standard Helvetica (WinAnsi covers Portuguese accents). Pages break before a line that
 * would not fit; the table header repeats on each page.
 */
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './invoice-document';

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

export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
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
  header();
  pdf.font('Helvetica').fontSize(9);
  for (const line of document.lines) {
    const cells = [line.weekday, line.date, line.service, line.professional, line.amount];
    const height =
      Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: COLUMNS[i]!.width - 8 }))) + 8;
    // A line that does not fit goes to a new page, which says whose invoice it continues.
    if (pdf.y + height > PAGE_BOTTOM) {
      pdf.addPage();
      continuation();
      header();
      pdf.font('Helvetica').fontSize(9);
    }
    const y = pdf.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      pdf.text(cell, x + 4, y, { width: column.width - 8, align: 'right' in column ? 'right' : 'left' });
      x += column.width;
    });
    pdf.y = y + height;
    pdf
      .moveTo(MARGIN, pdf.y - 4)
      .lineTo(MARGIN + width, pdf.y - 4)
      .strokeColor('#e2e8f0')
      .stroke();
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
  pdf.end();
  return done;
}
