import { WEEKDAY_LABELS, isoWeekday } from '@turno/domain';

/** 'Seg 23/11': the short weekday and day of a date of the chart. */
export function spendingDayLabel(date: string): string {
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

/** The sentence under "Este mês". */
export function monthChangeText(change: number | null): string {
  if (change === null) return 'Sem gastos no mês anterior para comparar';
  if (change === 0) return 'Igual ao mês anterior';
  return `${change > 0 ? '+' : ''}${change}% em relação ao mês anterior`;
}

/** The panels' own classes (`t-spending-*`), injected once per document beside the design system's sheet. */
export const SPENDING_CSS = `
.t-spending-facts{display:grid;grid-template-columns:auto minmax(0,1fr);gap:2px 12px;margin:10px 0 0;font-size:14px}
.t-spending-facts dt{color:var(--t-color-muted)}
.t-spending-facts dd{margin:0;overflow-wrap:anywhere}
.t-spending-progress{height:10px;border-radius:999px;background:var(--t-color-border);overflow:hidden}
.t-spending-progress__bar{height:100%;background:var(--t-color-primary)}
.t-spending-chart{width:100%;height:260px}
.t-spending-pair{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr))}
`;

const STYLE_ID = 'turno-ui-spending';

/** Adds the panels' stylesheet to the document once. */
export function ensureSpendingStyles(doc: Document | undefined = globalThis.document): void {
  if (!doc || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = SPENDING_CSS;
  doc.head.appendChild(style);
}
