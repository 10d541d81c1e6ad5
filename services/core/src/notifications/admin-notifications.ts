import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ADMIN_NOTIFICATIONS_AUDIENCE,
  renderNotification,
  type NotificationKind,
  type NotificationSubjectType,
} from '@turno/domain';
import type { NotifyingEvent } from './notifications.service';

interface AdminFactsRow {
  kind: NotificationKind;
  subject_type: NotificationSubjectType;
  subject_id: number;
  subject_attempt: number;
  position: string;
  business_name: string;
  date: string;
  start: string;
  freelancer_name: string | null;
  amount_cents: number | null;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;

/**
 * What needs an admin (issue 26), told to every admin not disabled (`admin_id` rows: the admin's
 * bell; no push or e-mail, admins have no preferences):
 * - a `timesheet` event whose assignment's proposal stands `disputed` → "timesheet disputed", about
 *   that proposal (subject `timesheet`: a later dispute of the same shift is another proposal);
 * - a `payout_updated` event of a payout now `failed` → "payout failed", now `held` → "payout held"
 *   (subject the payout's current attempt: once per attempt and kind, so a retry that fails again
 *   is told again, a second answer about the same attempt is not);
 * - a strike's `freelancer_updated` event (`strikeId`) whose appeal stands `pending` → "strike
 *   appealed" (subject the strike: a strike is appealed once).
 * Read from the rows as they stand (a state that moved on makes nothing). Two statements for all the
 * events: the facts, then one insert `on conflict do nothing` of every admin × notification with
 * its `notification_created` live event, which names its audience (`audience: 'admins'`): admins'
 * streams hear every event, and their bell re-reads only on these. Returns how many rows it
 * made. Runs inside the fan-out's transaction (`tx`).
 */
export async function insertAdminNotifications(
  tx: EntityManager,
  events: readonly NotifyingEvent[],
): Promise<number> {
  const input = events
    .filter((event) => ['timesheet', 'payout_updated', 'freelancer_updated'].includes(event.type))
    .map((event) => ({
      type: event.type,
      assignment_id: idOf(event.payload.assignmentId),
      payout_id: idOf(event.payload.payoutId),
      strike_id: idOf(event.payload.strikeId),
    }));
  if (input.length === 0) return 0;
  const facts = await tx.execute<AdminFactsRow[]>(
    `with e as (
       select x->>'type' as type, (x->>'assignment_id')::int as assignment_id, (x->>'payout_id')::int as payout_id,
              (x->>'strike_id')::int as strike_id
         from jsonb_array_elements(?::jsonb) as x
     ), found as (
       select distinct 'timesheet_disputed' as kind, 'timesheet' as subject_type, t.id as subject_id,
              0 as subject_attempt, t.assignment_id, null::int as amount_cents
         from e join timesheet_proposals t on t.assignment_id = e.assignment_id and t.status = 'disputed'
        where e.type = 'timesheet'
       union
       select case p.status when 'failed' then 'payout_failed' else 'payout_held' end, 'payout', p.id,
              p.attempt, p.assignment_id, p.amount_cents
         from e join payouts p on p.id = e.payout_id
        where e.type = 'payout_updated' and p.status in ('failed', 'held')
       union
       select 'strike_appealed', 'strike', k.id, 0, k.assignment_id, null
         from e join freelancer_strikes k on k.id = e.strike_id
        where e.type = 'freelancer_updated' and k.appeal_status = 'pending'
     )
     select found.kind, found.subject_type, found.subject_id, found.subject_attempt, found.amount_cents,
            coalesce(nullif(j.position_type, ''), j.title) as position,
            coalesce(nullif(r.business_name, ''), r.name) as business_name,
            to_char(j.date_needed, 'YYYY-MM-DD') as date, j.start_time as start, f.name as freelancer_name
       from found
       join assignments s on s.id = found.assignment_id
       join jobs j on j.id = s.job_id
       join restaurants r on r.id = j.restaurant_id
       join freelancers f on f.id = s.freelancer_id
      order by found.subject_type, found.subject_id, found.subject_attempt`,
    [JSON.stringify(input)],
  );
  if (facts.length === 0) return 0;
  const items = facts.map((row) => ({
    kind: row.kind,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    subject_attempt: row.subject_attempt,
    ...renderNotification(row.kind, {
      position: row.position,
      businessName: row.business_name,
      date: row.date,
      start: row.start,
      freelancerName: row.freelancer_name ?? undefined,
      amountCents: row.amount_cents ?? undefined,
      ...(row.subject_type === 'payout' ? { payoutAttempt: row.subject_attempt } : {}),
    }),
  }));
  const [made] = await tx.execute<{ made: string | number }[]>(
    `with made as (
       insert into notifications (admin_id, kind, subject_type, subject_id, subject_attempt, title, body, link)
       select a.id, x->>'kind', x->>'subject_type', (x->>'subject_id')::int, (x->>'subject_attempt')::smallint,
              x->>'title', x->>'body', x->>'link'
         from jsonb_array_elements(?::jsonb) with ordinality as t(x, position)
         cross join admins a
        where a.disabled_at is null
        order by t.position, a.id
       on conflict do nothing
       returning id
     ), announced as (
       insert into domain_events (type, payload)
       select 'notification_created', jsonb_build_object('notificationId', made.id, 'audience', ?::text)
         from made order by made.id
     )
     select count(*) as made from made`,
    [JSON.stringify(items), ADMIN_NOTIFICATIONS_AUDIENCE],
  );
  return Number(made?.made ?? 0);
}
