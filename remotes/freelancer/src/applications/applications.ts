import {
  FreelancerApplicationsQuerySchema,
  type FreelancerApplication,
  type FreelancerApplicationFilter,
} from '@turno/contracts';
import { APPLICATION_STATUS_LABELS, parseInstant, saoPauloTime, timeLeftLabel } from '@turno/domain';
import { type Tone } from '@turno/ui';
import { BFF } from '../shared/bff';

export const APPLICATIONS_URL = `${BFF}/freelancers/applications`;
export const APPLICATIONS_QUERY_DEFAULTS = FreelancerApplicationsQuerySchema.parse({});

export const APPLICATION_FILTER_LABELS: Record<FreelancerApplicationFilter, string> = {
  all: 'Todas',
  pending: 'Pendentes',
  accepted: 'Aceitas',
  rejected: 'Rejeitadas',
};

export const APPLICATION_TONES: Record<FreelancerApplication['status'], Tone> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

export const applicationStatusLabel = (status: FreelancerApplication['status']) =>
  APPLICATION_STATUS_LABELS[status];

/** "Expira às 14:30 (faltam 1 h 05 min)" for a pending application; null once past or not pending. */
export function expiryText(application: FreelancerApplication, now: Date): string | null {
  if (application.status !== 'pending') return null;
  const expiresAt = parseInstant(application.expires_at);
  if (!expiresAt) return null;
  const left = timeLeftLabel(expiresAt, now);
  return left ? `Expira às ${saoPauloTime(expiresAt)} (faltam ${left})` : null;
}

/** A pending application past its expiry at `now`: hidden (00-decisions), the server drops it on the next read. */
export function isLapsed(application: FreelancerApplication, now: Date): boolean {
  const expiresAt = parseInstant(application.expires_at);
  return application.status === 'pending' && expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
