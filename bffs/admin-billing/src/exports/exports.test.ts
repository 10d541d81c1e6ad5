import ExcelJS from 'exceljs';
import { AdminInvoicesPageSchema, DetailedReportPageSchema } from '@turno/contracts';
import { MESSAGES, saoPauloDate } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';
import { DATE_FORMAT, MONEY_FORMAT } from '@turno/bff-kit/excel';

// Each test downloads and parses a workbook: give a loaded machine time.
jest.setTimeout(120_000);

let bff: TestBff;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

/** Downloads an export and reads it back with exceljs. */
async function workbook(path: string) {
  const response = await fetch(bff.url + path, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return { book, disposition: response.headers.get('content-disposition') };
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('Excel exports', () => {
  it('exports the detailed report of a period: typed cells, frozen header, filter, SUMIF totals matching the screen', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado da Planilha' });
    const freelancer = await insertFreelancer(em, { name: 'Diego Alves' });
    for (const day of ['2026-02-02', '2026-02-03']) {
      const job = await insertJob(em, restaurant, {
        dateNeeded: day,
        status: 'completed',
        workloadMinutes: 600,
        endTime: '18:00',
      });
      await insertCompletedAssignment(em, job, freelancer, {
        restaurantChargeCents: 18_900,
        freelancerPayoutCents: 15_000,
        commissionCents: 3_900,
      });
    }
    await insertJob(em, restaurant, { dateNeeded: '2026-02-04' }); // scheduled: listed, not totalled
    const query = 'startDate=2026-02-02&endDate=2026-02-08';
    const screen = DetailedReportPageSchema.parse(
      (await bff.request(`/api/admin/daily-detailed-report?${query}`, { cookie })).body,
    );

    const { book, disposition } = await workbook(`/api/admin/exports/daily-detailed-report.xlsx?${query}`);
    expect(disposition).toBe('attachment; filename="relatorio-detalhado-2026-02-02-a-2026-02-08.xlsx"');
    const sheet = book.getWorksheet('Relatório detalhado')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Vaga',
      'Mercado',
      'Cargo',
      'Freelancer',
      'Data',
      'Início',
      'Fim',
      'Situação',
      'Pagamento do mercado',
      'Pagamento do freelancer',
      'Comissão',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(screen.items[0]!.id);
    expect(first.getCell(2).value).toBe('Mercado da Planilha');
    expect(first.getCell(5).value).toEqual(new Date('2026-02-02T00:00:00.000Z'));
    expect(first.getCell(5).numFmt).toBe(DATE_FORMAT);
    expect(first.getCell(9).value).toBe(189);
    expect(first.getCell(9).numFmt).toBe(MONEY_FORMAT);
    expect(sheet.getRow(4).getCell(8).value).toBe('Agendada');
    // Three jobs, then the totals row: SUMIF over the completed ones, as the screen totals.
    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('Total (concluídas)');
    expect(totals.getCell(9).value).toMatchObject({ formula: 'SUMIF(H2:H4,"Concluída",I2:I4)' });
    const completedSum = (column: number) =>
      [2, 3, 4]
        .filter((row) => sheet.getRow(row).getCell(8).value === 'Concluída')
        .reduce((sum, row) => sum + Number(sheet.getRow(row).getCell(column).value), 0);
    expect(completedSum(9)).toBe(screen.totals.restaurant_payment_amount);
    expect(completedSum(10)).toBe(screen.totals.freelancer_payment_amount);
    expect(completedSum(11)).toBe(screen.totals.commission_amount);
    expect(rowValues(book.getWorksheet('Filtros')!, 1)).toEqual(['Período', '02/02/2026 a 08/02/2026']);
  });

  it('exports the invoice list as the screen filters it', async () => {
    const screen = AdminInvoicesPageSchema.parse(
      (await bff.request('/api/admin/invoices?status=paid', { cookie })).body,
    );
    const { book, disposition } = await workbook('/api/admin/exports/invoices.xlsx?status=paid');
    expect(disposition).toBe(`attachment; filename="faturas-pagas-${saoPauloDate(new Date())}.xlsx"`);
    const sheet = book.getWorksheet('Faturas')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Fatura',
      'Tipo',
      'Cliente',
      'Loja',
      'Contato',
      'Valor',
      'Status',
      'Emissão',
      'Vencimento',
      'Pagamento',
      'Início do período',
      'Fim do período',
    ]);
    const numbers = [];
    for (let row = 2; row <= screen.total + 1; row++) numbers.push(sheet.getRow(row).getCell(1).value);
    expect(numbers).toEqual(screen.items.map((i) => i.invoice_number));
    // The store of each per-store invoice (issue 28), an empty cell for a whole-business one.
    screen.items.forEach((invoice, i) =>
      expect(sheet.getRow(i + 2).getCell(4).value).toBe(invoice.store_name ?? null),
    );
    expect(sheet.getRow(2).getCell(7).value).toBe('Paga');
    expect(sheet.getRow(2).getCell(8).value).toBeInstanceOf(Date);
    expect(sheet.getRow(screen.total + 2).getCell(6).value).toMatchObject({
      formula: `SUM(F2:F${screen.total + 1})`,
    });
    expect(rowValues(book.getWorksheet('Filtros')!, 1)).toEqual(['Status', 'Pagas']);
  });

  it('refuses a report period beyond today before writing anything', async () => {
    const response = await bff.request('/api/admin/exports/daily-detailed-report.xlsx?date=2999-01-01', {
      cookie,
    });
    expect(response).toMatchObject({ status: 400, body: { error: MESSAGES.analytics.reportDateAfterToday } });
  });
});
