import { type RemoteName } from '@turno/contracts';

export type DashboardArea = Extract<RemoteName, 'restaurant' | 'freelancer'>;

/** `?area=` of /dashboard: "freelancer" or "restaurant" (the default, also for unknown values). */
export function dashboardArea(search: URLSearchParams): DashboardArea {
  return search.get('area') === 'freelancer' ? 'freelancer' : 'restaurant';
}
