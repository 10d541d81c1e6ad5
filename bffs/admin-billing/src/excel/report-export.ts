import { type DetailedReportRow, type Invoice } from '@turno/contracts';
import {
  INVOICE_LIST_FILTER_LABELS,
  INVOICE_STATUS_LABELS,
  STORE_BILLING_MESSAGES,
  formatDateBR,
  saoPauloDate,
  type InvoiceType,
} from '@turno/domain';
import { type ExcelColumn, type ExcelExport } from '@turno/bff-kit/excel';

const COMPLETED = 'Concluída';

/** The detailed report's columns (the screen's, one value per cell). */
export const REPORT_COLUMNS: readonly ExcelColumn<DetailedReportRow>[] = [
  { header: 'Vaga', type: 'integer', value: (r) => r.id, width: 8 },
  { header: 'Mercado', type: 'text', value: (r) => r.restaurant_name, width: 30 },
  { header: 'Cargo', type: 'text', value: (r) => r.position_type, width: 24 },
  { header: 'Freelancer', type: 'text', value: (r) => r.freelancer_name, width: 26 },
  { header: 'Data', type: 'date', value: (r) => r.date_needed },
  { header: 'Início', type: 'text', value: (r) => r.start_time, width: 8 },
  { header: 'Fim', type: 'text', value: (r) => r.end_time, width: 8 },
  {
    header: 'Situação',
    type: 'text',
    value: (r) => (r.assignment_status === 'completed' ? COMPLETED : 'Agendada'),
    width: 12,
  },
  {
    header: 'Pagamento do mercado',
    type: 'money',
    value: (r) => r.restaurant_payment_amount,
    total: true,
    width: 22,
  },
  {
    header: 'Pagamento do freelancer',
    type: 'money',
    value: (r) => r.freelancer_payment_amount,
    total: true,
    width: 24,
  },
  { header: 'Comissão', type: 'money', value: (r) => r.commission_amount, total: true, width: 14 },
];

/** relatorio-detalhado-2026-11-16.xlsx or relatorio-detalhado-2026-11-16-a-2026-11-22.xlsx */
export function reportFileName(period: { startDate: string; endDate: string }): string {
  return period.startDate === period.endDate
    ? `relatorio-detalhado-${period.startDate}.xlsx`
    : `relatorio-detalhado-${period.startDate}-a-${period.endDate}.xlsx`;
}

export function reportExport(
  period: { startDate: string; endDate: string },
  rows: AsyncIterable<DetailedReportRow>,
): ExcelExport<DetailedReportRow> {
  return {
    sheetName: 'Relatório detalhado',
    columns: REPORT_COLUMNS,
    rows,
    totalsLabel: 'Total (concluídas)',
    // The screen's totals count completed work only: so does the totals row.
    totalsIf: { column: REPORT_COLUMNS.findIndex((c) => c.header === 'Situação'), equals: COMPLETED },
    filters: [
      [
        'Período',
        period.startDate === period.endDate
          ? formatDateBR(period.startDate)
          : `${formatDateBR(period.startDate)} a ${formatDateBR(period.endDate)}`,
      ],
      ['Exportado em', formatDateBR(saoPauloDate(new Date()))],
    ],
  };
}

const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  restaurant_invoice: 'Avulsa',
  restaurant_weekly_invoice: 'Semanal',
  restaurant_custom_invoice: 'Personalizada',
};

export const INVOICE_COLUMNS: readonly ExcelColumn<Invoice>[] = [
  { header: 'Fatura', type: 'text', value: (i) => i.invoice_number, width: 20 },
  { header: 'Tipo', type: 'text', value: (i) => INVOICE_TYPE_LABELS[i.invoice_type], width: 14 },
  { header: 'Cliente', type: 'text', value: (i) => i.restaurant_name, width: 30 },
  // The store a per-store invoice bills (issue 28); empty for a whole-business invoice.
  {
    header: STORE_BILLING_MESSAGES.storeOfInvoice,
    type: 'text',
    value: (i) => i.store_name ?? null,
    width: 24,
  },
  { header: 'Contato', type: 'text', value: (i) => i.restaurant_contact_name, width: 24 },
  { header: 'Valor', type: 'money', value: (i) => i.amount, total: true, width: 14 },
  { header: 'Status', type: 'text', value: (i) => INVOICE_STATUS_LABELS[i.status], width: 12 },
  { header: 'Emissão', type: 'date', value: (i) => i.issue_date },
  { header: 'Vencimento', type: 'date', value: (i) => i.due_date },
  { header: 'Pagamento', type: 'date', value: (i) => i.payment_date },
  { header: 'Início do período', type: 'date', value: (i) => i.week_start, width: 18 },
  { header: 'Fim do período', type: 'date', value: (i) => i.week_end, width: 16 },
];

/** faturas-2026-11-23.xlsx, faturas-pendentes-2026-11-23.xlsx … */
export function invoicesFileName(status: keyof typeof INVOICE_LIST_FILTER_LABELS, today: string): string {
  const part = { all: '', pending: 'pendentes-', paid: 'pagas-', overdue: 'vencidas-' }[status];
  return `faturas-${part}${today}.xlsx`;
}

export function invoicesExport(
  filters: { q?: string; status: keyof typeof INVOICE_LIST_FILTER_LABELS },
  rows: AsyncIterable<Invoice>,
): ExcelExport<Invoice> {
  return {
    sheetName: 'Faturas',
    columns: INVOICE_COLUMNS,
    rows,
    filters: [
      ['Status', INVOICE_LIST_FILTER_LABELS[filters.status]],
      ['Busca', filters.q || '(nenhuma)'],
      ['Exportado em', formatDateBR(saoPauloDate(new Date()))],
    ],
  };
}
