/**
 * "Excluir minha conta" (issue 27, LGPD art. 18 VI): a person (or an admin on their behalf, for a
 * request made by e-mail) asks for the account to be deleted; it is carried out 7 days later by the
 * workers' `carry-out-account-deletions` job with exactly the admin deletion's rules
 * (workflows/account-removal.service: deleted, or anonymized when there is billing history), and the
 * person's photo and documents leave the storage at once. Signing in again within the 7 days calls it
 * off (the shell BFF's session creation) and the person is told once. Every step is audited.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCOUNT_DELETION_MESSAGES,
  ACCOUNT_DELETION_NOTE_MAX_LENGTH,
  accountDeletionDueAt,
  accountDeletionScheduledFor,
  deletionBlockedMessage,
  type AccountDeletionCanceller,
  type AccountDeletionOutcome,
  type AccountDeletionRequester,
  type AccountDeletionStatus,
  type DeletionBlocker,
} from '@turno/domain';
import { recordAudit } from '../audit/record-audit';
import { freelancerPhotoKey, photoStorage, uploadedPhotoVersion, type PhotoStorage } from '../photos';
import { DomainError, conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { removeFreelancerAccount, removeRestaurantAccount } from '../workflows/account-removal.service';

/** A deletion request as the person, the admin and the job read it. */
export interface AccountDeletionView {
  id: number;
  userId: number | null;
  profileType: 'restaurant' | 'freelancer';
  profileId: number;
  requestedAt: Date;
  requestedBy: AccountDeletionRequester;
  requestedByAdminId: number | null;
  adminNote: string | null;
  scheduledFor: Date;
  dueAt: Date;
  status: AccountDeletionStatus;
  cancelledAt: Date | null;
  cancelledBy: AccountDeletionCanceller | null;
  doneAt: Date | null;
  outcome: AccountDeletionOutcome | null;
}

/** Who asks, and from where (joined to the audit trail). */
export type DeletionRequester =
  { by: 'self'; userId: number } | { by: 'admin'; userId: number; adminId: number; note: string | null };

export interface DeletionContext {
  requestId?: string | null;
  ipHash?: string | null;
}

/** The refusal of a request while shifts or vacancies are still to be worked (409, pt-BR, with the list). */
export class DeletionBlockedError extends DomainError {
  constructor(
    readonly role: 'freelancer' | 'restaurant',
    readonly blockers: DeletionBlocker[],
  ) {
    super(409, 'account_deletion_blocked', deletionBlockedMessage(role, blockers));
  }
}

/** The most blockers a refusal lists (the person cancels them and asks again). */
const MAX_BLOCKERS = 20;

