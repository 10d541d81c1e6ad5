import {
  type AdminJobDateFilter,
  type AdminJobsQuery,
  type JobListStatusFilter,
  type JobStatusCounts,
} from '@turno/contracts';
import { JOB_LIST_FILTER_LABELS, LIST_PAGE_SIZE_DEFAULT } from '@turno/domain';
import { optionsOf } from '@turno/ui';
import { ADMIN_OPS_BFF } from '../shared/bff';

export const ADMIN_JOBS_URL = '/bff/admin-ops/api/admin/jobs';
export const PENDING_ACTIONS_URL = `${ADMIN_OPS_BFF}/pending-actions`;
export const APPLICATION_COUNTS_URL = `${ADMIN_OPS_BFF}/jobs/application-counts`;

/** The date select: the server's ranges, or one day picked in a date input. */
export type JobDateChoice = AdminJobDateFilter | 'day';

export interface CommandCentreFilters {
  date: JobDateChoice;
  /** The day of "Data específica" (AAAA-MM-DD); used only with `date: 'day'`. */
  day: string;
  status: JobListStatusFilter;
  q: string;
}

/** The command centre opens on today's jobs (issue 22): what the admin works on first. */
export const COMMAND_CENTRE_DEFAULT_FILTERS: CommandCentreFilters = {
  date: 'today',
  day: '',
  status: 'all',
  q: '',
};

export const DATE_OPTIONS: readonly { value: JobDateChoice; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'today', label: 'Hoje' },
  { value: 'tomorrow', label: 'Amanhã' },
  { value: 'next7', label: 'Próximos 7 dias' },
  { value: 'day', label: 'Data específica' },
];

export const STATUS_FILTER_OPTIONS = optionsOf(JOB_LIST_FILTER_LABELS);

/** "Abertas (12)": a status option with its count over the other filters, once known. */
export function statusOptionLabel(
  option: { value: JobListStatusFilter; label: string },
  counts: JobStatusCounts | undefined,
): string {
  return counts ? `${option.label} (${counts[option.value]})` : option.label;
}

/** What the server does without a filter: such a filter stays out of the URL. */
export const ADMIN_JOBS_QUERY_DEFAULTS = {
  limit: LIST_PAGE_SIZE_DEFAULT,
  date: 'all',
  status: 'all',
} as const;

/** The query of the job list: a picked day replaces the range (until one is picked, every date). */
export function adminJobsQuery(filters: CommandCentreFilters): Pick<AdminJobsQuery, 'date' | 'status' | 'q'> {
  const date = filters.date === 'day' ? filters.day || undefined : filters.date;
  return { date, status: filters.status, q: filters.q };
}

export function isDefaultCommandCentre(filters: CommandCentreFilters): boolean {
  return filters.date === COMMAND_CENTRE_DEFAULT_FILTERS.date && filters.status === 'all' && filters.q === '';
}
