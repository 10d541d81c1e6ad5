import type { EntityManager } from '@mikro-orm/postgresql';
import {
  BUSINESS_MEMBER_MESSAGES,
  MAX_STORES_PER_BUSINESS,
  MESSAGES,
  STORE_NAME_MAX,
  STORE_NAME_MIN,
  isEstablishmentType,
  memberMay,
  normalizeCnpj,
} from '@turno/domain';
import { recordEvent } from '../events/record-event';
import { Store } from '../model';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { lockBusinessRow } from '../rows/business-lock';

/**
 * A business's stores ("Lojas", issue 28): the owner (or an admin) adds, renames, deactivates and
 * reactivates them. Every change runs with the business's row locked, so two changes of one
 * business's stores run one after the other: names stay distinct (ignoring case and accents), at
 * most MAX_STORES_PER_BUSINESS stores, and at least one store stays active. A deactivated store keeps
 * its vacancies and history and takes no new vacancy (rows/store-of-vacancy.ts). The business's
 * audience hears `restaurant_updated`.
 */

export interface StoreInput {
  name?: string;
  isActive?: boolean;
  /** The branch's CNPJ (any mask); empty or null clears it. */
  cnpj?: string | null;
  /** One of ESTABLISHMENT_TYPES; empty or null: the business's type. */
  establishmentType?: string | null;
}

/** POST /api/restaurant/stores: a new active store of the actor's business (an admin names the business). */
export async function createStore(
  em: EntityManager,
  actor: Actor,
  input: { name: string; restaurantId?: number } & Pick<StoreInput, 'cnpj' | 'establishmentType'>,
): Promise<Store> {
  const restaurantId = businessOf(actor, input.restaurantId);
  const name = storeName(input.name);
  const identity = storeIdentity(input);
  return inTransaction(em, async (tx) => {
    const restaurant = await lockBusinessRow(tx, restaurantId);
    if ((await tx.count(Store, { restaurant: restaurant.id })) >= MAX_STORES_PER_BUSINESS)
      throw conflict('too_many_stores', BUSINESS_MEMBER_MESSAGES.tooManyStores);
    await refuseTakenName(tx, restaurant.id, name, null);
    const store = tx.create(Store, { restaurant, name, ...identity });
    await tx.flush();
    await recordEvent(tx, {
      type: 'restaurant_updated',
      restaurantId: restaurant.id,
      payload: { storeId: store.id },
    });
    return store;
  });
}

/** PUT /api/restaurant/stores/:id: a new name, deactivation or reactivation of one of its stores (404 otherwise). */
export async function updateStore(
  em: EntityManager,
  actor: Actor,
  storeId: number,
  input: StoreInput,
): Promise<Store> {
  requireRole(actor, ['admin', 'restaurant']);
  mayManageStores(actor);
  const name = input.name === undefined ? undefined : storeName(input.name);
  const identity = storeIdentity(input);
  return inTransaction(em, async (tx) => {
    const found = await tx.findOne(Store, { id: storeId });
    if (!found || (actor.role === 'restaurant' && found.restaurant.id !== actor.restaurantId))
      throw notFound('store_not_found', BUSINESS_MEMBER_MESSAGES.storeNotFound);
    await lockBusinessRow(tx, found.restaurant.id);
    const store = await tx.findOneOrFail(Store, { id: storeId }, { refresh: true });
    if (name !== undefined && name !== store.name) {
      await refuseTakenName(tx, store.restaurant.id, name, store.id);
      store.name = name;
    }
    if (input.isActive === false && store.isActive) {
      const active = await tx.count(Store, { restaurant: store.restaurant.id, isActive: true });
      if (active <= 1) throw conflict('last_active_store', BUSINESS_MEMBER_MESSAGES.lastActiveStore);
      store.isActive = false;
    } else if (input.isActive === true) store.isActive = true;
    if (identity.cnpj !== undefined) store.cnpj = identity.cnpj;
    if (identity.establishmentType !== undefined) store.establishmentType = identity.establishmentType;
    await tx.flush();
    await recordEvent(tx, {
      type: 'restaurant_updated',
      restaurantId: store.restaurant.id,
      payload: { storeId: store.id },
    });
    return store;
  });
}

function businessOf(actor: Actor, restaurantId: number | undefined): number {
  requireRole(actor, ['admin', 'restaurant']);
  mayManageStores(actor);
  if (actor.role === 'restaurant') return actor.restaurantId;
  if (!restaurantId) throw invalid('restaurant_required', MESSAGES.restaurants.notSelected);
  return restaurantId;
}

/** Only the owner manages stores (the BFF route says so too: member action `manageStores`). */
function mayManageStores(actor: Actor): void {
  if (actor.role === 'restaurant' && !memberMay(actor.member.role, 'manageStores'))
    throw forbidden('forbidden_for_role', BUSINESS_MEMBER_MESSAGES.forbiddenForRole(actor.member.role));
}

/** The branch's CNPJ and type, checked: undefined leaves a field as stored, empty or null clears it. */
function storeIdentity(input: Pick<StoreInput, 'cnpj' | 'establishmentType'>): {
  cnpj?: string | null;
  establishmentType?: string | null;
} {
  const cleared = (value: string | null | undefined) => value === null || value?.trim() === '';
  const identity: { cnpj?: string | null; establishmentType?: string | null } = {};
  if (input.cnpj !== undefined) {
    if (cleared(input.cnpj)) identity.cnpj = null;
    else {
      const cnpj = normalizeCnpj(input.cnpj!.trim());
      if (!cnpj) throw invalid('invalid_cnpj', MESSAGES.restaurants.invalidCnpj);
      identity.cnpj = cnpj;
    }
  }
  if (input.establishmentType !== undefined) {
    if (cleared(input.establishmentType)) identity.establishmentType = null;
    else if (!isEstablishmentType(input.establishmentType!.trim()))
      throw invalid('invalid_establishment_type', MESSAGES.validation.invalidEstablishmentType);
    else identity.establishmentType = input.establishmentType!.trim();
  }
  return identity;
}

function storeName(value: string): string {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length < STORE_NAME_MIN || name.length > STORE_NAME_MAX)
    throw invalid('store_name_length', BUSINESS_MEMBER_MESSAGES.storeNameLength);
  return name;
}

/** 409 when another store of the business has this name (ignoring case and accents). */
async function refuseTakenName(
  tx: EntityManager,
  restaurantId: number,
  name: string,
  exceptStoreId: number | null,
): Promise<void> {
  const [taken] = await tx.execute<{ id: number }[]>(
    `select id from stores
      where restaurant_id = ? and turno_fold(name) = turno_fold(?) and id is distinct from ?
      limit 1`,
    [restaurantId, name, exceptStoreId],
  );
  if (taken) throw conflict('store_name_taken', BUSINESS_MEMBER_MESSAGES.storeNameTaken);
}
