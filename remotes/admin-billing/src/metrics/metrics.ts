import { billingWeek, saoPauloDate } from '@turno/domain';

export const DAILY_METRICS_URL = '/bff/admin-billing/api/admin/daily-metrics';
export const DETAILED_REPORT_URL = '/bff/admin-billing/api/admin/daily-detailed-report';
export const DETAILED_REPORT_EXPORT_URL = '/bff/admin-billing/api/admin/exports/daily-detailed-report.xlsx';
export const DISCREPANCIES_EXPORT_URL = '/bff/admin-billing/api/admin/exports/discrepancies.xlsx';
export const DAILY_METRICS_EXPORT_URL = '/bff/admin-billing/api/admin/exports/daily-metrics.xlsx';

export type ReportMode = 'date' | 'period';

export interface ReportFilters {
  mode: ReportMode;
  date: string;
  startDate: string;
  endDate: string;
}

export function defaultReportFilters(now: Date): ReportFilters {
  const today = saoPauloDate(now);
  return { mode: 'date', date: today, startDate: today, endDate: today };
}

export type ReportShortcut = 'thisWeek' | 'lastWeek' | 'thisMonth';
export const REPORT_SHORTCUT_LABELS: Record<ReportShortcut, string> = {
  thisWeek: 'Esta semana',
  lastWeek: 'Semana passada',
  thisMonth: 'Este mês',
};

/**
 * The period of a shortcut (spec 02 §2): this week Monday–Sunday, last week, this month; an end
 * after today is today (the pickers never go beyond today).
 */
export function shortcutPeriod(shortcut: ReportShortcut, now: Date): ReportFilters {
  const today = saoPauloDate(now);
  const clamp = (date: string) => (date > today ? today : date);
  let startDate: string;
  let endDate: string;
  if (shortcut === 'thisMonth') {
    startDate = `${today.slice(0, 7)}-01`;
    endDate = today;
  } else {
    const week = billingWeek(now, shortcut === 'thisWeek' ? 0 : -1);
    startDate = week.weekStart;
    endDate = clamp(week.weekEnd);
  }
  return { mode: 'period', date: today, startDate, endDate };
}

/** The query of the report's filters: a single `date`, or `startDate` and `endDate`. */
export function reportQuery(filters: ReportFilters): Record<string, string> {
  return filters.mode === 'date'
    ? { date: filters.date }
    : { startDate: filters.startDate, endDate: filters.endDate };
}

/** The client-side check the pickers cannot express: the end not before the start. */
export function reportFiltersError(filters: ReportFilters, endBeforeStart: string): string | null {
  return filters.mode === 'period' && filters.endDate < filters.startDate ? endBeforeStart : null;
}
