/**
 * Time limits on applications and ratings (00-decisions "Applications, shifts, blocks").
 */
import { type ApplicationStatus } from './statuses';
import { APPLICATION_EXPIRY_MINUTES, RATING_WINDOW_DAYS } from './limits';
import { MS_PER_DAY, MS_PER_MINUTE } from './time';

/** When a pending application made at `appliedAt` expires: 2 h later. */
export function applicationExpiresAt(appliedAt: Date): Date {
  return new Date(appliedAt.getTime() + APPLICATION_EXPIRY_MINUTES * MS_PER_MINUTE);
}

/** True from the expiry instant on (at exactly `expiresAt` the application no longer counts as pending). */
export function isApplicationExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/**
 * The status an application has at `now`: a pending one past its expiry is 'expired' (it counts as
 * rejected and is hidden from lists); any other status is returned as stored.
 */
export function effectiveApplicationStatus(
  application: { status: ApplicationStatus; expiresAt: Date },
  now: Date,
): ApplicationStatus {
  if (application.status === 'pending' && isApplicationExpired(application.expiresAt, now)) return 'expired';
  return application.status;
}

/** The last instant a completed shift may be rated: 30 days after completion. */
export function ratingDeadline(completedAt: Date): Date {
  return new Date(completedAt.getTime() + RATING_WINDOW_DAYS * MS_PER_DAY);
}

/**
 * True when a rating may still be given: at most 30 days (30 × 24 h) after completion, the
 * deadline itself included. False when the shift has no completion time.
 */
export function ratingAllowed(completedAt: Date | null | undefined, now: Date): boolean {
  if (!completedAt || Number.isNaN(completedAt.getTime())) return false;
  return now.getTime() <= ratingDeadline(completedAt).getTime();
}