interface Row {
  id: number;
  user_id: number | null;
  profile_type: 'restaurant' | 'freelancer';
  profile_id: number;
  requested_at: Date | string;
  requested_by: AccountDeletionRequester;
  requested_by_admin_id: number | null;
  admin_note: string | null;
  scheduled_for: Date | string;
  due_at: Date | string;
  status: AccountDeletionStatus;
  cancelled_at: Date | string | null;
  cancelled_by: AccountDeletionCanceller | null;
  done_at: Date | string | null;
  outcome: AccountDeletionOutcome | null;
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function viewOf(row: Row): AccountDeletionView {
  return {
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    profileType: row.profile_type,
    profileId: Number(row.profile_id),
    requestedAt: new Date(row.requested_at),
    requestedBy: row.requested_by,
    requestedByAdminId: row.requested_by_admin_id === null ? null : Number(row.requested_by_admin_id),
    adminNote: row.admin_note,
    scheduledFor: new Date(row.scheduled_for),
    dueAt: new Date(row.due_at),
    status: row.status,
    cancelledAt: date(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    doneAt: date(row.done_at),
    outcome: row.outcome,
  };
}

/** The person's profile (a business or a freelancer), or null before setup. */
async function profileOf(
  em: EntityManager,
  userId: number,
): Promise<{ type: 'restaurant' | 'freelancer'; id: number } | null> {
  const rows = await em.getConnection().execute<{ type: 'restaurant' | 'freelancer'; id: number }[]>(
    `select 'freelancer' as type, id from freelancers where user_id = ?
     union all select 'restaurant' as type, id from restaurants where user_id = ?`,
    [userId, userId],
  );
  return rows[0] ? { type: rows[0].type, id: Number(rows[0].id) } : null;
}

/**
 * What keeps the account from being deleted now: a freelancer's shifts accepted and not yet worked
 * (assigned, or in progress); a business's vacancies with an accepted freelancer not yet worked.
 * Day, time and store, soonest first, at most 20.
 */
export async function deletionBlockers(
  em: EntityManager,
  profile: { type: 'restaurant' | 'freelancer'; id: number },
): Promise<DeletionBlocker[]> {
  const column = profile.type === 'freelancer' ? 's.freelancer_id' : 'j.restaurant_id';
  const rows = await em
    .getConnection()
    .execute<
      { date_needed: string | Date; start_time: string; end_time: string; store: string; title: string }[]
    >(
      `select to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, j.end_time,
            r.business_name as store, j.title
       from assignments s join jobs j on j.id = s.job_id join restaurants r on r.id = j.restaurant_id
      where ${column} = ? and s.status in ('assigned', 'in_progress')
      order by j.date_needed, j.start_time, j.id
      limit ?`,
      [profile.id, MAX_BLOCKERS],
    );
  return rows.map((row) => ({
    date: String(row.date_needed),
    startTime: row.start_time,
    endTime: row.end_time,
    store: row.store,
    title: row.title,
  }));
}

/** The person's pending deletion, or null. */
export async function pendingAccountDeletion(
  em: EntityManager,
  userId: number,
): Promise<AccountDeletionView | null> {
  const [row] = await em
    .getConnection()
    .execute<Row[]>(`select * from account_deletions where user_id = ? and status = 'pending'`, [userId]);
  return row ? viewOf(row) : null;
}

/**
 * Schedules the deletion of the person's account in 7 days (the law's deadline: 15 days). Refused
 * (409, the list in pt-BR) while shifts or vacancies are still to be worked; 400 before setup. A
 * second request while one is pending answers that one (nothing new recorded). The caller ends the
 * person's sessions (every device) once this returns.
 */
export async function requestAccountDeletion(
  em: EntityManager,
  requester: DeletionRequester,
  context: DeletionContext = {},
  now = new Date(),
): Promise<AccountDeletionView> {
  const note = requester.by === 'admin' ? requester.note?.trim() || null : null;
  if (note && note.length > ACCOUNT_DELETION_NOTE_MAX_LENGTH) {
    throw invalid('account_deletion_note_too_long', ACCOUNT_DELETION_MESSAGES.requestFailed);
  }
  const actor =
    requester.by === 'admin'
      ? { actorKind: 'admin' as const, actorId: requester.adminId }
      : { actorKind: 'user' as const, actorId: requester.userId };
  try {
    return await scheduleDeletion(em, requester, note, actor, context, now);
  } catch (error) {
    // The refusal is audited after its transaction rolled back (counts only, no shift details).
    if (error instanceof DeletionBlockedError)
      await recordAudit(em.fork(), {
        ...actor,
        action: 'account_deletion.requested',
        outcome: 'refused',
        status: 409,
        targetType: error.role,
        targetId: null,
        details: { requestedBy: requester.by, blockers: error.blockers.length },
        requestId: context.requestId ?? null,
        ipHash: context.ipHash ?? null,
      });
    throw error;
  }
}

async function scheduleDeletion(
  em: EntityManager,
  requester: DeletionRequester,
  note: string | null,
  actor: { actorKind: 'admin' | 'user'; actorId: number },
  context: DeletionContext,
  now: Date,
): Promise<AccountDeletionView> {
  return inTransaction(em, async (tx) => {
    const connection = tx.getConnection();
    // The person's row serialises two requests of one person, and a request with a sign-in's cancel.
    const users = await connection.execute<{ id: number }[]>('select id from users where id = ? for update', [
      requester.userId,
    ]);
    if (users.length === 0) throw notFound('user_not_found', ACCOUNT_DELETION_MESSAGES.noProfile);
    const existing = await pendingAccountDeletion(tx, requester.userId);
    if (existing) return existing;
    const profile = await profileOf(tx, requester.userId);
    if (!profile) throw invalid('account_deletion_no_profile', ACCOUNT_DELETION_MESSAGES.noProfile);
    const blockers = await deletionBlockers(tx, profile);
    if (blockers.length > 0) throw new DeletionBlockedError(profile.type, blockers);
    const [row] = await connection.execute<Row[]>(
      `insert into account_deletions
         (user_id, profile_type, profile_id, requested_at, requested_by, requested_by_admin_id, admin_note,
          scheduled_for, due_at, status)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending') returning *`,
      [
        requester.userId,
        profile.type,
        profile.id,
        now,
        requester.by,
        requester.by === 'admin' ? requester.adminId : null,
        note,
        accountDeletionScheduledFor(now),
        accountDeletionDueAt(now),
      ],
    );
    const view = viewOf(row!);
    await recordAudit(tx, {
      ...actor,
      action: 'account_deletion.requested',
      outcome: 'success',
      targetType: 'account_deletion',
      targetId: view.id,
      details: {
        requestedBy: requester.by,
        profileType: profile.type,
        profileId: profile.id,
        scheduledFor: view.scheduledFor.toISOString(),
        ...(note ? { note } : {}),
      },
      requestId: context.requestId ?? null,
      ipHash: context.ipHash ?? null,
    });
    return view;
  });
}

/**
 * The person signed in again: a pending deletion still within its grace is called off (audited) and
 * the person is told once (`takeDeletionCancelNotice`). True when one was cancelled.
 */
export async function cancelAccountDeletionOnSignIn(
  em: EntityManager,
  userId: number,
  context: DeletionContext = {},
  now = new Date(),
): Promise<boolean> {
  return inTransaction(em, async (tx) => {
    const rows = await tx.getConnection().execute<{ id: number }[]>(
      `update account_deletions
          set status = 'cancelled', cancelled_at = ?, cancelled_by = 'sign_in', cancel_notice_pending = true
        where user_id = ? and status = 'pending' and scheduled_for > ?
        returning id`,
      [now, userId, now],
    );
    for (const row of rows)
      await recordAudit(tx, {
        actorKind: 'user',
        actorId: userId,
        action: 'account_deletion.cancelled',
        outcome: 'success',
        targetType: 'account_deletion',
        targetId: Number(row.id),
        details: { cancelledBy: 'sign_in' },
        requestId: context.requestId ?? null,
        ipHash: context.ipHash ?? null,
      });
    return rows.length > 0;
  });
}

/** True once after a sign-in called a deletion off ("Sua conta não será mais excluída…"), then false. */
export async function takeDeletionCancelNotice(em: EntityManager, userId: number): Promise<boolean> {
  const rows = await em
    .getConnection()
    .execute<{ id: number }[]>(
      'update account_deletions set cancel_notice_pending = false where user_id = ? and cancel_notice_pending returning id',
      [userId],
    );
  return rows.length > 0;
}

/** An admin calls off a pending deletion (audited); 404 for an unknown id, 409 when it is not pending. */
export async function cancelAccountDeletionByAdmin(
  em: EntityManager,
  adminId: number,
  deletionId: number,
  context: DeletionContext = {},
  now = new Date(),
): Promise<AccountDeletionView> {
  return inTransaction(em, async (tx) => {
    const [current] = await tx
      .getConnection()
      .execute<Row[]>('select * from account_deletions where id = ? for update', [deletionId]);
    if (!current) throw notFound('account_deletion_not_found', ACCOUNT_DELETION_MESSAGES.notFound);
    if (current.status !== 'pending')
      throw conflict('account_deletion_not_pending', ACCOUNT_DELETION_MESSAGES.notPending);
    const [row] = await tx.getConnection().execute<Row[]>(
      `update account_deletions set status = 'cancelled', cancelled_at = ?, cancelled_by = 'admin',
              cancelled_by_admin_id = ? where id = ? returning *`,
      [now, adminId, deletionId],
    );
    await recordAudit(tx, {
      actorKind: 'admin',
      actorId: adminId,
      action: 'account_deletion.cancelled',
      outcome: 'success',
      targetType: 'account_deletion',
      targetId: deletionId,
      details: { cancelledBy: 'admin' },
      requestId: context.requestId ?? null,
      ipHash: context.ipHash ?? null,
    });
    return viewOf(row!);
  });
}

/** What one run of the job did (counts only; also in the audit trail). */
export interface DeletionRunReport {
  deleted: number;
  anonymized: number;
  failed: number;
  photosRemoved: number;
}

/** The system's actor for account-removal (its services take an admin; no admin acted). */
const SYSTEM_ADMIN = { role: 'admin' as const, adminId: 0 };

/**
 * Carries out every pending deletion whose 7 days ended by `now` (the workers' hourly job), one by
 * one, with account-removal's rules: deleted, or anonymized when there is billing history (the
 * invoices and their lines stay as billed). The person's profile photo and vetting documents leave
 * the storage at once. Idempotent and safe to rerun: a request is marked done only after its
 * removal, and a removal repeated after a crash finds the profile gone (deleted) or anonymizes it
 * again (nothing more changes). One failure does not stop the others; it is retried next run.
 * Reports counts in the audit trail (`account_deletions.carried_out`, actor `system`).
 */
export async function carryOutDueAccountDeletions(
  em: EntityManager,
  now = new Date(),
  storage: PhotoStorage = photoStorage(),
  limit = 200,
): Promise<DeletionRunReport> {
  const due = await em
    .getConnection()
    .execute<Row[]>(
      `select * from account_deletions where status = 'pending' and scheduled_for <= ? order by scheduled_for, id limit ?`,
      [now, limit],
    );
  const report: DeletionRunReport = { deleted: 0, anonymized: 0, failed: 0, photosRemoved: 0 };
  for (const row of due) {
    const request = viewOf(row);
    try {
      const outcome = await carryOut(em.fork(), request, storage, report);
      await inTransaction(em.fork(), async (tx) => {
        const marked = await tx.getConnection().execute<{ id: number }[]>(
          `update account_deletions set status = 'done', done_at = ?, outcome = ?, cancel_notice_pending = false
            where id = ? and status = 'pending' returning id`,
          [now, outcome, request.id],
        );
        if (marked.length === 0) return;
        report[outcome] += 1;
        await recordAudit(tx, {
          actorKind: 'system',
          action: 'account_deletion.done',
          outcome: 'success',
          targetType: 'account_deletion',
          targetId: request.id,
          details: { profileType: request.profileType, profileId: request.profileId, outcome },
        });
      });
    } catch {
      report.failed += 1;
    }
  }
  await recordAudit(em.fork(), {
    actorKind: 'system',
    action: 'account_deletions.carried_out',
    outcome: report.failed > 0 ? 'failed' : 'success',
    details: { counts: report, at: now.toISOString() },
  });
  return report;
}

async function carryOut(
  em: EntityManager,
  request: AccountDeletionView,
  storage: PhotoStorage,
  report: DeletionRunReport,
): Promise<AccountDeletionOutcome> {
  if (request.profileType === 'restaurant') {
    return gone(() => removeRestaurantAccount(em, SYSTEM_ADMIN, request.profileId, storage));
  }
  const [photo] = await em
    .getConnection()
    .execute<{ profile_photo_url: string | null }[]>(
      'select profile_photo_url from freelancers where id = ?',
      [request.profileId],
    );
  const outcome = await gone(() => removeFreelancerAccount(em, SYSTEM_ADMIN, request.profileId, storage));
  const version = uploadedPhotoVersion(photo?.profile_photo_url, request.profileId);
  if (version) {
    await storage.delete(freelancerPhotoKey(request.profileId, version));
    report.photosRemoved += 1;
  }
  return outcome;
}

/** The removal's outcome; a profile already gone (a rerun after the removal committed) counts as deleted. */
async function gone(
  remove: () => Promise<{ outcome: AccountDeletionOutcome }>,
): Promise<AccountDeletionOutcome> {
  try {
    return (await remove()).outcome;
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return 'deleted';
    throw error;
  }
}
