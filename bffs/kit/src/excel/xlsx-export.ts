/**
 * The one Excel exporter of the admin tables: a real .xlsx written with exceljs's streaming writer
 * straight into the response, row by row, so memory stays flat however many rows there are.
 * Numbers are numbers (money with the `R$ #.##0,00` format), dates real dates shown dd/mm/aaaa,
 * pt-BR headers in a frozen first row with an autofilter, widths that fit, a totals row of SUM
 * formulas, and a second sheet naming the filters the screen showed.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type ExcelCellType = 'text' | 'integer' | 'money' | 'date';

export interface ExcelColumn<T> {
  header: string;
  type: ExcelCellType;
  value: (row: T) => string | number | null;
  /** Character width; the header's length (and 12 for dates and money) when not given. */
  width?: number;
  /** A SUM of the column in the totals row (numbers only). */
  total?: boolean;
}

export interface ExcelExportTotalsIf {
  /** The totals row sums only the rows whose cell in this column (its index) equals `equals` (SUMIF). */
  column: number;
  equals: string;
}

export interface ExcelExport<T> {
  sheetName: string;
  columns: readonly ExcelColumn<T>[];
  rows: AsyncIterable<T>;
  /** Label of the totals row (first column). */
  totalsLabel?: string;
  /** Sum only some rows (e.g. completed jobs, as the screen's totals do). */
  totalsIf?: ExcelExportTotalsIf;
  /** What the screen filtered by, as label–value pairs (the "Filtros" sheet). */
  filters: readonly [string, string][];
}

/** `R$ 1.234,56` in a pt-BR Excel or LibreOffice (format codes use `,` for thousands, `.` for decimals). */
export const MONEY_FORMAT = '"R$" #,##0.00';
export const DATE_FORMAT = 'dd/mm/yyyy';

/** An ISO date 'YYYY-MM-DD' as the spreadsheet date of that day (UTC midnight: no time zone shift). */
function excelDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

/**
 * What a spreadsheet may read as the start of a formula: `=`, `+`, `-`, `@`, and a tab or carriage
 * return before one (OWASP "CSV injection"), also in their full-width forms.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A text from the data as a cell that stays text: one that starts like a formula gets a leading `'`
 * (OWASP's advice), so neither Excel nor LibreOffice evaluates it, even after the cell is edited or
 * the sheet saved as CSV. Numbers are not texts and stay numbers; the exporter's own formulas (the
 * totals row) are written as formulas, never through here.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cellValue<T>(column: ExcelColumn<T>, row: T): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null || value === '') return null;
  if (column.type === 'date') return excelDate(String(value));
  return typeof value === 'string' ? neutralizeFormula(value) : value;
}

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * Writes the workbook into a stream and answers it at once: the caller sends it as the response
 * body while the rows are still being read. A failure midway ends the stream with that error.
 */
export function xlsxStream<T>(spec: ExcelExport<T>): Readable {
  const output = new PassThrough();
  void writeWorkbook(spec, output).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** Rows written between two looks at the reader (the HTTP response): small enough to bound memory. */
const ROWS_BETWEEN_DRAIN_CHECKS = 200;

/**
 * How many bytes of sheet XML wait for the zip compressor. exceljs's sheet stream (a StreamBuf)
 * writes into the zip entry's PassThrough without looking at its backpressure, so when rows are made
 * faster than deflate takes them, the uncompressed XML piles up there (30 MB for 100,000 rows). Read
 * through exceljs 4.4's internals; 0 (no wait) if they ever change shape.
 */
export function sheetBacklog(sheet: ExcelJS.Worksheet): { bytes: number; entry?: NodeJS.EventEmitter } {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  const entry = stream?.pipes?.[0] as
    (NodeJS.EventEmitter & { _writableState?: { length?: number } }) | undefined;
  const bytes = entry?._writableState?.length;
  return typeof bytes === 'number' ? { bytes, entry } : { bytes: 0 };
}

/** Sheet XML allowed to wait for the compressor before the rows pause (a few zlib chunks). */
export const MAX_SHEET_BACKLOG = 256 * 1024;

/**
 * Lets the zip writer compress what the committed rows produced and move it into `output`, then
 * waits while either is behind: the compressor (sheet XML waiting to be deflated) or the reader (a
 * slow client, a file), so a 100,000-row export never piles up in memory. A reader gone away ends
 * the wait (the stream is destroyed and the next write fails).
 */
export async function caughtUp(output: PassThrough, sheet: ExcelJS.Worksheet): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  for (;;) {
    if (output.destroyed) return;
    if (output.writableNeedDrain) {
      await drainOrClose(output, output);
      continue;
    }
    const backlog = sheetBacklog(sheet);
    if (backlog.bytes <= MAX_SHEET_BACKLOG || !backlog.entry) return;
    await drainOrClose(backlog.entry, output);
  }
}

/** Waits for `drain` on `stream` or `close` on `output`, whichever comes first, leaving no listener behind. */
async function drainOrClose(stream: NodeJS.EventEmitter, output: PassThrough): Promise<void> {
  const settled = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: settled.signal }),
      once(output, 'close', { signal: settled.signal }),
    ]);
  } finally {
    settled.abort();
  }
}

async function writeWorkbook<T>(spec: ExcelExport<T>, output: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Turno';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  // Widths from the header and the first rows' texts (a streamed sheet fixes them before the rows).
  sheet.columns = spec.columns.map((column, index) => ({
    key: String(index),
    width:
      column.width ??
      Math.max(column.header.length + 2, column.type === 'money' || column.type === 'date' ? 14 : 10),
    style:
      column.type === 'money'
        ? { numFmt: MONEY_FORMAT }
        : column.type === 'date'
          ? { numFmt: DATE_FORMAT }
          : column.type === 'integer'
            ? { numFmt: '0' }
            : {},
  }));
  const header = sheet.getRow(1);
  spec.columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = column.header;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
  });
  header.commit();

  let rowNumber = 1;
  for await (const row of spec.rows) {
    rowNumber += 1;
    sheet.addRow(spec.columns.map((column) => cellValue(column, row))).commit();
    if (rowNumber % ROWS_BETWEEN_DRAIN_CHECKS === 0) await caughtUp(output, sheet);
  }
  const lastData = rowNumber;
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(lastData, 1), column: spec.columns.length },
  };

  const totals = sheet.getRow(lastData + 1);
  totals.getCell(1).value = spec.totalsLabel ?? 'Total';
  spec.columns.forEach((column, index) => {
    if (!column.total) return;
    const letter = columnLetter(index);
    const cell = totals.getCell(index + 1);
    const range = `${letter}2:${letter}${lastData}`;
    const condition = spec.totalsIf;
    const formula = condition
      ? `SUMIF(${columnLetter(condition.column)}2:${columnLetter(condition.column)}${lastData},"${condition.equals}",${range})`
      : `SUM(${range})`;
    cell.value = lastData > 1 ? { formula } : 0;
  });
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();

  const filters = workbook.addWorksheet('Filtros');
  filters.columns = [
    { key: 'label', width: 24 },
    { key: 'value', width: 48 },
  ];
  for (const [label, value] of spec.filters)
    filters.addRow([neutralizeFormula(label), neutralizeFormula(value)]).commit();
  filters.commit();
  await workbook.commit();
}

/** The attachment headers of an .xlsx named `fileName` (ASCII, e.g. relatorio-detalhado-2026-11-16.xlsx). */
export function xlsxHeaders(fileName: string): Record<string, string> {
  return {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  };
}
