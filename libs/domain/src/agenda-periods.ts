/**
 * The periods of a business's agenda (its own "Agenda" tab and the admin's Controle Mercado agenda),
 * one rule for the screens and the server's filter. The vacancy form offers today and the next 6
 * days (`SELECTABLE_DAYS`), so every period offered reaches at least that far: a vacancy just posted
 * is always in the list the business is looking at (issue 22).
 */
import { billingWeekOfDate } from './billing';
import { SELECTABLE_DAYS } from './limits';
import { addDays } from './time';

/**
 * The periods the screens offer, the default first:
 * - `next7`: today and the next 6 days, exactly the dates the vacancy form offers (the default);
 * - `next30`: today and the next 29 days;
 * - `last30`: the last 30 days and the next 6 (history: completed shifts to rate, invoices' work).
 * A single day picked in a date input (`date`) replaces the period.
 */
export const AGENDA_PERIOD_CHOICES = ['next7', 'next30', 'last30'] as const;
export type AgendaPeriodChoice = (typeof AGENDA_PERIOD_CHOICES)[number];
/**
 * Every period the server accepts: the offered ones, then the periods of earlier releases (`week`
 * the current Monday–Sunday, `today`, `month` the calendar month), still answered for a browser that
 * has an older screen loaded. `week` and `month` now also reach the last date the form offers.
 */
export const AGENDA_PERIODS = [...AGENDA_PERIOD_CHOICES, 'week', 'today', 'month'] as const;
export type AgendaPeriod = (typeof AGENDA_PERIODS)[number];
export const AGENDA_DEFAULT_PERIOD: AgendaPeriodChoice = 'next7';

/** What each offered period and the date choice read (both agendas). */
export const AGENDA_PERIOD_FILTER_LABELS = {
  next7: 'Próximos 7 dias',
  next30: 'Próximos 30 dias',
  last30: 'Últimos 30 dias e próximos 7',
  date: 'Data específica',
} as const;

export interface AgendaRange {
  /** First and last date of the period ('AAAA-MM-DD', both included). */
  from: string;
  to: string;
  /**
   * Work still under way from before `from` is shown too: jobs dated from this day up to `from`
   * that are still assigned (an overnight shift of yesterday waiting for its check-out). Null: none.
   */
  unfinishedFrom: string | null;
  /**
   * With status "all", completed jobs dated before this day stay out (the current week's Monday;
   * only the earlier releases' `week`/`month`, spec 02 agenda). Null: nothing hidden.
   */
  hideCompletedBefore: string | null;
}

/** The dates of an agenda period, `today` being today's date in Sao Paulo; `date` replaces the period. */
export function agendaPeriodRange(period: AgendaPeriod, today: string, date?: string): AgendaRange {
  if (date) return { from: date, to: date, unfinishedFrom: null, hideCompletedBefore: null };
  const lastOffered = addDays(today, SELECTABLE_DAYS - 1);
  const yesterday = addDays(today, -1);
  const later = (a: string, b: string) => (a > b ? a : b);
  const weekStart = billingWeekOfDate(today).weekStart;
  switch (period) {
    case 'next7':
      return { from: today, to: lastOffered, unfinishedFrom: yesterday, hideCompletedBefore: null };
    case 'next30':
      return { from: today, to: addDays(today, 29), unfinishedFrom: yesterday, hideCompletedBefore: null };
    case 'last30':
      return { from: addDays(today, -30), to: lastOffered, unfinishedFrom: null, hideCompletedBefore: null };
    case 'today':
      return { from: today, to: today, unfinishedFrom: null, hideCompletedBefore: null };
    case 'week': {
      const week = billingWeekOfDate(today);
      return {
        from: week.weekStart,
        to: later(week.weekEnd, lastOffered),
        unfinishedFrom: null,
        hideCompletedBefore: null,
      };
    }
    case 'month': {
      const firstOfMonth = `${today.slice(0, 8)}01`;
      // 31 days after the 1st is always in the next month; the day before its 1st ends this one.
      const lastOfMonth = addDays(`${addDays(firstOfMonth, 31).slice(0, 8)}01`, -1);
      return {
        from: firstOfMonth,
        to: later(lastOfMonth, lastOffered),
        unfinishedFrom: null,
        hideCompletedBefore: firstOfMonth < weekStart ? weekStart : null,
      };
    }
  }
}

/** The agendas' empty list: with the default filters, and with others. */
export const AGENDA_EMPTY_TEXTS = {
  default:
    'Nenhuma vaga nos próximos 7 dias. As vagas que você criar para hoje e os próximos 6 dias aparecem aqui.',
  filtered: 'Nenhuma vaga encontrada com estes filtros.',
} as const;
