/**
 * Live updates: the names of the changes the server announces on `GET /api/events` (one
 * Server-Sent Events stream per role's BFF) and the browser re-broadcasts to its other tabs on the
 * `dashboard-sync` channel. One list for both sides: the domain services record these types, the
 * BFFs relay them, the screens filter on them.
 */

/** The seven event types of the specification's `dashboard-sync` channel. */
export const DASHBOARD_SYNC_EVENT_TYPES = [
  /** A freelancer applied, or an application was rejected or expired. */
  'job_application',
  /** A job got its freelancer (accept or admin assign) or lost it (admin unassign). */
  'job_assignment',
  /** Check-in requested, approved, or done by an admin. */
  'check_in',
  /** Check-out requested. */
  'check_out',
  /** Check-out approved (or done by an admin): the shift is completed and the payout due. */
  'job_completed',
  /** Vacancies created. */
  'job_created',
  /** A vacancy edited by an admin. */
  'job_updated',
] as const;

/**
 * Every type of live event. The first seven are the specification's `dashboard-sync` types
 * (spec 01 §9 "Cross-tab sync", spec 02 §4); the others name what the other lists need to hear.
 */
export const LIVE_EVENT_TYPES = [
  ...DASHBOARD_SYNC_EVENT_TYPES,
  // Beyond the specification: what else a list shows.
  /** A vacancy deleted. */
  'job_deleted',
  /** The freelancer signalled "a caminho". */
  'on_the_way',
  /** A rating given (either side). */
  'rating_created',
  /** A freelancer blocked or unblocked at a restaurant. */
  'block_changed',
  /** A restaurant account created, approved, rejected or edited. */
  'restaurant_updated',
  /** A restaurant account deleted. */
  'restaurant_deleted',
  /** A freelancer account created, approved, rejected or edited. */
  'freelancer_updated',
  /** A freelancer account deleted. */
  'freelancer_deleted',
  /** An invoice created, or late work added to a pending one. */
  'invoice_generated',
  /** An invoice marked paid. */
  'invoice_paid',
  /** An invoice past its due date became overdue. */
  'invoice_overdue',
  /** An invoice deleted (its services become billable again). */
  'invoice_deleted',
  /** A timesheet correction proposed, answered, accepted automatically or decided. */
  'timesheet',
  /** A payout created, sent, paid, failed, held, released or retried (issue 25). */
  'payout_updated',
  /**
   * An invoice's Pix charge changed (issue 25): created at the PSP (its QR code is payable), paid,
   * paid with another amount ("Divergência de pagamento"), cancelled or failed. `{ invoiceId }`.
   */
  'invoice_charge_updated',
  /** Freelancers invited to vacancies ("Chamar de novo", issue 26): one per invitee. `{ jobIds }`. */
  'job_invitation',
  /** A notification reached the person's in-app centre (issue 26). `{ notificationIds }`. */
  'notification_created',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export function isLiveEventType(value: unknown): value is LiveEventType {
  return typeof value === 'string' && (LIVE_EVENT_TYPES as readonly string[]).includes(value);
}

/** The cross-tab channel of the specification: every tab of a browser hears the live events on it. */
export const DASHBOARD_SYNC_CHANNEL = 'dashboard-sync';

/**
 * Stream-level events (not changes): `ready` once the stream is set up (its id is where a
 * reconnection resumes from); `ping` every heartbeat, so a browser (and every proxy) sees the
 * stream alive; `resync` when the server cannot replay what a stream missed (too many events, older
 * than the retention, or its listener reconnected): the screen reloads its data instead.
 */
export const LIVE_READY_EVENT = 'ready';
export const LIVE_HEARTBEAT_EVENT = 'ping';
export const LIVE_RESYNC_EVENT = 'resync';

/** The server sends a heartbeat this often (below the gateway's 30 s idle timeout). */
export const LIVE_HEARTBEAT_MS = 15_000;

/** Ids of what changed, never personal data: `{ jobId: 7 }`, `{ jobIds: [7, 8] }`, `{ change: 'approved' }`. */
export type LiveEventPayload = Readonly<Record<string, number | readonly number[] | string | boolean | null>>;
