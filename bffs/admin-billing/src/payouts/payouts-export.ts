import type { AdminPayout, PayoutListStatusFilter } from '@turno/contracts';
import {
  PAYOUT_KIND_LABELS,
  PAYOUT_STATUS_LABELS,
  formatDateBR,
  payoutDeductionText,
  payoutStateText,
  saoPauloDate,
  saoPauloTime,
} from '@turno/domain';
import { type ExcelColumn, type ExcelExport } from '@turno/bff-kit/excel';

const dateTime = (iso: string | null) =>
  iso ? `${formatDateBR(saoPauloDate(new Date(iso)))} ${saoPauloTime(new Date(iso))}` : '';

const isDeduction = (p: AdminPayout) => p.kind === 'deduction';
const cents = (reais: number | null | undefined) => Math.round((reais ?? 0) * 100);

/** What the screen says of a line's state: a payout's, or what a deduction still owes. */
export function payoutLineStateText(p: AdminPayout): string {
  if (isDeduction(p)) return payoutDeductionText(cents(p.remaining));
  return payoutStateText({
    status: p.status,
    paidAt: p.paid_at,
    heldUntil: p.held_until,
    failureReason: p.failure_reason,
    amountCents: cents(p.amount),
    deductedCents: cents(p.deducted),
  });
}

/**
 * "Repasses" as a workbook: one row per payout or deduction, its state as the screen says it.
 * "Valor" is what leaves by Pix (a deduction's is 0, its amount in "Desconto"); "Descontado" what
 * a payout paid of its freelancer's deductions.
 */
export const PAYOUT_COLUMNS: readonly ExcelColumn<AdminPayout>[] = [
  { header: 'Repasse', type: 'integer', value: (p) => p.id, width: 10 },
  { header: 'Tipo', type: 'text', value: (p) => PAYOUT_KIND_LABELS[p.kind ?? 'shift'], width: 14 },
  { header: 'Criado em', type: 'text', value: (p) => dateTime(p.created_at), width: 18 },
  { header: 'Freelancer', type: 'text', value: (p) => p.freelancer_name, width: 28 },
  { header: 'Mercado', type: 'text', value: (p) => p.restaurant_name, width: 28 },
  { header: 'Vaga', type: 'text', value: (p) => p.job_title, width: 24 },
  { header: 'Data do turno', type: 'date', value: (p) => p.date_needed, width: 14 },
  { header: 'Valor', type: 'money', value: (p) => (isDeduction(p) ? 0 : p.amount), total: true, width: 14 },
  { header: 'Descontado', type: 'money', value: (p) => p.deducted ?? 0, total: true, width: 14 },
  {
    header: 'Desconto',
    type: 'money',
    value: (p) => (isDeduction(p) ? -p.amount : 0),
    total: true,
    width: 14,
  },
  {
    header: 'Estado',
    type: 'text',
    value: (p) => (isDeduction(p) ? '' : PAYOUT_STATUS_LABELS[p.status]),
    width: 12,
  },
  { header: 'Situação', type: 'text', value: payoutLineStateText, width: 48 },
  { header: 'Pago em', type: 'text', value: (p) => dateTime(p.paid_at), width: 18 },
  { header: 'Pago fora (motivo)', type: 'text', value: (p) => p.paid_outside_reason ?? '', width: 30 },
  { header: 'Tentativa', type: 'integer', value: (p) => p.attempt + 1, width: 10 },
  { header: 'Chave Pix', type: 'text', value: (p) => p.pix_key ?? '', width: 28 },
];

/** repasses-2026-11-01-a-2026-11-27.xlsx, repasses-falhou-… */
export function payoutsFileName(
  status: PayoutListStatusFilter,
  period: { from: string; to: string },
): string {
  const part = status === 'all' ? '' : `${PAYOUT_STATUS_LABELS[status].toLowerCase().replace(/\s+/g, '-')}-`;
  const label = part.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `repasses-${label}${period.from}-a-${period.to}.xlsx`;
}

export function payoutsExport(
  filters: { q?: string; status: PayoutListStatusFilter },
  period: { from: string; to: string },
  rows: AsyncIterable<AdminPayout>,
): ExcelExport<AdminPayout> {
  return {
    sheetName: 'Repasses',
    columns: PAYOUT_COLUMNS,
    rows,
    filters: [
      ['Estado', filters.status === 'all' ? 'Todos' : PAYOUT_STATUS_LABELS[filters.status]],
      ['Período (criação)', `${formatDateBR(period.from)} a ${formatDateBR(period.to)}`],
      ['Freelancer', filters.q || '(todos)'],
      ['Exportado em', formatDateBR(saoPauloDate(new Date()))],
    ],
  };
}
