import {
  RestaurantJobsQuerySchema,
  type JobListStatusFilter,
  type RestaurantJobsQuery,
} from '@turno/contracts';
import {
  AGENDA_DEFAULT_PERIOD,
  AGENDA_PERIOD_FILTER_LABELS,
  JOB_LIST_FILTER_LABELS,
  type AgendaPeriodChoice as OfferedPeriod,
} from '@turno/domain';
import { optionsOf } from '../forms/Field';

/**
 * The agenda of one business's vacancies, as filtered on screen: the restaurant panel's Agenda and
 * the admin's Controle Mercado read the same list (GET …/jobs with RestaurantJobsQuery) through
 * this one model.
 */

/** The period select: the periods libs/domain offers, or one day picked in a date input. */
export type AgendaPeriodChoice = OfferedPeriod | 'date';

export interface AgendaFilters {
  q: string;
  period: AgendaPeriodChoice;
  /** The day of "Data específica" (AAAA-MM-DD); used only with `period: 'date'`. */
  date: string;
  status: JobListStatusFilter;
}

/**
 * The next 7 days (the dates a vacancy can be created for: the spec's current week hid what was just
 * posted for next Monday), every status, no search.
 */
export const AGENDA_DEFAULT_FILTERS: AgendaFilters = {
  q: '',
  period: AGENDA_DEFAULT_PERIOD,
  date: '',
  status: 'all',
};

/** "Próximos 7 dias", "Próximos 30 dias", "Últimos 30 dias e próximos 7", "Data específica" (libs/domain). */
export const AGENDA_PERIOD_OPTIONS = optionsOf<AgendaPeriodChoice>(AGENDA_PERIOD_FILTER_LABELS);

/** "Todas", "Abertas", "Alocadas", "Concluídas". */
export const AGENDA_STATUS_OPTIONS = optionsOf(JOB_LIST_FILTER_LABELS);

/** What the server does without a filter: such a filter stays out of the URL. */
export const AGENDA_QUERY_DEFAULTS = RestaurantJobsQuerySchema.parse({});

export type AgendaQuery = Omit<RestaurantJobsQuery, 'cursor' | 'limit'>;

/**
 * The query of the agenda: a specific date replaces the period (until a date is picked, the
 * server's default period applies).
 */
export function agendaQuery(filters: AgendaFilters): AgendaQuery {
  const when: AgendaQuery =
    filters.period === 'date' ? { date: filters.date || undefined } : { period: filters.period };
  return { q: filters.q, ...when, status: filters.status };
}

/** True when the agenda shows its default list (the next 7 days, every status, no search). */
export function isDefaultAgenda(filters: AgendaFilters): boolean {
  return filters.q === '' && filters.period === AGENDA_DEFAULT_PERIOD && filters.status === 'all';
}
