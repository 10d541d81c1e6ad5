import { callerDataVersion, route } from '@turno/bff-kit';
import { RestaurantProfileSchema, RestaurantProfileUpdateSchema } from '@turno/contracts';
import { updateRestaurantProfile } from '@turno/core';
import { readRestaurantProfile } from './profile.queries';

/**
 * GET /api/restaurant/profile — the signed-in business's profile (spec 01 §7). The panel reads
 * `is_approved` from it before offering the vacancy form; `304` while nothing of this business changed.
 */
export const getProfile = route({
  method: 'get',
  path: '/api/restaurant/profile',
  access: 'restaurant',
  memberAction: 'viewShifts',
  response: RestaurantProfileSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, actor }) => readRestaurantProfile(em, actor.restaurantId),
});

/**
 * PUT /api/restaurant/profile — the business edits its own profile (spec 01 §3 save payload):
 * responsible name and business name required, phone/CEP/establishment type checked by the accounts
 * service, empty optional fields cleared; CNPJ (check digits, 400 in pt-BR) and razão social once
 * set cannot be cleared. Answers the saved profile.
 */
export const updateProfile = route({
  method: 'put',
  path: '/api/restaurant/profile',
  access: 'restaurant',
  memberAction: 'editBusinessProfile',
  rateLimit: 'profileWrite',
  body: RestaurantProfileUpdateSchema,
  response: RestaurantProfileSchema,
  handler: async ({ em, actor, body }) => {
    const empty = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
    await updateRestaurantProfile(em, actor, {
      name: body.name,
      businessName: body.businessName,
      phone: empty(body.phone),
      address: empty(body.address),
      addressNumber: empty(body.addressNumber),
      cep: empty(body.cep),
      cuisineType: empty(body.cuisineType),
      contactPerson: empty(body.contactPerson),
      // Left out: unchanged; empty: cleared, refused once set (issue 25).
      cnpj: empty(body.cnpj),
      legalName: empty(body.legalName),
    });
    return readRestaurantProfile(em, actor.restaurantId);
  },
});
