/**
 * The exports beyond the report and the invoice list: the discrepancy list, one invoice's service
 * lines and the daily metrics — each the columns its screen shows, through the one exporter.
 */
import { type DailyMetrics, type Invoice, type InvoiceServiceLine } from '@turno/contracts';
import { type ReportDiscrepancyRow } from '../metrics/detailed-report.queries';
import { STORE_BILLING_MESSAGES, formatDateBR, saoPauloDate, weekdayLabel } from '@turno/domain';
import { type ExcelColumn, type ExcelExport } from '@turno/bff-kit/excel';

const exportedOn = (): [string, string] => ['Exportado em', formatDateBR(saoPauloDate(new Date()))];
const periodText = (start: string, end: string) =>
  start === end ? formatDateBR(start) : `${formatDateBR(start)} a ${formatDateBR(end)}`;
const periodPart = (start: string, end: string) => (start === end ? start : `${start}-a-${end}`);

// ---------------------------------------------------------------------------------------------
// Discrepancies ("ERRO: Vaga #id")

export const DISCREPANCY_COLUMNS: readonly ExcelColumn<ReportDiscrepancyRow>[] = [
  { header: 'Vaga', type: 'integer', value: (d) => d.job_id, width: 8 },
  { header: 'Erro', type: 'text', value: (d) => d.message, width: 18 },
  { header: 'Mercado', type: 'text', value: (d) => d.restaurant_name, width: 30 },
  { header: 'Data', type: 'date', value: (d) => d.date_needed },
  { header: 'Início', type: 'text', value: (d) => d.start_time, width: 8 },
  { header: 'Fim', type: 'text', value: (d) => d.end_time, width: 8 },
  { header: 'Cobrado', type: 'money', value: (d) => d.charged, total: true, width: 14 },
  { header: 'Pago', type: 'money', value: (d) => d.paid, total: true, width: 14 },
  { header: 'Cobrança esperada', type: 'money', value: (d) => d.expected_charged, total: true, width: 20 },
  { header: 'Pagamento esperado', type: 'money', value: (d) => d.expected_paid, total: true, width: 20 },
];

/** discrepancias-2026-11-16-a-2026-11-22.xlsx */
export const discrepanciesFileName = (period: { startDate: string; endDate: string }) =>
  `discrepancias-${periodPart(period.startDate, period.endDate)}.xlsx`;

export function discrepanciesExport(
  period: { startDate: string; endDate: string },
  rows: AsyncIterable<ReportDiscrepancyRow>,
): ExcelExport<ReportDiscrepancyRow> {
  return {
    sheetName: 'Discrepâncias',
    columns: DISCREPANCY_COLUMNS,
    rows,
    filters: [['Período', periodText(period.startDate, period.endDate)], exportedOn()],
  };
}

// ---------------------------------------------------------------------------------------------
// One invoice's service lines

export const SERVICE_LINE_COLUMNS: readonly ExcelColumn<InvoiceServiceLine>[] = [
  { header: 'Vaga', type: 'integer', value: (l) => l.job_id, width: 8 },
  { header: 'Dia', type: 'text', value: (l) => weekdayLabel(l.date_needed), width: 14 },
  { header: 'Data', type: 'date', value: (l) => l.date_needed },
  { header: 'Serviço', type: 'text', value: (l) => l.position_type, width: 24 },
  { header: 'Início', type: 'text', value: (l) => l.start_time, width: 8 },
  { header: 'Fim', type: 'text', value: (l) => l.end_time, width: 8 },
  { header: 'Profissional', type: 'text', value: (l) => l.freelancer_name, width: 26 },
  { header: 'Valor', type: 'money', value: (l) => l.restaurant_payment_amount, total: true, width: 14 },
];

/** fatura-TUR-2026-W47-0001-servicos.xlsx */
export const serviceLinesFileName = (invoice: Pick<Invoice, 'invoice_number'>) =>
  `fatura-${invoice.invoice_number.replace(/[^A-Za-z0-9-]/g, '')}-servicos.xlsx`;

async function* fromArray<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

export function serviceLinesExport(
  invoice: Invoice,
  lines: readonly InvoiceServiceLine[],
): ExcelExport<InvoiceServiceLine> {
  return {
    sheetName: 'Serviços da fatura',
    columns: SERVICE_LINE_COLUMNS,
    rows: fromArray(lines),
    filters: [
      ['Fatura', invoice.invoice_number],
      ['Cliente', invoice.restaurant_name],
      // A per-store invoice's store (issue 28).
      ...(invoice.store_name
        ? [[STORE_BILLING_MESSAGES.storeOfInvoice, invoice.store_name] as [string, string]]
        : []),
      ...(invoice.week_start && invoice.week_end
        ? [['Período', periodText(invoice.week_start, invoice.week_end)] as [string, string]]
        : []),
      exportedOn(),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Daily metrics ("Central de Métricas Admin")

type MetricsDay = DailyMetrics['days'][number];

const minus = (a: number, b: number) => Math.round(a * 100 - b * 100) / 100;

export const METRICS_COLUMNS: readonly ExcelColumn<MetricsDay>[] = [
  { header: 'Data', type: 'date', value: (d) => d.date },
  { header: 'Dia', type: 'text', value: (d) => weekdayLabel(d.date), width: 14 },
  { header: 'Receita (concluídas)', type: 'money', value: (d) => d.revenue, total: true, width: 20 },
  {
    header: 'Pagamentos a freelancers',
    type: 'money',
    value: (d) => minus(d.revenue, d.commission),
    total: true,
    width: 24,
  },
  { header: 'Comissão', type: 'money', value: (d) => d.commission, total: true, width: 14 },
  { header: 'Trabalhos concluídos', type: 'integer', value: (d) => d.completedJobs, total: true, width: 16 },
  { header: 'Receita projetada', type: 'money', value: (d) => d.projectedRevenue, total: true, width: 18 },
  { header: 'Jobs agendados', type: 'integer', value: (d) => d.scheduledJobs, total: true, width: 16 },
];

/** metricas-diarias-2026-11-23.xlsx (today) or metricas-diarias-2026-11-23-a-2026-11-29.xlsx (week). */
export const metricsFileName = (metrics: Pick<DailyMetrics, 'startDate' | 'endDate'>) =>
  `metricas-diarias-${periodPart(metrics.startDate, metrics.endDate)}.xlsx`;

export function metricsExport(metrics: DailyMetrics): ExcelExport<MetricsDay> {
  return {
    sheetName: 'Métricas diárias',
    columns: METRICS_COLUMNS,
    rows: fromArray(metrics.days),
    filters: [
      ['Filtro', metrics.filter === 'today' ? 'Hoje' : 'Esta semana'],
      ['Período', periodText(metrics.startDate, metrics.endDate)],
      exportedOn(),
    ],
  };
}
