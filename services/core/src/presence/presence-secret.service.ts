import type { EntityManager } from '@mikro-orm/postgresql';
import { BUSINESS_MEMBER_MESSAGES } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { businessScopeOf, narrowToStore } from '../shared/business-scope';
import { intArrayParam } from '../shared/sql-where';
import { requireRole } from '../shared/access';
import { notFound } from '../shared/domain-error';
import { newPresenceSecret, presenceCodeAt, type PresenceCode } from './presence-code';
import { PresenceKeys } from './presence-keys';

/**
 * The store's presence-code secret, created (and sealed) on first use. Two first uses at once keep
 * one secret: the write only happens while the column is still empty, then both read what won.
 * Chains (issue 28): each store has its own, sealed with the store's id.
 */
export async function presenceSecretOf(
  em: EntityManager,
  keys: PresenceKeys,
  storeId: number,
): Promise<string> {
  const read = async () => {
    const [row] = await em.execute<{ presence_secret_sealed: string | null }[]>(
      'select presence_secret_sealed from stores where id = ?',
      [storeId],
    );
    if (!row) throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
    return row.presence_secret_sealed;
  };
  let sealed = await read();
  let secret = keys.open(storeId, sealed);
  if (secret) return secret;
  // Absent, or unreadable (the key was rotated): a new secret replaces it.
  await em.execute(
    'update stores set presence_secret_sealed = ? where id = ? and presence_secret_sealed is not distinct from ?',
    [keys.seal(storeId, newPresenceSecret()), storeId, sealed],
  );
  sealed = await read();
  secret = keys.open(storeId, sealed);
  if (!secret) throw new Error(`presence secret of store ${storeId} cannot be opened`);
  return secret;
}

/**
 * The store whose code a member sees: the one asked for, when it is one of the member's (another
 * business's or another manager's store is 404, as a vacancy's), else the first store they reach
 * (active ones first, then by id: a business's main store). Deactivated stores keep their code, for
 * the shifts they still have.
 */
export async function presenceStoreOf(
  em: EntityManager,
  actor: Extract<Actor, { role: 'restaurant' }>,
  storeId?: number,
): Promise<number> {
  const scope = narrowToStore(businessScopeOf(actor), storeId);
  const params: unknown[] = [scope.restaurantId];
  let filter = '';
  if (scope.storeIds !== null) {
    filter = ' and id = any(?::int[])';
    params.push(intArrayParam(scope.storeIds));
  }
  const [row] = await em.execute<{ id: number }[]>(
    `select id from stores where restaurant_id = ?${filter} order by is_active desc, id limit 1`,
    params,
  );
  if (!row) throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
  return row.id;
}

/** What the business's "Código de presença" panel shows at `now`: the code of one of the member's stores. */
export async function currentPresenceCode(
  em: EntityManager,
  actor: Actor,
  keys: PresenceKeys,
  now: Date = new Date(),
  storeId?: number,
): Promise<PresenceCode & { storeId: number }> {
  requireRole(actor, ['restaurant']);
  const store = await presenceStoreOf(em, actor, storeId);
  return { ...presenceCodeAt(await presenceSecretOf(em, keys, store), now), storeId: store };
}

/** Demo data: every store gets its presence secret now (seeders), so the first look at the panel reads, never writes. */
export async function seedPresenceSecrets(
  em: EntityManager,
  keys: PresenceKeys = new PresenceKeys(),
): Promise<void> {
  const stores = await em.execute<{ id: number }[]>('select id from stores order by id');
  for (const { id } of stores) await presenceSecretOf(em, keys, id);
}
