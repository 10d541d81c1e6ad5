import { callerDataVersion, route } from '@turno/bff-kit';
import {
  BillingModeSavedSchema,
  BusinessStoresSchema,
  CreateStoreRequestSchema,
  RestaurantPathIdSchema,
  SavedStoreSchema,
  UpdateBillingModeRequestSchema,
  UpdateStoreRequestSchema,
} from '@turno/contracts';
import { STORE_BILLING_MESSAGES } from '@turno/domain';
import { businessScopeOf, createStore, setBillingMode, updateStore, type EntityManager } from '@turno/core';
import type { BusinessStore } from '@turno/contracts';
import { listBusinessStores, readBusinessStores } from './stores.queries';

/**
 * GET /api/restaurant/stores — the stores the calling member reaches and their role (issue 28): the
 * "Lojas" tab, the vacancy form's store selector and the panel's tabs by role read it. `304` while
 * nothing of this business changed (a store change records `restaurant_updated`).
 */
export const listStoresRoute = route({
  method: 'get',
  path: '/api/restaurant/stores',
  access: 'restaurant',
  memberAction: 'viewShifts',
  response: BusinessStoresSchema,
  dataVersion: callerDataVersion,
  handler: async ({ em, actor }) => ({
    member_role: actor.member.role,
    ...(await readBusinessStores(em, businessScopeOf(actor))),
  }),
});

async function savedStore(em: EntityManager, restaurantId: number, storeId: number): Promise<BusinessStore> {
  const [store] = await listBusinessStores(em, { restaurantId, storeIds: null }, new Date(), storeId);
  return store!;
}

/** POST /api/restaurant/stores `{ name }` — the owner adds a store (409 for a name in use or past 500 stores). */
export const createStoreRoute = route({
  method: 'post',
  path: '/api/restaurant/stores',
  access: 'restaurant',
  memberAction: 'manageStores',
  body: CreateStoreRequestSchema,
  response: SavedStoreSchema,
  status: 201,
  handler: async ({ em, actor, body }) => {
    const store = await createStore(em, actor, body);
    return savedStore(em, actor.restaurantId, store.id);
  },
});

/**
 * PUT /api/restaurant/stores/:id `{ name?, isActive? }` — the owner renames, deactivates (409 for the
 * last active store) or reactivates one of the business's stores (404 for another business's).
 */
export const updateStoreRoute = route({
  method: 'put',
  path: '/api/restaurant/stores/:id',
  access: 'restaurant',
  memberAction: 'manageStores',
  params: RestaurantPathIdSchema,
  body: UpdateStoreRequestSchema,
  response: SavedStoreSchema,
  handler: async ({ em, actor, params, body }) => {
    const store = await updateStore(em, actor, params.id, body);
    return savedStore(em, actor.restaurantId, store.id);
  },
});

/**
 * PUT /api/restaurant/billing-mode `{ billingMode }` — the owner bills the business centrally (one
 * weekly invoice, lines grouped by store) or per store, from the next invoice generated on.
 */
export const updateBillingModeRoute = route({
  method: 'put',
  path: '/api/restaurant/billing-mode',
  access: 'restaurant',
  memberAction: 'manageBilling',
  body: UpdateBillingModeRequestSchema,
  response: BillingModeSavedSchema,
  handler: async ({ em, actor, body }) => {
    const saved = await setBillingMode(em, actor, { billingMode: body.billingMode });
    return {
      billing_mode: saved.billingMode,
      message: STORE_BILLING_MESSAGES.outcome(saved.billingMode, saved.changed),
    };
  },
});
