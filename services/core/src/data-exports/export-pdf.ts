/**
 * The readable pt-BR summary inside the export (resumo.pdf): who, when, the profile, how many
 * records of each kind the JSON holds, the totals of money, and the latest shifts. Drawn with
 * pdfkit (as the invoices), A4, the standard Helvetica (WinAnsi covers Portuguese accents).
 */
import { DATA_EXPORT_MESSAGES, formatDateTimeBR } from '@turno/domain';
import PDFDocument from 'pdfkit';

export interface ExportSummary {
  generatedAt: Date;
  person: { name: string; email: string; kind: string };
  /** Profile lines, label and value, in the person's words. */
  profile: [label: string, value: string][];
  /** Count of records per section (pt-BR title). */
  counts: [title: string, count: number][];
  /** Money totals (pt-BR label, formatted value). */
  totals: [label: string, value: string][];
  /** Latest shifts or vacancies, one line each. */
  recent: { title: string; lines: string[] } | null;
}

const MARGIN = 48;
const TEAL = '#0f766e';
const TEXT = DATA_EXPORT_MESSAGES.pdf;

/** The PDF as a stream of bytes (the caller pipes it into the ZIP). */
export function exportSummaryPdf(summary: ExportSummary): AsyncIterable<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: TEXT.title, Author: 'Turno', Subject: TEXT.title },
  });
  const width = pdf.page.width - MARGIN * 2;
  const heading = (text: string) => {
    pdf.moveDown(0.8);
    pdf.fillColor(TEAL).font('Helvetica-Bold').fontSize(12).text(text, MARGIN, pdf.y, { width });
    pdf.fillColor('#0f172a').font('Helvetica').fontSize(10);
    pdf.moveDown(0.2);
  };
  const pair = (label: string, value: string) => {
    pdf.font('Helvetica-Bold').text(`${label}: `, MARGIN, pdf.y, { continued: true, width });
    pdf.font('Helvetica').text(value || '—');
  };

  pdf.fillColor(TEAL).font('Helvetica-Bold').fontSize(18).text(TEXT.title, MARGIN, MARGIN, { width });
  pdf.fillColor('#0f172a').font('Helvetica').fontSize(10).moveDown(0.4).text(TEXT.intro, { width });
  pdf.moveDown(0.4);
  pair(TEXT.generatedAt, formatDateTimeBR(summary.generatedAt));
  pair(TEXT.person, `${summary.person.name} (${summary.person.email}) — ${summary.person.kind}`);

  heading(TEXT.profile);
  for (const [label, value] of summary.profile) pair(label, value);

  heading(TEXT.counts);
  for (const [title, count] of summary.counts) pair(title, count.toLocaleString('pt-BR'));
  for (const [label, value] of summary.totals) pair(label, value);

  if (summary.recent) {
    heading(summary.recent.title);
    if (summary.recent.lines.length === 0) pdf.text(TEXT.noRecords);
    for (const line of summary.recent.lines) pdf.text(line, MARGIN, pdf.y, { width });
  }

  pdf.moveDown(1.2);
  pdf.fillColor('#475569').fontSize(9).text(TEXT.footer, MARGIN, pdf.y, { width });
  pdf.end();
  return pdf as unknown as AsyncIterable<Buffer>;
}
