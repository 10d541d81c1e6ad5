import {
  decodeCursor,
  encodeCursor,
  findPrivacyPerson,
  listOpenAccountDeletions,
  listOpenDataExports,
  pendingAccountDeletion,
  type EntityManager,
} from '@turno/core';
import type { PrivacyCase, PrivacyCasesPage, PrivacyPeople } from '@turno/contracts';

/**
 * The admin's "Privacidade" list (issue 27): the open deletion requests (core account-deletions) and
 * data exports (core data-exports) as one list, soonest 15-day deadline first. Each source is read
 * by its own keyset (due_at, id) with at most `limit + 1` rows, and the two merged on (due_at, kind,
 * id): the cursor carries that key, so a page never repeats nor skips a row of either source.
 */
const KINDS = ['deletion', 'export'] as const;
type Kind = (typeof KINDS)[number];

/** Where source `kind` starts after the merged key (dueAt, afterKind, id). */
function sourceAfter(kind: Kind, key: { dueAt: Date; kind: Kind; id: number } | null) {
  if (!key) return null;
  if (kind === key.kind) return { dueAt: key.dueAt, id: key.id };
  // An earlier kind than the cursor's: rows at the same instant come after it; a later one: before.
  return { dueAt: key.dueAt, id: KINDS.indexOf(kind) > KINDS.indexOf(key.kind) ? 0 : 2_147_483_647 };
}

export async function listPrivacyCases(
  em: EntityManager,
  query: { limit: number; cursor?: string },
  now = new Date(),
): Promise<PrivacyCasesPage> {
  const decoded = decodeCursor(query.cursor, ['string', 'string', 'number']);
  const key =
    decoded && KINDS.includes(decoded[1] as Kind) && !Number.isNaN(new Date(String(decoded[0])).getTime())
      ? { dueAt: new Date(String(decoded[0])), kind: decoded[1] as Kind, id: Number(decoded[2]) }
      : null;
  const limit = Math.min(query.limit, 100);
  const [deletions, exports, totals] = await Promise.all([
    listOpenAccountDeletions(em.fork(), { limit, after: sourceAfter('deletion', key) }, now),
    listOpenDataExports(em.fork(), { limit, after: sourceAfter('export', key) }),
    em
      .fork()
      .getConnection()
      .execute<{ total: string }[]>(
        `select (select count(*) from account_deletions where status = 'pending')
              + (select count(*) from data_exports where status in ('queued', 'running', 'ready')) as total`,
      ),
  ]);
  const cases: (PrivacyCase & { key: [string, Kind, number] })[] = [
    ...deletions.rows.map((row) => ({
      kind: 'deletion' as const,
      id: row.id,
      user_id: row.userId,
      profile_type: row.profileType,
      name: row.name,
      email: row.email,
      requested_at: row.requestedAt.toISOString(),
      requested_by: row.requestedBy,
      admin_note: row.adminNote,
      scheduled_for: row.scheduledFor.toISOString(),
      due_at: row.dueAt.toISOString(),
      late: row.late,
      key: [row.dueAt.toISOString(), 'deletion', row.id] as [string, Kind, number],
    })),
    ...exports.items.map((item) => ({
      kind: 'export' as const,
      id: item.id,
      user_id: item.userId,
      profile_type:
        item.person.userType === 'restaurant' || item.person.userType === 'freelancer'
          ? item.person.userType
          : null,
      name: item.person.name,
      email: item.person.email,
      requested_at: item.requestedAt.toISOString(),
      requested_by: item.requestedByAdminId === null ? ('self' as const) : ('admin' as const),
      admin_note: null,
      scheduled_for: null,
      due_at: item.dueAt.toISOString(),
      late: item.dueAt.getTime() < now.getTime(),
      key: [item.dueAt.toISOString(), 'export', item.id] as [string, Kind, number],
    })),
  ].sort(
    (a, b) =>
      a.key[0].localeCompare(b.key[0]) ||
      KINDS.indexOf(a.key[1]) - KINDS.indexOf(b.key[1]) ||
      a.key[2] - b.key[2],
  );
  const page = cases.slice(0, limit);
  const more = cases.length > limit || deletions.next !== null || exports.next !== null;
  const last = page[page.length - 1];
  return {
    items: page.map(({ key: _key, ...item }) => item),
    total: Number(totals[0]?.total ?? 0),
    nextCursor: more && last ? encodeCursor(last.key) : null,
  };
}

/** The people an e-mail or a CPF names, each with their pending deletion (if any). */
export async function findPrivacyPeople(em: EntityManager, q: string): Promise<PrivacyPeople> {
  const people = await findPrivacyPerson(em, q);
  return {
    items: await Promise.all(
      people.map(async (person) => ({
        user_id: person.userId,
        profile_type: person.profileType,
        name: person.name,
        email: person.email,
        pending_deletion_id: (await pendingAccountDeletion(em.fork(), person.userId))?.id ?? null,
      })),
    ),
  };
}
