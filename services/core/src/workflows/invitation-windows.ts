/**
 * When an invitation's exclusivity window ends ("Chamar de novo", issue 26), the vacancy is open to
 * every freelancer: their "Vagas" lists must refresh. The lists' version of a freelancer is the
 * latest event of theirs or marked for every freelancer (shared/data-version.ts), so ONE event
 * marked `all_freelancers` refreshes them all, whatever their number: no row per freelancer.
 *
 * What is recorded: a `job_updated` event for every freelancer (payload `change:
 * 'invitation_window_ended'`, `endedUntil` and the vacancies whose windows ended since the last event
 * for every freelancer). It is needed exactly while the latest window ended by `now` is newer than
 * the latest event marked for every freelancer (any of them bumps every version after that end) and
 * that event did not announce it, so the check is two index reads and re-running it records nothing
 * more. The workers call it from a delayed job per vacancy
 * at its `exclusive_until` and from the every-minute shift sweep (the backstop).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent } from '../events/record-event';
import { inTransaction } from '../shared/transaction';

/** The vacancies named in one announcement at most (the event refreshes every list anyway). */
const MAX_NAMED_JOBS = 100;

export interface InvitationWindowsResult {
  /** 1 when the end of a window was recorded, else 0. */
  windowsEnded: number;
}

export async function announceEndedInvitationWindows(
  em: EntityManager,
  now: Date,
): Promise<InvitationWindowsResult> {
  return inTransaction(em, async (tx) => {
    // The delayed job and the sweep may run at once: one of them records.
    await tx.execute(`select pg_advisory_xact_lock(hashtext('turno:invitation-windows'))`);
    const [state] = await tx.execute<
      { ended_until: Date | null; announced_at: Date | null; announced_until: string | null }[]
    >(
      `select w.ended_until, e.created_at as announced_at, e.payload->>'endedUntil' as announced_until
         from (select max(exclusive_until) as ended_until from job_invitations where exclusive_until <= ?) w
         left join lateral (select created_at, payload from domain_events where all_freelancers
                             order by id desc limit 1) e on true`,
      [now],
    );
    const endedUntil = state?.ended_until ? new Date(state.ended_until) : null;
    const announcedAt = state?.announced_at ? new Date(state.announced_at) : null;
    // Covered when the latest event for every freelancer came after that end, or announced it.
    const covered =
      (announcedAt && announcedAt >= endedUntil!) ||
      (state?.announced_until && new Date(state.announced_until) >= endedUntil!);
    if (!endedUntil || covered) return { windowsEnded: 0 };
    const since = announcedAt ?? new Date(endedUntil.getTime() - 24 * 3_600_000);
    const jobs = await tx.execute<{ job_id: number }[]>(
      `select distinct job_id from job_invitations
        where exclusive_until > ? and exclusive_until <= ? order by job_id limit ?`,
      [since, now, MAX_NAMED_JOBS],
    );
    await recordEvent(tx, {
      type: 'job_updated',
      allFreelancers: true,
      payload: {
        change: 'invitation_window_ended',
        endedUntil: endedUntil.toISOString(),
        jobIds: jobs.map((row) => row.job_id),
      },
    });
    return { windowsEnded: 1 };
  });
}

/**
 * The windows still ahead of the vacancies `jobIds` (their latest `exclusive_until` after `now`):
 * the workers make one delayed job per vacancy at that instant.
 */
export async function invitationWindowEnds(
  em: EntityManager,
  jobIds: readonly number[],
  now: Date,
): Promise<{ jobId: number; endsAt: Date }[]> {
  if (jobIds.length === 0) return [];
  const rows = await em.getConnection().execute<{ job_id: number; ends_at: Date }[]>(
    `select job_id, max(exclusive_until) as ends_at from job_invitations
      where job_id in (select value::int from jsonb_array_elements_text(?::jsonb))
      group by job_id having max(exclusive_until) > ?`,
    [JSON.stringify(jobIds), now],
  );
  return rows.map((row) => ({ jobId: row.job_id, endsAt: new Date(row.ends_at) }));
}
