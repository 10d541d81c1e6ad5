import {
  RestaurantJobsQuerySchema,
  type AgendaPeriod,
  type JobListStatusFilter,
  type RestaurantJobsQuery,
} from '@turno/contracts';
import { AGENDA_PERIOD_FILTER_LABELS, JOB_LIST_FILTER_LABELS } from '@turno/domain';
import { optionsOf } from '@turno/ui';

export const JOBS_URL = '/bff/restaurant/api/jobs';

/** The period select: the server's periods, or one day picked in a date input. */
export type AgendaPeriodChoice = AgendaPeriod | 'date';

export interface AgendaFilters {
  q: string;
  period: AgendaPeriodChoice;
  /** The day of "Data específica" (AAAA-MM-DD); used only with `period: 'date'`. */
  date: string;
  status: JobListStatusFilter;
}

export const AGENDA_DEFAULT_FILTERS: AgendaFilters = { q: '', period: 'week', date: '', status: 'all' };

/** "Semana atual", "Hoje", "Este mês", "Data específica": the labels every agenda shares (libs/domain). */
export const PERIOD_OPTIONS = optionsOf<AgendaPeriodChoice>(AGENDA_PERIOD_FILTER_LABELS);

export const STATUS_FILTER_OPTIONS = optionsOf(JOB_LIST_FILTER_LABELS);

/** What the server does without a filter: such a filter stays out of the URL. */
export const AGENDA_QUERY_DEFAULTS = RestaurantJobsQuerySchema.parse({});

type AgendaQuery = Omit<RestaurantJobsQuery, 'cursor' | 'limit'>;

/**
 * The query of the agenda: a specific date replaces the period (until a date is picked, the
 * server's default period applies).
 */
export function agendaQuery(filters: AgendaFilters): AgendaQuery {
  const when: AgendaQuery =
    filters.period === 'date' ? { date: filters.date || undefined } : { period: filters.period };
  return { q: filters.q, ...when, status: filters.status };
}

/** True when the agenda shows its default list (this week, every status, no search). */
export function isDefaultAgenda(filters: AgendaFilters): boolean {
  return filters.q === '' && filters.period === 'week' && filters.status === 'all';
}
