import { route } from '@turno/bff-kit';
import {
  AdminBusinessStoresSchema,
  AdminIdParamsSchema,
  BillingModeSavedSchema,
  UpdateBillingModeRequestSchema,
  type AdminBusinessStores,
} from '@turno/contracts';
import { notFound, setBillingMode, type EntityManager } from '@turno/core';
import { MAX_STORES_PER_BUSINESS, MESSAGES, STORE_BILLING_MESSAGES, type BillingMode } from '@turno/domain';

/**
 * The business's stores and billing mode, in one statement (a business always has a store; 404 when
 * the business does not exist).
 */
async function readAdminBusinessStores(
  em: EntityManager,
  restaurantId: number,
): Promise<AdminBusinessStores> {
  const rows = await em
    .getConnection()
    .execute<
      { billing_mode: BillingMode; id: number | null; name: string | null; is_active: boolean | null }[]
    >(
      `select r.billing_mode, s.id, s.name, s.is_active
       from restaurants r left join stores s on s.restaurant_id = r.id
      where r.id = ?
      order by s.is_active desc, s.name, s.id
      limit ?`,
      [restaurantId, MAX_STORES_PER_BUSINESS],
    );
  const [first] = rows;
  if (!first) throw notFound('restaurant_not_found', MESSAGES.restaurants.notFound);
  return {
    restaurant_id: restaurantId,
    billing_mode: first.billing_mode,
    items: rows.flatMap((row) =>
      row.id === null ? [] : [{ id: row.id, name: row.name ?? '', is_active: row.is_active ?? false }],
    ),
  };
}

/**
 * GET /api/admin/restaurants/:id/stores — the business's stores (issue 28): "Criar Vagas" picks the
 * vacancies' store from them; Controle Mercado shows them with the billing mode.
 */
export const restaurantStoresRoute = route({
  method: 'get',
  path: '/api/admin/restaurants/:id/stores',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: AdminBusinessStoresSchema,
  handler: ({ em, params }) => readAdminBusinessStores(em, params.id),
});

/**
 * PUT /api/admin/restaurants/:id/billing-mode `{ billingMode }` — an admin bills a business centrally
 * or per store (issue 28), as its owner may on "Lojas"; from the next invoice generated on. Audited
 * with the business's record before and after.
 */
export const restaurantBillingModeRoute = route({
  method: 'put',
  path: '/api/admin/restaurants/:id/billing-mode',
  access: 'admin',
  params: AdminIdParamsSchema,
  body: UpdateBillingModeRequestSchema,
  response: BillingModeSavedSchema,
  audit: { records: ({ params }) => [{ type: 'restaurants', id: params.id }] },
  handler: async ({ em, actor, params, body }) => {
    const saved = await setBillingMode(em, actor, { billingMode: body.billingMode, restaurantId: params.id });
    return {
      billing_mode: saved.billingMode,
      message: STORE_BILLING_MESSAGES.outcome(saved.billingMode, saved.changed),
    };
  },
});
