/**
 * The admin's "Privacidade" view (issue 27): the open deletion requests with their 15-day deadlines,
 * late ones first, bounded and paged on the server (keyset on due_at, id: the partial index
 * account_deletions_pending_due_index), and the person a request made by e-mail is about, found by
 * e-mail or CPF.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountDeletionRequester } from '@turno/domain';

export interface OpenDeletionRow {
  id: number;
  userId: number | null;
  profileType: 'restaurant' | 'freelancer';
  profileId: number;
  /** The person's name and e-mail as the admin needs them to answer. */
  name: string | null;
  email: string | null;
  requestedAt: Date;
  requestedBy: AccountDeletionRequester;
  adminNote: string | null;
  scheduledFor: Date;
  dueAt: Date;
  late: boolean;
}

export interface DeletionPageCursor {
  dueAt: Date;
  id: number;
}

/** At most `limit` (1–100) pending deletions after `after`, soonest deadline first, and the next cursor. */
export async function listOpenAccountDeletions(
  em: EntityManager,
  options: { limit: number; after?: DeletionPageCursor | null },
  now = new Date(),
): Promise<{ rows: OpenDeletionRow[]; next: DeletionPageCursor | null }> {
  const limit = Math.min(Math.max(Math.trunc(options.limit), 1), 100);
  const after = options.after ?? null;
  const rows = await em.getConnection().execute<
    {
      id: number;
      user_id: number | null;
      profile_type: 'restaurant' | 'freelancer';
      profile_id: number;
      name: string | null;
      email: string | null;
      requested_at: Date | string;
      requested_by: AccountDeletionRequester;
      admin_note: string | null;
      scheduled_for: Date | string;
      due_at: Date | string;
    }[]
  >(
    `select d.id, d.user_id, d.profile_type, d.profile_id, coalesce(f.name, r.name, u.name) as name, u.email,
            d.requested_at, d.requested_by, d.admin_note, d.scheduled_for, d.due_at
       from account_deletions d
       left join users u on u.id = d.user_id
       left join freelancers f on d.profile_type = 'freelancer' and f.id = d.profile_id
       left join restaurants r on d.profile_type = 'restaurant' and r.id = d.profile_id
      where d.status = 'pending' ${after ? 'and (d.due_at, d.id) > (?, ?)' : ''}
      order by d.due_at, d.id
      limit ?`,
    after ? [after.dueAt, after.id, limit + 1] : [limit + 1],
  );
  const page = rows.slice(0, limit).map((row) => {
    const dueAt = new Date(row.due_at);
    return {
      id: Number(row.id),
      userId: row.user_id === null ? null : Number(row.user_id),
      profileType: row.profile_type,
      profileId: Number(row.profile_id),
      name: row.name,
      email: row.email,
      requestedAt: new Date(row.requested_at),
      requestedBy: row.requested_by,
      adminNote: row.admin_note,
      scheduledFor: new Date(row.scheduled_for),
      dueAt,
      late: dueAt.getTime() < now.getTime(),
    };
  });
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? { dueAt: last.dueAt, id: last.id } : null };
}

export interface PrivacyPerson {
  userId: number;
  profileType: 'restaurant' | 'freelancer' | null;
  profileId: number | null;
  name: string | null;
  email: string | null;
}

/**
 * The people an e-mail (case-insensitive, exact) or a CPF (its 11 digits, a freelancer's) is about,
 * at most 5: the admin acts on a request made by e-mail on their behalf.
 */
export async function findPrivacyPerson(em: EntityManager, query: string): Promise<PrivacyPerson[]> {
  const text = query.trim();
  const digits = text.replace(/\D/g, '');
  const byCpf = !text.includes('@') && digits.length === 11;
  if (!byCpf && !text.includes('@')) return [];
  const rows = await em.getConnection().execute<
    {
      user_id: number;
      profile_type: 'restaurant' | 'freelancer' | null;
      profile_id: number | null;
      name: string | null;
      email: string | null;
    }[]
  >(
    `select u.id as user_id,
            case when f.id is not null then 'freelancer' when r.id is not null then 'restaurant' end as profile_type,
            coalesce(f.id, r.id) as profile_id, coalesce(f.name, r.name, u.name) as name, u.email
       from users u
       left join freelancers f on f.user_id = u.id
       left join restaurants r on r.user_id = u.id
      where ${byCpf ? 'f.cpf = ?' : 'lower(u.email) = lower(?)'}
      order by u.id
      limit 5`,
    [byCpf ? digits : text],
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    profileType: row.profile_type,
    profileId: row.profile_id === null ? null : Number(row.profile_id),
    name: row.name,
    email: row.email,
  }));
}
