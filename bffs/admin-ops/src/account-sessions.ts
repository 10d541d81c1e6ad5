import type { Sessions } from '@turno/bff-kit';
import type { EntityManager } from '@turno/core';

/**
 * The user behind a business or freelancer profile (null when the profile does not exist): read
 * before a rejection or removal, whose sessions then end at once in every browser.
 */
export async function accountUserId(
  em: EntityManager,
  kind: 'restaurant' | 'freelancer',
  id: number,
): Promise<number | null> {
  const table = kind === 'restaurant' ? 'restaurants' : 'freelancers';
  const rows = await em
    .getConnection()
    .execute<{ user_id: number }[]>(`select user_id from ${table} where id = ?`, [id]);
  return rows[0] ? Number(rows[0].user_id) : null;
}

/** Ends every session of that user (anonymized or deleted just now; a rejected account keeps its, read-only). */
export async function endSessionsOf(sessions: Sessions, userId: number | null): Promise<void> {
  if (userId !== null) await sessions.endAllOf({ kind: 'user', userId });
}
