import ExcelJS from 'exceljs';
import {
  AdminInvoiceDetailSchema,
  AdminInvoicesPageSchema,
  DailyMetricsSchema,
  DetailedReportPageSchema,
} from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { DATE_FORMAT, MONEY_FORMAT } from '@turno/bff-kit/excel';
import { createAdminBillingBff } from '../app';

// Each test downloads and parses a workbook: give a loaded machine time.
jest.setTimeout(120_000);

let bff: TestBff;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

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

describe('more Excel exports', () => {
  it('exports every discrepancy of the period with charged, paid and expected amounts, as the screen', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado Divergente' });
    const freelancer = await insertFreelancer(em, { name: 'Rita Lopes' });
    const right = await insertJob(em, restaurant, { dateNeeded: '2026-03-02', status: 'completed' });
    await insertCompletedAssignment(em, right, freelancer);
    const wrong = await insertJob(em, restaurant, { dateNeeded: '2026-03-03', status: 'completed' });
    await insertCompletedAssignment(em, wrong, freelancer, {
      restaurantChargeCents: 10_000,
      freelancerPayoutCents: 9_000,
      commissionCents: 1_000,
    });
    const query = 'startDate=2026-03-02&endDate=2026-03-08';
    const screen = DetailedReportPageSchema.parse(
      (await bff.request(`/api/admin/daily-detailed-report?${query}`, { cookie })).body,
    );
    expect(screen.discrepancies.map((d) => d.job_id)).toEqual([wrong.id]);

    const { book, disposition } = await workbook(`/api/admin/exports/discrepancies.xlsx?${query}`);
    expect(disposition).toBe('attachment; filename="discrepancias-2026-03-02-a-2026-03-08.xlsx"');
    const sheet = book.getWorksheet('Discrepâncias')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Vaga',
      'Erro',
      'Mercado',
      'Data',
      'Início',
      'Fim',
      'Cobrado',
      'Pago',
      'Cobrança esperada',
      'Pagamento esperado',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const row = sheet.getRow(2);
    const shown = screen.discrepancies[0]!;
    expect(row.getCell(1).value).toBe(wrong.id);
    expect(row.getCell(2).value).toBe(MESSAGES.analytics.calculationError(wrong.id));
    expect(row.getCell(3).value).toBe('Mercado Divergente');
    expect(row.getCell(4).value).toEqual(new Date('2026-03-03T00:00:00.000Z'));
    expect(row.getCell(4).numFmt).toBe(DATE_FORMAT);
    expect(row.getCell(7).value).toBe(100);
    expect(row.getCell(7).numFmt).toBe(MONEY_FORMAT);
    expect([row.getCell(8).value, row.getCell(9).value, row.getCell(10).value]).toEqual([
      shown.paid,
      shown.expected_charged,
      shown.expected_paid,
    ]);
    expect(sheet.getRow(3).getCell(7).value).toMatchObject({ formula: 'SUM(G2:G2)' });
    expect(rowValues(book.getWorksheet('Filtros')!, 1)).toEqual(['Período', '02/03/2026 a 08/03/2026']);

    // A period without discrepancies: the header and a zero totals row, nothing else.
    const { book: clean } = await workbook('/api/admin/exports/discrepancies.xlsx?date=2026-03-02');
    expect(clean.getWorksheet('Discrepâncias')!.getRow(2).getCell(7).value).toBe(0);
  });

  it("exports one invoice's service lines: the invoice view's lines, typed, their sum the invoice total", async () => {
    const list = AdminInvoicesPageSchema.parse(
      (await bff.request('/api/admin/invoices?limit=200', { cookie })).body,
    );
    const invoice = list.items.find((i) => i.amount > 0 && i.week_start)!;
    const detail = AdminInvoiceDetailSchema.parse(
      (await bff.request(`/api/admin/invoices/${invoice.id}`, { cookie })).body,
    );
    const { book, disposition } = await workbook(`/api/admin/exports/invoices/${invoice.id}/services.xlsx`);
    expect(disposition).toBe(`attachment; filename="fatura-${invoice.invoice_number}-servicos.xlsx"`);
    const sheet = book.getWorksheet('Serviços da fatura')!;
    const count = detail.document.lines.length;
    expect(rowValues(sheet, 1)).toEqual([
      'Vaga',
      'Dia',
      'Data',
      'Serviço',
      'Início',
      'Fim',
      'Profissional',
      'Valor',
    ]);
    let sum = 0;
    for (let r = 2; r <= count + 1; r++) {
      const row = sheet.getRow(r);
      const line = detail.document.lines[r - 2]!;
      expect(row.getCell(2).value).toBe(line.weekday);
      expect(row.getCell(3).value).toBeInstanceOf(Date);
      expect(row.getCell(7).value).toBe(line.professional);
      expect(typeof row.getCell(8).value).toBe('number');
      sum += Math.round(Number(row.getCell(8).value) * 100);
    }
    expect(sum).toBe(Math.round(invoice.amount * 100));
    expect(sheet.getRow(count + 2).getCell(8).value).toMatchObject({ formula: `SUM(H2:H${count + 1})` });
    expect(rowValues(book.getWorksheet('Filtros')!, 1)).toEqual(['Fatura', invoice.invoice_number]);
    const unknown = await bff.request('/api/admin/exports/invoices/2147483000/services.xlsx', { cookie });
    expect(unknown).toMatchObject({ status: 404, body: { error: MESSAGES.invoices.notFound } });
  });

  it("exports the week's daily metrics: one row a day, as the metrics card's chart, with totals", async () => {
    const metrics = DailyMetricsSchema.parse(
      (await bff.request('/api/admin/daily-metrics?filter=week', { cookie })).body,
    );
    const { book, disposition } = await workbook('/api/admin/exports/daily-metrics.xlsx?filter=week');
    expect(disposition).toBe(
      `attachment; filename="metricas-diarias-${metrics.startDate}-a-${metrics.endDate}.xlsx"`,
    );
    const sheet = book.getWorksheet('Métricas diárias')!;
    expect(rowValues(sheet, 1)).toEqual([
      'Data',
      'Dia',
      'Receita (concluídas)',
      'Pagamentos a freelancers',
      'Comissão',
      'Trabalhos concluídos',
      'Receita projetada',
      'Jobs agendados',
    ]);
    expect(metrics.days).toHaveLength(7);
    metrics.days.forEach((day, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toEqual(new Date(`${day.date}T00:00:00.000Z`));
      expect(row.getCell(3).value).toBe(day.revenue);
      expect(row.getCell(3).numFmt).toBe(MONEY_FORMAT);
      expect(row.getCell(4).value).toBe(Math.round(day.revenue * 100 - day.commission * 100) / 100);
      expect(row.getCell(6).value).toBe(day.completedJobs);
      expect(row.getCell(8).value).toBe(day.scheduledJobs);
    });
    expect(sheet.getRow(9).getCell(3).value).toMatchObject({ formula: 'SUM(C2:C8)' });
    expect(rowValues(book.getWorksheet('Filtros')!, 1)).toEqual(['Filtro', 'Esta semana']);
    const bad = await bff.request('/api/admin/exports/daily-metrics.xlsx?filter=month', { cookie });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: MESSAGES.analytics.invalidMetricsFilter },
    });
  });
});
