import { WEEKLY_GENERATION_OFFSETS, billingWeek, formatDateBR } from '@turno/domain';

export const GENERATE_WEEKLY_URL = '/bff/admin-billing/api/admin/invoices/generate-weekly';
export const GENERATE_CUSTOM_URL = '/bff/admin-billing/api/admin/invoices/generate-custom';
export const generationRunUrl = (runId: string) =>
  `/bff/admin-billing/api/admin/invoice-generation-runs/${encodeURIComponent(runId)}`;
export const INVOICE_RESTAURANTS_URL = '/bff/admin-billing/api/admin/invoice-restaurants';

/**
 * How often a running generation is read back while the screen waits for it. The spec reloads the
 * list 1 s after a generation; a run's progress is read at the same pace until it has a result.
 */
export const GENERATION_POLL_MS = 1000;

export type WeekOffset = (typeof WEEKLY_GENERATION_OFFSETS)[number];

const OFFSET_LABELS: Record<WeekOffset, string> = {
  0: 'Semana atual',
  [-1]: 'Semana passada',
  [-2]: '2 semanas atrás',
  [-3]: '3 semanas atrás',
};

/** 'dd/mm–dd/mm' of a period (the week a confirmation or a result box is about). */
export const shortPeriod = (start: string, end: string) =>
  `${formatDateBR(start).slice(0, 5)}–${formatDateBR(end).slice(0, 5)}`;

/** The four weekly buttons (spec 02 §2): label and the Monday–Sunday each one bills. */
export function weeklyButtons(
  now: Date,
): { offset: WeekOffset; label: string; period: string; shortPeriod: string }[] {
  return WEEKLY_GENERATION_OFFSETS.map((offset) => {
    const week = billingWeek(now, offset);
    return {
      offset,
      label: OFFSET_LABELS[offset],
      shortPeriod: shortPeriod(week.weekStart, week.weekEnd),
      period: `${formatDateBR(week.weekStart).slice(0, 5)} a ${formatDateBR(week.weekEnd).slice(0, 5)}`,
    };
  });
}
