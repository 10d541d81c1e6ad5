import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Restaurant } from '../model';
import type { Actor } from '../shared/actor';
import { requireRole } from '../shared/access';
import { notFound } from '../shared/domain-error';
import { newPresenceSecret, presenceCodeAt, type PresenceCode } from './presence-code';
import { PresenceKeys } from './presence-keys';

/**
 * The store's presence-code secret, created (and sealed) on first use. Two first uses at once keep
 * one secret: the write only happens while the column is still empty, then both read what won.
 */
export async function presenceSecretOf(
  em: EntityManager,
  keys: PresenceKeys,
  restaurantId: number,
): Promise<string> {
  const read = async () => {
    const [row] = await em.execute<{ presence_secret_sealed: string | null }[]>(
      'select presence_secret_sealed from restaurants where id = ?',
      [restaurantId],
    );
    if (!row) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
    return row.presence_secret_sealed;
  };
  let sealed = await read();
  let secret = keys.open(restaurantId, sealed);
  if (secret) return secret;
  // Absent, or unreadable (the key was rotated): a new secret replaces it.
  await em.execute(
    'update restaurants set presence_secret_sealed = ? where id = ? and presence_secret_sealed is not distinct from ?',
    [keys.seal(restaurantId, newPresenceSecret()), restaurantId, sealed],
  );
  sealed = await read();
  secret = keys.open(restaurantId, sealed);
  if (!secret) throw new Error(`presence secret of restaurant ${restaurantId} cannot be opened`);
  return secret;
}

/** The secret when the store has one already (a check never creates one), else null. */
export async function existingPresenceSecret(
  em: EntityManager,
  keys: PresenceKeys,
  restaurantId: number,
): Promise<string | null> {
  const row = await em.findOne(Restaurant, { id: restaurantId }, { fields: ['presenceSecretSealed'] });
  return keys.open(restaurantId, row?.presenceSecretSealed);
}

/** What the business's "Código de presença" panel shows at `now` (its own store only). */
export async function currentPresenceCode(
  em: EntityManager,
  actor: Actor,
  keys: PresenceKeys,
  now: Date = new Date(),
): Promise<PresenceCode> {
  requireRole(actor, ['restaurant']);
  return presenceCodeAt(await presenceSecretOf(em, keys, actor.restaurantId), now);
}

/** Demo data: every store gets its presence secret now (seeders), so the first look at the panel reads, never writes. */
export async function seedPresenceSecrets(
  em: EntityManager,
  keys: PresenceKeys = new PresenceKeys(),
): Promise<void> {
  const stores = await em.execute<{ id: number }[]>('select id from restaurants order by id');
  for (const { id } of stores) await presenceSecretOf(em, keys, id);
}
