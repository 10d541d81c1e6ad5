import type { EntityManager } from '@mikro-orm/postgresql';
import {
  NOTIFICATION_TEMPLATES,
  renderNotification,
  saoPauloDateTimeToInstant,
  type NotificationKind,
  type NotificationSubjectType,
} from '@turno/domain';
import { recordEvents } from '../events/record-event';
import { inTransaction } from '../shared/transaction';

/** The domain event types a notification can come from (the fan-out reads only these). */
export const NOTIFYING_EVENT_TYPES = [
  'job_application',
  'job_assignment',
  'check_in',
  // Check-out asked: "check-out requested" to the business.
  'check_out',
  'job_completed',
  'payout_updated',
  'job_invitation',
  // A timesheet correction disputed: every admin (admin-notifications.ts).
  'timesheet',
  // A vacancy posted: "new vacancy nearby" (vacancy-nearby.ts).
  'job_created',
] as const;

/**
 * The one `freelancer_updated` change that may notify someone: a strike appealed (every admin) or
 * its appeal decided (the freelancer), `change: 'strike'` (reliability/appeals.service.ts). The
 * other changes of a freelancer (profile, photo, search area) are not read.
 */
export const NOTIFYING_FREELANCER_CHANGE = 'strike';

/** Whether an event may notify someone: what the fan-out reads (the workers' LISTEN shortcut asks it too). */
export function isNotifyingEvent(event: { type: string; payload: Record<string, unknown> }): boolean {
  return (
    (NOTIFYING_EVENT_TYPES as readonly string[]).includes(event.type) ||
    (event.type === 'freelancer_updated' && event.payload.change === NOTIFYING_FREELANCER_CHANGE)
  );
}

/** One event as the fan-out reads it from `domain_events` (committed: ids follow commit order). */
export interface NotifyingEvent {
  id: number;
  type: string;
  freelancerId: number | null;
  payload: Record<string, unknown>;
}

/** A notification to make: the person, what about, its rendered text, and whose live stream hears it. */
export interface NotificationToMake {
  /** The domain event it comes from (the fan-out job id is this event id + the person). */
  eventId: number;
  /** The person: a user (business or freelancer). Admin kinds will set `adminId` instead. */
  userId: number;
  kind: NotificationKind;
  subjectType: NotificationSubjectType;
  subjectId: number;
  title: string;
  body: string;
  link: string;
  /** The live stream that tells the person's open pages (`notification_created`). */
  audience: { freelancerId: number } | { restaurantId: number };
  /** When the shift it is about starts (ISO instant): quiet hours let one within 12 hours through. */
  shiftStartsAt?: string | null;
  /** The person turned this kind's in-app notification off: the row is made read (not counted by the bell). */
  inAppOff?: boolean;
}

/** A person a notification is for. Admin notifications share the table (`admin_id`); none is sent yet. */
export type NotificationPerson = { kind: 'user'; userId: number } | { kind: 'admin'; adminId: number };

/**
 * The reads of the scan: events after `afterId` that may notify someone, up to `limit`, and where
 * the scan may resume (the last one read, or the latest event id when fewer than `limit` came:
 * every event committed later has a larger id).
 */
export async function notifyingEventsAfter(
  em: EntityManager,
  afterId: number,
  limit: number,
): Promise<{ events: NotifyingEvent[]; resumeAfter: number }> {
  const rows = await em.execute<
    {
      id: string | number;
      type: string;
      freelancer_id: number | null;
      payload: Record<string, unknown>;
      latest: string | number | null;
    }[]
  >(
    `with latest as (select max(id) as latest from domain_events)
     select e.id, e.type, e.freelancer_id, e.payload, latest.latest
       from latest left join lateral (
         select id, type, freelancer_id, payload from domain_events
          where id > ? and id <= latest.latest
            and (type in (${NOTIFYING_EVENT_TYPES.map(() => '?').join(', ')})
                 or (type = 'freelancer_updated' and payload->>'change' = ?))
          order by id limit ?
       ) e on true`,
    [afterId, ...NOTIFYING_EVENT_TYPES, NOTIFYING_FREELANCER_CHANGE, limit],
  );
  const latest = rows[0]?.latest == null ? afterId : Number(rows[0].latest);
  const events = rows
    .filter((row) => row.id != null)
    .map((row) => ({
      id: Number(row.id),
      type: row.type,
      freelancerId: row.freelancer_id,
      payload: row.payload,
    }));
  const resumeAfter = events.length >= limit ? events[events.length - 1]!.id : Math.max(latest, afterId);
  return { events, resumeAfter };
}

