import { route } from '@turno/bff-kit';
import { accountUserId, endSessionsOf } from '../account-sessions';
import {
  AccountRemovalResponseSchema,
  AccountReviewResponseSchema,
  AdminIdParamsSchema,
  AdminRestaurantUpdateRequestSchema,
  AdminRestaurantUpdateResponseSchema,
} from '@turno/contracts';
import {
  approveRestaurant,
  rejectRestaurant,
  removeRestaurantAccount,
  updateRestaurantProfile,
} from '@turno/core';
import { MESSAGES } from '@turno/domain';

/** POST /api/admin/restaurants/{id}/approve — a pending registration becomes approved (spec 02 §4). */
export const approveRestaurantRoute = route({
  method: 'post',
  path: '/api/admin/restaurants/:id/approve',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: AccountReviewResponseSchema,
  handler: ({ em, actor, params }) => approveRestaurant(em, actor, params.id),
});

/**
 * POST /api/admin/restaurants/{id}/reject — a pending registration is rejected: the account is
 * deactivated. Its sessions stay: a rejected account may sign in and read its screens, every change is
 * refused at each request (libs/domain account-access), and the open panel hears `restaurant_updated`
 * and shows "Cadastro não aprovado" instead of "Sessão expirada" (issue 22).
 */
export const rejectRestaurantRoute = route({
  method: 'post',
  path: '/api/admin/restaurants/:id/reject',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: AccountReviewResponseSchema,
  handler: ({ em, actor, params }) => rejectRestaurant(em, actor, params.id),
});

/**
 * PUT /api/admin/restaurants/{id} — the edit modal (spec 02 §5 "Restaurant edit"); CNPJ and razão
 * social checked by the accounts service (400 "CNPJ inválido…" when the check digits fail).
 */
export const updateRestaurantRoute = route({
  method: 'put',
  path: '/api/admin/restaurants/:id',
  access: 'admin',
  params: AdminIdParamsSchema,
  body: AdminRestaurantUpdateRequestSchema,
  response: AdminRestaurantUpdateResponseSchema,
  handler: ({ em, actor, params, body }) =>
    updateRestaurantProfile(em, actor, {
      restaurantId: params.id,
      name: body.name,
      businessName: body.business_name,
      phone: body.phone ?? null,
      address: body.address ?? null,
      addressNumber: body.address_number ?? null,
      cuisineType: body.cuisine_type ?? null,
      contactPerson: body.contact_person ?? null,
      // Left out (an older form): unchanged; empty: cleared, refused once set (issue 25).
      cnpj: body.cnpj,
      legalName: body.legal_name,
    }),
});

/**
 * DELETE /api/admin/restaurants/{id} — deleted, or anonymized and deactivated when it has completed
 * work or invoices (nothing billed is lost); the answer says which.
 */
export const deleteRestaurantRoute = route({
  method: 'delete',
  path: '/api/admin/restaurants/:id',
  access: 'admin',
  params: AdminIdParamsSchema,
  response: AccountRemovalResponseSchema,
  handler: async ({ em, actor, params, sessions }) => {
    const userId = await accountUserId(em, 'restaurant', params.id);
    const removal = await removeRestaurantAccount(em, actor, params.id);
    await endSessionsOf(sessions, userId);
    const message =
      removal.outcome === 'deleted'
        ? MESSAGES.deletion.restaurantDeleted
        : MESSAGES.deletion.restaurantAnonymized;
    return { ...removal, message };
  },
});
