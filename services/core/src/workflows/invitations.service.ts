/**
 * "Chamar de novo" (issue 26): a business creates vacancies and invites freelancers who completed a
 * shift with it; only they may apply until the window it chose ends (never past the shift's start).
 * And the refusals the staffing commands share: the monthly cap per business and the invitees'
 * window (staffing-conditions.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INVITATION_MESSAGES,
  MAX_INVITEES,
  invitationExclusiveUntil,
  isInvitationWindowHours,
  shiftStartInstant,
} from '@turno/domain';
import { createJobs, type CreateJobsInput, type CreateJobsResult } from '../jobs/jobs.service';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid, type DomainError } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvents } from '../events/record-event';
import {
  atMonthlyShiftCapSql,
  monthlyShiftCap,
  reservedForOtherInviteesSql,
} from '../rows/staffing-conditions';

export interface InviteInput {
  /** Freelancers who completed a shift with the business (at most MAX_INVITEES). */
  inviteFreelancerIds?: readonly number[] | null;
  /** Hours only invitees may apply (libs/domain INVITATION_WINDOW_HOURS); required with invitees. */
  exclusiveHours?: number | null;
}

export interface CreateJobsWithInvitationsResult extends CreateJobsResult {
  /** How many freelancers were invited (0 without invitees). */
  invitedFreelancers: number;
}

interface InviteeRow {
  id: number;
  name: string;
  past_worker: boolean;
  blocked: boolean;
  at_cap: boolean;
}

const notPastWorker = () => forbidden('invitee_not_past_worker', INVITATION_MESSAGES.inviteeNotPastWorker);

/**
 * The vacancy form with invitees: the vacancies as `createJobs` makes them and, in the same
 * transaction, one invitation per vacancy and invitee with its window's end (the chosen hours after
 * `now`, never past that vacancy's start). Refused, and nothing is created, when an invitee did not
 * complete a shift with this business (another business's freelancer, an unknown id: 403, the same
 * answer), is blocked by it (the same), or would pass the monthly cap in a vacancy's month (409).
 * Each invitee's live stream hears a `job_invitation` event (the notification fan-out tells them).
 */
