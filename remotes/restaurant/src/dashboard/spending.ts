import { RestaurantSpendingAnalyticsSchema } from '@turno/contracts';
import { WEEKDAY_LABELS, isoWeekday } from '@turno/domain';
import { BFF } from '../shared/send';

export const SPENDING_URL = `${BFF}/restaurant/spending-analytics`;
export { RestaurantSpendingAnalyticsSchema as SpendingSchema };

/** 'Seg 23/11': the short weekday and day of a date of the chart. */
export function dayLabel(date: string): string {
  return `${(WEEKDAY_LABELS[isoWeekday(date) - 1] ?? '').slice(0, 3)} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** The week's progress bar: spent / max(projected, 1), capped at 100 %, as a whole percentage. */
export function spentShare(spent: number, projected: number): number {
  return Math.min(100, Math.round((spent / Math.max(projected, 1)) * 100));
}

/**
 * This month against the previous one: the change in percent, rounded, or null when the previous
 * month had nothing to compare with.
 */
export function monthChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
