/**
 * pt-BR display formatting, usable in the browser and on the server (PDFs, e-mails).
 * Money: `R$ 1.234,56`. Intl writes a no-break space after `R$`; it is replaced by an ordinary
 * space here so the text is the same wherever it is compared or printed.
 */
import { addDays, isIsoDate, isoWeekday, saoPauloDate, saoPauloTime } from './time';

const moneyFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
});
const wholeMoneyFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const oneDecimalFormatter = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

function withPlainSpaces(text: string): string {
  return text.replace(/[\u00A0\u202F]/g, ' ');
}

/** Rounds to `decimals` and turns -0 into 0, so that -0.001 is shown 'R$ 0,00' and not '-R$ 0,00'. */
function roundedWithoutNegativeZero(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** 'R$ 1.234,56' (two decimals, ordinary space after R$, '-R$ 5,00' when negative). */
export function formatMoney(reais: number): string {
  return withPlainSpaces(moneyFormatter.format(roundedWithoutNegativeZero(reais, 2)));
}

/** formatMoney of an amount in centavos: 18990 → 'R$ 189,90'. */
export function formatMoneyCents(centavos: number): string {
  return formatMoney(centavos / 100);
}

/** Whole reais, as on the admin's pending-amount card: 1234.56 → 'R$ 1.235'. */
export function formatWholeReais(reais: number): string {
  return withPlainSpaces(wholeMoneyFormatter.format(roundedWithoutNegativeZero(reais, 0)));
}

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. Text that is not such a date is returned unchanged. */
export function formatDateBR(date: string): string {
  if (!isIsoDate(date)) return date;
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** A period of two dates as 'dd/mm/aaaa a dd/mm/aaaa' (one date when both are the same day). */
export function formatPeriodBR(startDate: string, endDate: string): string {
  return startDate === endDate
    ? formatDateBR(startDate)
    : `${formatDateBR(startDate)} a ${formatDateBR(endDate)}`;
}

/** An instant as 'dd/mm/aaaa HH:MM' in Sao Paulo time. */
export function formatDateTimeBR(instant: Date): string {
  return `${formatDateBR(saoPauloDate(instant))} ${saoPauloTime(instant)}`;
}

/** 'Hoje' when `date` is today in Sao Paulo, 'Amanhã' when it is tomorrow, otherwise null. */
export function relativeDayLabel(date: string, now: Date): 'Hoje' | 'Amanhã' | null {
  const today = saoPauloDate(now);
  if (date === today) return 'Hoje';
  if (date === addDays(today, 1)) return 'Amanhã';
  return null;
}

/** 'Hoje', 'Amanhã' or 'dd/mm/aaaa'. */
export function formatDayBR(date: string, now: Date): string {
  return relativeDayLabel(date, now) ?? formatDateBR(date);
}

/** pt-BR weekday names, Monday first (index = ISO weekday − 1). */
export const WEEKDAY_LABELS = [
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
  'Domingo',
] as const;

/** Weekday name of a date: '2026-11-23' → 'Segunda-feira'. '' for text that is not a date. */
export function weekdayLabel(date: string): string {
  if (!isIsoDate(date)) return '';
  return WEEKDAY_LABELS[isoWeekday(date) - 1] ?? '';
}

/** A rating average with one decimal: 4.75 → '4,8'. */
export function formatRatingAverage(average: number): string {
  return oneDecimalFormatter.format(average);
}