export async function createJobsWithInvitations(
  em: EntityManager,
  actor: Actor,
  input: CreateJobsInput & InviteInput,
  now: Date = new Date(),
): Promise<CreateJobsWithInvitationsResult> {
  const invitees = [...new Set(input.inviteFreelancerIds ?? [])];
  if (invitees.length === 0) return { ...(await createJobs(em, actor, input, now)), invitedFreelancers: 0 };
  requireRole(actor, ['restaurant']);
  if (actor.role !== 'restaurant') throw forbidden('forbidden', INVITATION_MESSAGES.inviteeNotPastWorker);
  if (invitees.length > MAX_INVITEES) throw invalid('too_many_invitees', INVITATION_MESSAGES.tooManyInvitees);
  const hours = input.exclusiveHours;
  if (!isInvitationWindowHours(hours)) throw invalid('invalid_window', INVITATION_MESSAGES.invalidWindow);
  const restaurantId = actor.restaurantId;

  return inTransaction(em, async (tx) => {
    const created = await createJobs(tx, actor, input, now);
    const cap = atMonthlyShiftCapSql({
      freelancer: 'f.id',
      restaurant: 'j.restaurant_id',
      date: 'j.date_needed',
    });
    const rows = await tx.execute<InviteeRow[]>(
      `select f.id, f.name,
          exists (select 1 from assignments pa join jobs pj on pj.id = pa.job_id
                   where pa.freelancer_id = f.id and pj.restaurant_id = ? and pa.status = 'completed') as past_worker,
          exists (select 1 from blocks b where b.freelancer_id = f.id and b.restaurant_id = ?) as blocked,
          bool_or(${cap.sql}) as at_cap
         from freelancers f join jobs j on j.id in (select value::int from jsonb_array_elements_text(?::jsonb))
        where f.id in (select value::int from jsonb_array_elements_text(?::jsonb))
        group by f.id, f.name`,
      [restaurantId, restaurantId, ...cap.params, JSON.stringify(created.jobIds), JSON.stringify(invitees)],
    );
    if (rows.length !== invitees.length || rows.some((row) => !row.past_worker || row.blocked)) {
      throw notPastWorker();
    }
    const capped = rows.find((row) => row.at_cap);
    if (capped) {
      throw conflict(
        'invitee_at_monthly_cap',
        INVITATION_MESSAGES.inviteeAtCap(capped.name, monthlyShiftCap()),
      );
    }

    const jobs = await tx.execute<{ id: number; date: string; start_time: string }[]>(
      `select id, to_char(date_needed, 'YYYY-MM-DD') as date, start_time from jobs
        where id in (select value::int from jsonb_array_elements_text(?::jsonb)) order by date_needed, id`,
      [JSON.stringify(created.jobIds)],
    );
    const invitations = jobs.flatMap((job) => {
      const until = invitationExclusiveUntil(
        now,
        hours,
        shiftStartInstant({ date: job.date, start: job.start_time }),
      );
      return invitees.map((freelancerId) => ({
        job_id: job.id,
        freelancer_id: freelancerId,
        until: until.toISOString(),
      }));
    });
    await tx.execute(
      `insert into job_invitations (job_id, freelancer_id, exclusive_until)
       select (x->>'job_id')::int, (x->>'freelancer_id')::int, (x->>'until')::timestamptz
         from jsonb_array_elements(?::jsonb) as x
       on conflict do nothing`,
      [JSON.stringify(invitations)],
    );
    // The first vacancy (earliest day) is the one the notification names; the list shows them all.
    await recordEvents(
      tx,
      invitees.map((freelancerId) => ({
        type: 'job_invitation' as const,
        restaurantId,
        freelancerId,
        payload: { jobId: jobs[0]!.id, jobIds: created.jobIds },
      })),
    );
    return { ...created, invitedFreelancers: invitees.length };
  });
}

interface StaffingCheckRow {
  at_cap: boolean;
  reserved: boolean;
  reserved_until: string | Date | null;
}

/**
 * Why the freelancer may not take (apply to, be accepted for, be assigned) the job now, or null: the
 * monthly cap with the job's business in the job's month (409, in the freelancer's own words when
 * `ownApplication`), and, for an application of their own, the invitees' window (409). One statement.
 */
export async function staffingRefusal(
  tx: EntityManager,
  jobId: number,
  freelancerId: number,
  now: Date,
  options: { ownApplication: boolean },
): Promise<DomainError | null> {
  const cap = monthlyShiftCap();
  const atCap = atMonthlyShiftCapSql(
    { freelancer: freelancerId, restaurant: 'j.restaurant_id', date: 'j.date_needed' },
    cap,
  );
  const reserved = reservedForOtherInviteesSql('j.id', freelancerId, now);
  const [row] = await tx.execute<StaffingCheckRow[]>(
    `select ${atCap.sql} as at_cap, ${reserved.sql} as reserved,
        (select max(exclusive_until) from job_invitations w where w.job_id = j.id) as reserved_until
       from jobs j where j.id = ?`,
    [...atCap.params, ...reserved.params, jobId],
  );
  if (!row) return null;
  if (row.at_cap) {
    return conflict(
      'monthly_shift_cap',
      options.ownApplication
        ? INVITATION_MESSAGES.monthlyCapReachedOwn(cap)
        : INVITATION_MESSAGES.monthlyCapReached(cap),
    );
  }
  if (options.ownApplication && row.reserved && row.reserved_until) {
    return conflict('reserved_for_invitees', INVITATION_MESSAGES.onlyInvitees(new Date(row.reserved_until)));
  }
  return null;
}
