import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { caughtUp, MAX_SHEET_BACKLOG, sheetBacklog, xlsxStream, type ExcelExport } from './xlsx-export';

interface Row {
  id: number;
  name: string;
  amount: number;
}

/** An export of `total` rows that counts how many the writer has taken so far. */
function countedExport(total: number) {
  const taken = { count: 0 };
  async function* rows(): AsyncGenerator<Row> {
    for (let id = 1; id <= total; id++) {
      taken.count = id;
      yield { id, name: `Linha ${id} com um texto que ocupa espaço`, amount: id / 100 };
    }
  }
  const spec: ExcelExport<Row> = {
    sheetName: 'Teste',
    columns: [
      { header: 'Id', type: 'integer', value: (row) => row.id },
      { header: 'Nome', type: 'text', value: (row) => row.name },
      { header: 'Valor', type: 'money', value: (row) => row.amount, total: true },
    ],
    rows: rows(),
    filters: [['Período', 'teste']],
  };
  return { spec, taken };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Reading a 20,000-row workbook back takes a few seconds on the 2-core CI machine.
jest.setTimeout(120_000);

describe('the Excel exporter', () => {
  it('stops taking rows while its reader is behind, and writes them all once it reads', async () => {
    const total = 20_000;
    const { spec, taken } = countedExport(total);
    const stream = xlsxStream(spec);
    // Nobody reads for a while (a slow client): the writer must wait instead of piling the file up.
    await sleep(500);
    expect(taken.count).toBeGreaterThan(0);
    expect(taken.count).toBeLessThan(total / 2);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readAll(stream)) as unknown as ArrayBuffer);
    expect(taken.count).toBe(total);
    const sheet = workbook.getWorksheet('Teste')!;
    expect(sheet.rowCount).toBe(total + 2); // header, rows, totals
    expect(sheet.getRow(total + 1).getCell(1).value).toBe(total);
    expect(sheet.getRow(total + 2).getCell(3).value).toMatchObject({ formula: `SUM(C2:C${total + 1})` });
  });

  it('neutralises texts that start like a formula, keeps numbers as numbers and its own totals as formulas', async () => {
    const texts = ['=HYPERLINK("http://x","y")', '+55 11 99999-0000', '-2+3', '@SUM(A1)', '\t=1+1', '\r=1+1'];
    async function* rows() {
      for (const [index, text] of texts.entries())
        yield { name: text, status: index % 2 === 0 ? 'Concluído' : 'Cancelado', amount: -(index + 1) };
      yield { name: 'Mercado Bom Preço', status: 'Concluído', amount: 10.5 };
    }
    const spec: ExcelExport<{ name: string; status: string; amount: number }> = {
      sheetName: 'Teste',
      columns: [
        { header: 'Nome', type: 'text', value: (row) => row.name },
        { header: 'Status', type: 'text', value: (row) => row.status },
        { header: 'Valor', type: 'money', value: (row) => row.amount, total: true },
      ],
      rows: rows(),
      totalsIf: { column: 1, equals: 'Concluído' },
      filters: [['Busca', '=cmd|"/c calc"!A1']],
    };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readAll(xlsxStream(spec))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Teste')!;
    const names = texts.map((_text, index) => sheet.getRow(index + 2).getCell(1).value);
    // (XML reads a carriage return back as a line feed.)
    expect(names).toEqual(texts.map((text) => `'${text}`.replace('\r', '\n')));
    expect(sheet.getRow(texts.length + 2).getCell(1).value).toBe('Mercado Bom Preço');
    expect(sheet.getRow(2).getCell(3).value).toBe(-1);
    expect(sheet.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.Number);
    const last = texts.length + 2;
    expect(sheet.getRow(last + 1).getCell(3).value).toMatchObject({
      formula: `SUMIF(B2:B${last},"Concluído",C2:C${last})`,
    });
    expect(workbook.getWorksheet('Filtros')!.getRow(1).getCell(2).value).toBe(`'=cmd|"/c calc"!A1`);
  });

  it('waits while sheet XML waits for the compressor, and goes on once the compressor takes it', async () => {
    // exceljs writes a sheet into its zip entry without backpressure: the entry is what the wait reads.
    const entry = new PassThrough();
    entry.write(Buffer.alloc(MAX_SHEET_BACKLOG + 64 * 1024));
    const sheet = { stream: { pipes: [entry] } } as unknown as ExcelJS.Worksheet;
    let done = false;
    const waiting = caughtUp(new PassThrough(), sheet).then(() => (done = true));
    await sleep(200);
    expect(done).toBe(false);
    entry.resume(); // the compressor reads the entry
    await waiting;
    expect(done).toBe(true);
    expect(entry.listenerCount('drain')).toBe(0);
  });

  it('finds the zip entry behind a real exceljs sheet (an exceljs upgrade that hides it fails here)', async () => {
    const output = new PassThrough();
    output.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
    const sheet = workbook.addWorksheet('Teste');
    sheet.addRow([1, 'um']).commit();
    expect(sheetBacklog(sheet).entry).toBeDefined();
    sheet.commit();
    await workbook.commit();
  });
});
