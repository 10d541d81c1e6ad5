/**
 * The invoice's printable page: the document model of invoice-document.ts (the one the PDF draws)
 * as a standalone HTML page with a print stylesheet — A4, about 25 service lines per page, the
 * table header repeated on each page, no line split across pages; the lines of two stores or more
 * grouped by store, each group headed by its store and closed by its subtotal. Every text is escaped.
 */
import { createHash } from 'node:crypto';
import { INVOICE_PIX_MESSAGES, STORE_BILLING_MESSAGES } from '@turno/domain';
import type { InvoiceDocumentLine, InvoiceDocumentStoreGroup } from './invoice-document';
import {
  NO_SERVICES,
  PIX_QR_QUIET_ZONE,
  pixQrMatrix,
  pixQrRuns,
  type InvoiceDocumentPix,
  type PrintableInvoiceDocument,
} from './invoice-pdf';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** Service lines that fit one A4 page (the first one also holds the header and the totals). */
export const PRINT_LINES_PER_PAGE = 25;

const STYLES = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font: 10pt/1.35 Helvetica, Arial, sans-serif; color: #0f172a; background: #f1f5f9; }
  .sheet { max-width: 210mm; margin: 16px auto; padding: 14mm; background: #fff; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 12px; }
  .provider .provider-name { margin: 0; color: #0f766e; font-size: 20pt; font-weight: bold; }
  .provider p, .client p { margin: 0; font-size: 9pt; }
  h1 { margin: 0; font-size: 16pt; text-align: right; }
  .parties { display: flex; flex-wrap: wrap; gap: 16px; justify-content: space-between; margin: 8mm 0 5mm; }
  .parties h2 { margin: 0 0 2px; font-size: 10pt; }
  dl { margin: 0; display: grid; grid-template-columns: auto auto; gap: 0 8px; font-size: 9.5pt; }
  dt { font-weight: bold; }
  dd { margin: 0; }
  .table-wrap { overflow-x: auto; }
  .table-wrap:focus-visible { outline: 2px solid #0f766e; outline-offset: 2px; }
  table { width: 100%; border-collapse: collapse; font-size: 9pt; }
  caption { text-align: left; font-weight: bold; padding-bottom: 4px; }
  th { background: #e2e8f0; text-align: left; }
  th, td { padding: 0 6px; height: 7.6mm; border-bottom: 1px solid #e2e8f0; vertical-align: middle; }
  .num { text-align: right; white-space: nowrap; }
  tbody th { text-align: left; background: none; }
  .store th { color: #0f766e; background: #f0fdfa; }
  .subtotal th, .subtotal td { font-weight: bold; }
  .total { margin: 4mm 0; text-align: right; font-size: 12pt; font-weight: bold; }
  .terms h2 { margin: 0; font-size: 10pt; }
  .terms p { margin: 2px 0 0; font-size: 9pt; }
  .pix { display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: flex-start; margin-top: 5mm; padding: 12px; border: 1px solid #0f766e; border-radius: 8px; }
  .pix svg { flex: 0 0 auto; width: 45mm; height: 45mm; max-width: 100%; }
  .pix-text { flex: 1 1 240px; min-width: 0; }
  .pix h2 { margin: 0 0 4px; font-size: 12pt; color: #0f766e; }
  .pix h3 { margin: 0; font-size: 9.5pt; }
  .pix code { display: block; margin: 2px 0 6px; font: 8.5pt/1.4 "Courier New", Courier, monospace; word-break: break-all; overflow-wrap: anywhere; }
  .pix p { margin: 0; font-size: 9pt; }
  .actions { max-width: 210mm; margin: 16px auto 0; display: flex; gap: 8px; justify-content: flex-end; padding: 0 8px; }
  .actions a, .actions button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 1px solid #0f766e; color: #0f766e; background: #fff; text-decoration: none; }
  @media (max-width: 600px) {
    .sheet { margin: 0; padding: 16px 12px; }
    h1 { font-size: 13pt; text-align: left; }
  }
  @page { size: A4; margin: 12mm; }
  @media print {
    body { background: #fff; }
    .sheet { margin: 0; padding: 0; max-width: none; }
    .actions { display: none; }
    .table-wrap { overflow: visible; }
    thead { display: table-header-group; }
    tr { break-inside: avoid; page-break-inside: avoid; }
    .store { break-after: avoid; page-break-after: avoid; }
    .subtotal { break-before: avoid; page-break-before: avoid; }
    .total, .terms, .pix { break-inside: avoid; page-break-inside: avoid; }
  }
`;

/** The page's one script: the "Imprimir" button's handler. */
const PRINT_HANDLER = 'window.print()';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The print page's Content-Security-Policy: its own stylesheet and the print button's handler, by
 * hash, and nothing else — no other script, style, connection, frame or form (the BFF sends it with
 * the page).
 */
export const INVOICE_HTML_CSP = [
  "default-src 'none'",
  `style-src ${sha256(STYLES)}`,
  `script-src 'unsafe-hashes' ${sha256(PRINT_HANDLER)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The QR code of a BR Code as inline SVG: the `qrcode` package's modules (the matrix the PDF draws),
 * one rectangle per dark run on a white quiet zone; `role="img"` with its alternative text.
 */
export function pixQrSvg(brCode: string): string {
  const matrix = pixQrMatrix(brCode);
  const size = matrix.length + PIX_QR_QUIET_ZONE * 2;
  const path = pixQrRuns(matrix)
    .map(
      ([row, column, length]) =>
        `M${column + PIX_QR_QUIET_ZONE} ${row + PIX_QR_QUIET_ZONE}h${length}v1h-${length}z`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(INVOICE_PIX_MESSAGES.qrAlt)}">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}

/** "Pague com Pix": the QR code, the "copia e cola" code (monospace, wrapped anywhere) and the instructions. */
function pixSection(pix: InvoiceDocumentPix): string {
  const e = escapeHtml;
  return `<section class="pix" aria-labelledby="pix-title">
  ${pixQrSvg(pix.brCode)}
  <div class="pix-text">
    <h2 id="pix-title">${e(INVOICE_PIX_MESSAGES.title)}</h2>
    <h3>${e(INVOICE_PIX_MESSAGES.codeLabel)}</h3>
    <code data-testid="pix-code">${e(pix.brCode)}</code>
    <p>${e(pix.instructions)}</p>
  </div>
</section>`;
}

/**
 * The whole page: `<title>` is the document's title; above the sheet (not printed) "Imprimir" and,
 * when `pdfUrl` is given, "Baixar PDF".
 */
export function renderInvoiceHtml(
  document: PrintableInvoiceDocument,
  options: { pdfUrl?: string } = {},
): string {
  const e = escapeHtml;
  const lineRows = (lines: InvoiceDocumentLine[]) =>
    lines
      .map(
        (line) =>
          `<tr><td>${e(line.weekday)}</td><td>${e(line.date)}</td><td>${e(line.service)}</td>` +
          `<td>${e(line.professional)}</td><td class="num">${e(line.amount)}</td></tr>`,
      )
      .join('\n');
  // Lines of two stores or more (issue 28): one row group per store, its name heading the group's
  // rows and its subtotal closing them.
  const groupRows = (group: InvoiceDocumentStoreGroup) =>
    [
      `<tr class="store"><th scope="rowgroup" colspan="5">${e(group.store)}</th></tr>`,
      lineRows(group.lines),
      `<tr class="subtotal"><th scope="row" colspan="4">${e(STORE_BILLING_MESSAGES.subtotal(group.store))}</th>` +
        `<td class="num">${e(group.subtotal)}</td></tr>`,
    ].join('\n');
  const tbody = (rows: string) => `<tbody>\n${rows}\n</tbody>`;
  const body = document.storeGroups
    ? document.storeGroups.map((group) => tbody(groupRows(group))).join('\n')
    : tbody(
        document.lines.length > 0
          ? lineRows(document.lines)
          : `<tr><td colspan="5">${e(document.description ?? NO_SERVICES)}</td></tr>`,
      );
  const facts = [['Fatura', document.number] as const, ...document.facts]
    .map(([label, value]) => `<dt>${e(label)}:</dt><dd>${e(value)}</dd>`)
    .join('');
  const pdfLink = options.pdfUrl ? `<a href="${e(options.pdfUrl)}">Baixar PDF</a>` : '';
  const actions = `<nav class="actions" aria-label="Ações da fatura"><button type="button" onclick="${PRINT_HANDLER}">Imprimir</button>${pdfLink}</nav>`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(document.title)}</title>
<style>${STYLES}</style>
</head>
<body>
${actions}
<main class="sheet">
<header>
  <div class="provider">
    <p class="provider-name">${e(document.provider.name)}</p>
    <p>${e(document.provider.legalName)}</p>
    <p>${e(document.provider.cnpj)}</p>
    <p>${e(document.provider.address)}</p>
    <p>${e(document.provider.contact)}</p>
  </div>
  <h1>${e(document.title)}</h1>
</header>
<section class="parties">
  <div class="client">
    <h2>Cliente</h2>
    <p>${e(document.client.businessName)}</p>
    ${document.client.legalName ? `<p>Razão social: ${e(document.client.legalName)}</p>` : ''}
    ${document.client.cnpj ? `<p>CNPJ: ${e(document.client.cnpj)}</p>` : ''}
    <p>Responsável: ${e(document.client.responsible)}</p>
    <p>${e(document.client.address)}</p>
  </div>
  <dl>${facts}</dl>
</section>
<div class="table-wrap" tabindex="0" role="region" aria-label="Serviços (rolável)">
<table>
  <caption>Serviços</caption>
  <thead><tr><th scope="col">Dia</th><th scope="col">Data</th><th scope="col">Serviço</th><th scope="col">Profissional</th><th scope="col" class="num">Valor</th></tr></thead>
${body}
</table>
</div>
<p class="total">Total: ${e(document.total)}</p>
<section class="terms">
  <h2>Condições de pagamento</h2>
  <p>${e(document.paymentTerms)}</p>
</section>
${document.pix ? pixSection(document.pix) : ''}
</main>
</body>
</html>
`;
}