interface DerivedRow {
  event_id: string | number;
  kind: NotificationKind;
  subject_type: NotificationSubjectType;
  subject_id: number;
  freelancer_id: number;
  restaurant_id: number;
  freelancer_user_id: number;
  restaurant_user_id: number;
  position: string;
  business_name: string;
  date: string;
  start: string;
  freelancer_name: string | null;
  amount_cents: number | null;
  /** Confirmations (issue 26): when the freelancer was asked; the shift released unconfirmed. */
  requested_at: Date | string | null;
  released: boolean | null;
  /** A strike's appeal decided: the strike removed (else kept). */
  strike_removed: boolean | null;
}

/** The shift's start as an ISO instant (its Sao Paulo day and 'HH:MM'), null when unreadable. */
function shiftStartOf(date: string, start: string): string | null {
  try {
    return saoPauloDateTimeToInstant(date, start.slice(0, 5)).toISOString();
  } catch {
    return null;
  }
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

/**
 * Which notifications `events` make (one statement, whatever their number). Events carry ids only,
 * so the kind is read from the rows as they stand now (a few milliseconds after the commit):
 * - `job_application` of an application → "new application" to the business (whatever its state
 *   now: the application's later events find it made already), and when it stands rejected,
 *   "application rejected" to the freelancer (without an application id, the vacancy was filled: the
 *   event's freelancer's rejected application); an expiry tells the freelancer nothing;
 * - `job_assignment`: an active assignment → "application accepted" to the freelancer; cancelled by
 *   the freelancer → "freelancer cancelled" to the business;
 * - `check_in` with the check-in done → "check-in approved"; `job_completed` → "check-out approved";
 * - `payout_updated` of a paid payout → "payment sent";
 * - `job_invitation` ("Chamar de novo") → "vacancy invitation" to the invitee, about the vacancy it names.
 * - `freelancer_updated` of a strike (`strikeId`) whose appeal stands decided → "appeal decided" to
 *   the freelancer (kept or removed), about the strike;
 * - to the business: `job_assignment` of a shift still assigned and confirmed → "freelancer confirmed";
 *   `check_in` asked and not yet approved → "check-in requested"; `check_out` asked by a checked-in
 *   freelancer and not yet approved → "check-out requested" (each once per assignment);
 * - admins' kinds (a dispute, a payout failed or held) are admin-notifications.ts'.
 * A state that moved on before the read makes nothing for that event (the next event does).
 */
export async function notificationsOfEvents(
  em: EntityManager,
  events: readonly NotifyingEvent[],
): Promise<NotificationToMake[]> {
  if (events.length === 0) return [];
  const input = events.map((event) => ({
    id: event.id,
    type: event.type,
    freelancer_id: event.freelancerId,
    job_id: idOf(event.payload.jobId),
    application_id: idOf(event.payload.applicationId),
    assignment_id: idOf(event.payload.assignmentId),
    payout_id: idOf(event.payload.payoutId),
    strike_id: idOf(event.payload.strikeId),
  }));
  const rows = await em.execute<DerivedRow[]>(
    `with e as (
       select (x->>'id')::bigint as event_id, x->>'type' as type, (x->>'freelancer_id')::int as freelancer_id,
              (x->>'job_id')::int as job_id, (x->>'application_id')::int as application_id,
              (x->>'assignment_id')::int as assignment_id, (x->>'payout_id')::int as payout_id,
              (x->>'strike_id')::int as strike_id
         from jsonb_array_elements(?::jsonb) as x
     ), found as (
       select e.event_id, 'new_application' as kind, 'application' as subject_type, a.id as subject_id,
              a.job_id, a.freelancer_id, null::int as amount_cents
         from e join applications a on a.id = e.application_id
        where e.type = 'job_application'
       union all
       select e.event_id, 'application_rejected', 'application', a.id, a.job_id, a.freelancer_id, null
         from e join applications a on a.id = e.application_id
        where e.type = 'job_application' and a.status = 'rejected'
       union all
       select e.event_id, 'application_rejected', 'application', a.id, a.job_id, a.freelancer_id, null
         from e join applications a on a.job_id = e.job_id and a.freelancer_id = e.freelancer_id
        where e.type = 'job_application' and e.application_id is null and a.status = 'rejected'
       union all
       select e.event_id, 'application_accepted', 'application', a.id, a.job_id, a.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
         join applications a on a.job_id = s.job_id and a.freelancer_id = s.freelancer_id and a.status = 'accepted'
        where e.type = 'job_assignment' and s.status <> 'cancelled'
       union all
       select e.event_id, 'freelancer_cancelled', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.status = 'cancelled' and s.cancelled_by = 'freelancer'
       union all
       select e.event_id, 'check_in_approved', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'check_in' and s.check_in_at is not null and s.status <> 'cancelled'
       union all
       select e.event_id, 'check_out_approved', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_completed' and s.status = 'completed'
       union all
       select e.event_id, 'payment_sent', 'payout', p.id, s.job_id, p.freelancer_id, p.amount_cents
         from e join payouts p on p.id = e.payout_id join assignments s on s.id = p.assignment_id
        where e.type = 'payout_updated' and p.status = 'paid'
       union all
       select e.event_id, 'vacancy_invitation', 'job', gi.job_id, gi.job_id, gi.freelancer_id, null
         from e join job_invitations gi on gi.job_id = e.job_id and gi.freelancer_id = e.freelancer_id
        where e.type = 'job_invitation'
       union all
       select e.event_id, 'shift_confirmation_request', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.status = 'assigned' and s.confirmation_requested_at is not null
              and s.confirmed_at is null
       union all
       select e.event_id, 'shift_reminder', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.status = 'assigned' and s.reminded_at is not null
       union all
       select e.event_id, 'shift_unconfirmed', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.unconfirmed_at is not null and s.confirmed_at is null
              and (s.status = 'assigned' or s.released_unconfirmed_at is not null)
       union all
       select e.event_id, 'shift_released_unconfirmed', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.status = 'cancelled' and s.released_unconfirmed_at is not null
       union all
       select e.event_id, 'freelancer_confirmed', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'job_assignment' and s.status = 'assigned' and s.confirmed_at is not null
       union all
       select e.event_id, 'check_in_requested', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'check_in' and s.status = 'assigned' and s.checkin_requested_at is not null
              and s.check_in_at is null
       union all
       select e.event_id, 'check_out_requested', 'assignment', s.id, s.job_id, s.freelancer_id, null
         from e join assignments s on s.id = e.assignment_id
        where e.type = 'check_out' and s.status = 'in_progress' and s.checkout_requested_at is not null
              and s.check_out_at is null
       union all
       select e.event_id, 'strike_appeal_decided', 'strike', k.id, s.job_id, k.freelancer_id, null
         from e join freelancer_strikes k on k.id = e.strike_id join assignments s on s.id = k.assignment_id
        where e.type = 'freelancer_updated' and k.appeal_status in ('upheld', 'removed')
     )
     select found.event_id, found.kind, found.subject_type, found.subject_id, found.freelancer_id,
            j.restaurant_id, f.user_id as freelancer_user_id, r.user_id as restaurant_user_id,
            coalesce(nullif(j.position_type, ''), j.title) as position,
            coalesce(nullif(r.business_name, ''), r.name) as business_name,
            to_char(j.date_needed, 'YYYY-MM-DD') as date, j.start_time as start,
            f.name as freelancer_name, found.amount_cents,
            sa.confirmation_requested_at as requested_at, sa.released_unconfirmed_at is not null as released,
            k.appeal_status = 'removed' as strike_removed
       from found
       left join assignments sa on found.subject_type = 'assignment' and sa.id = found.subject_id
       left join freelancer_strikes k on found.subject_type = 'strike' and k.id = found.subject_id
       join jobs j on j.id = found.job_id
       join restaurants r on r.id = j.restaurant_id
       join freelancers f on f.id = found.freelancer_id
      order by found.event_id`,
    [JSON.stringify(input)],
  );
  return rows.map((row) => {
    const template = NOTIFICATION_TEMPLATES[row.kind];
    const text = renderNotification(row.kind, {
      position: row.position,
      businessName: row.business_name,
      date: row.date,
      start: row.start,
      freelancerName: row.freelancer_name ?? undefined,
      amountCents: row.amount_cents ?? undefined,
      ...(row.subject_type === 'assignment' ? { assignmentId: row.subject_id } : {}),
      ...(row.released ? { released: true } : {}),
      ...(row.requested_at ? { askedAt: new Date(row.requested_at) } : {}),
      ...(row.strike_removed ? { strikeRemoved: true } : {}),
    });
    const toFreelancer = template.to === 'freelancer';
    return {
      // An appeal's decision is about a past shift: not urgent, it waits for quiet hours to end.
      shiftStartsAt: row.subject_type === 'strike' ? null : shiftStartOf(row.date, row.start),
      eventId: Number(row.event_id),
      userId: toFreelancer ? row.freelancer_user_id : row.restaurant_user_id,
      kind: row.kind,
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      ...text,
      audience: toFreelancer ? { freelancerId: row.freelancer_id } : { restaurantId: row.restaurant_id },
    };
  });
}

/**
 * Makes the notifications (one transaction, one insert whatever their number): a notification that
 * exists already (the same person, kind and subject: a retried job, the same event heard twice, a
 * second event about the same subject) is left as it is. Each new one records a
 * `notification_created` event on its person's live stream, so an open page hears it at commit.
 * Returns the ids made now.
 *
 * Preferences per person and kind (issue 26, later) belong here: filter `items` before the insert.
 */
export async function createNotifications(
  em: EntityManager,
  items: readonly NotificationToMake[],
): Promise<number[]> {
  if (items.length === 0) return [];
  return inTransaction(em, async (tx) => (await insertNotifications(tx, items)).map((made) => made.id));
}

/**
 * `createNotifications`' insert inside the caller's transaction (the fan-out moves its cursor in the
 * same one): returns what it made, each with its row id.
 */
export async function insertNotifications(
  tx: EntityManager,
  items: readonly NotificationToMake[],
): Promise<(NotificationToMake & { id: number })[]> {
  if (items.length === 0) return [];
  const rows = items.map((item) => ({
    user_id: item.userId,
    kind: item.kind,
    subject_type: item.subjectType,
    subject_id: item.subjectId,
    title: item.title,
    body: item.body,
    link: item.link,
    read: item.inAppOff === true,
    freelancer_id: 'freelancerId' in item.audience ? item.audience.freelancerId : null,
    restaurant_id: 'restaurantId' in item.audience ? item.audience.restaurantId : null,
  }));
  const made = await tx.execute<
    { id: string | number; user_id: number; kind: string; subject_type: string; subject_id: number }[]
  >(
    `insert into notifications (user_id, kind, subject_type, subject_id, title, body, link, read_at)
     select (x->>'user_id')::int, x->>'kind', x->>'subject_type', (x->>'subject_id')::int,
            x->>'title', x->>'body', x->>'link', case when (x->>'read')::boolean then now() end
       from jsonb_array_elements(?::jsonb) with ordinality as t(x, position)
      order by t.position
     on conflict do nothing
     returning id, user_id, kind, subject_type, subject_id`,
    [JSON.stringify(rows)],
  );
  const key = (row: { user_id: number; kind: string; subject_type: string; subject_id: number }) =>
    `${row.user_id}:${row.kind}:${row.subject_type}:${row.subject_id}`;
  const audienceOf = new Map(rows.map((row) => [key(row), row]));
  const itemOf = new Map(
    items.map((item) => [
      key({
        user_id: item.userId,
        kind: item.kind,
        subject_type: item.subjectType,
        subject_id: item.subjectId,
      }),
      item,
    ]),
  );
  await recordEvents(
    tx,
    made.map((row) => {
      const source = audienceOf.get(key(row))!;
      return {
        type: 'notification_created' as const,
        freelancerId: source.freelancer_id,
        restaurantId: source.restaurant_id,
        payload: { notificationId: Number(row.id) },
      };
    }),
  );
  return made.map((row) => {
    const source = itemOf.get(key(row))!;
    return { ...source, id: Number(row.id) };
  });
}
