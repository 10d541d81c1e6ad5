import {
  RestaurantJobsQuerySchema,
  type AgendaPeriod,
  type JobListStatusFilter,
  type RestaurantJobsQuery,
} from '@turno/contracts';
import { AGENDA_PERIOD_FILTER_LABELS } from '@turno/domain';
import { optionsOf } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff-write';

/** Controle Mercado's agenda of one business (bffs/admin-ops, routes/restaurant-control.ts). */
export const restaurantAgendaUrl = (restaurantId: number) =>
  `${ADMIN_OPS_BFF}/restaurants/${restaurantId}/jobs`;

/** The period select: the server's periods, or one day picked in a date input. */
export type AgendaPeriodChoice = AgendaPeriod | 'date';

export interface AgendaFilters {
  q: string;
  period: AgendaPeriodChoice;
  /** The day of "Data específica" (AAAA-MM-DD); used only with `period: 'date'`. */
  date: string;
  status: JobListStatusFilter;
}

/** The spec's default: the current week (Monday to Sunday), every status, no search. */
export const AGENDA_DEFAULT_FILTERS: AgendaFilters = { q: '', period: 'week', date: '', status: 'all' };

/** "Semana atual", "Hoje", "Este mês", "Data específica" (the labels every agenda shares, libs/domain). */
export const PERIOD_OPTIONS = optionsOf<AgendaPeriodChoice>(AGENDA_PERIOD_FILTER_LABELS);
/** "Todas", "Abertas", "Alocadas", "Concluídas". */
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
