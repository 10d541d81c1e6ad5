import { route } from '@turno/bff-kit';
import {
  RestaurantPathIdSchema,
  ShiftConfirmationSettingsSchema,
  ShiftReleaseResponseSchema,
  UpdateShiftConfirmationSettingsRequestSchema,
} from '@turno/contracts';
import { Restaurant, releaseUnconfirmed } from '@turno/core';
import { SHIFT_CONFIRMATION_MESSAGES } from '@turno/domain';
import { releaseOnTheWire } from '../shift-release/shift-release.route';

/**
 * POST /api/restaurant/assignments/:id/release-unconfirmed — "Liberar vaga" (issue 26): the
 * freelancer did not confirm presence; from 12 h before the start the business releases the shift
 * and the vacancy takes applications again. Nothing is owed (no fee, no strike); the freelancer is
 * told. Refused (409, pt-BR) for a confirmed shift, before the 12 h, or once checked in or started.
 * A retry answers the same.
 */
export const releaseUnconfirmedRoute = route({
  method: 'post',
  path: '/api/restaurant/assignments/:id/release-unconfirmed',
  access: 'restaurant',
  memberAction: 'manageVacancies',
  params: RestaurantPathIdSchema,
  response: ShiftReleaseResponseSchema,
  handler: async ({ em, actor, params }) =>
    releaseOnTheWire(
      await releaseUnconfirmed(em, actor, params.id),
      SHIFT_CONFIRMATION_MESSAGES.releasedMessage,
    ),
});

/** GET /api/restaurant/shift-confirmation-settings — the Perfil's "Liberar automaticamente turnos não confirmados". */
export const getShiftConfirmationSettings = route({
  method: 'get',
  path: '/api/restaurant/shift-confirmation-settings',
  access: 'restaurant',
  memberAction: 'viewShifts',
  response: ShiftConfirmationSettingsSchema,
  handler: async ({ em, actor }) => {
    const restaurant = await em.findOneOrFail(Restaurant, { id: actor.restaurantId });
    return { autoReleaseUnconfirmed: restaurant.autoReleaseUnconfirmed };
  },
});

/** PUT /api/restaurant/shift-confirmation-settings `{ autoReleaseUnconfirmed }` — the business's choice, saved. */
export const updateShiftConfirmationSettings = route({
  method: 'put',
  path: '/api/restaurant/shift-confirmation-settings',
  access: 'restaurant',
  memberAction: 'editBusinessProfile',
  rateLimit: 'profileWrite',
  body: UpdateShiftConfirmationSettingsRequestSchema,
  response: ShiftConfirmationSettingsSchema,
  handler: async ({ em, actor, body }) => {
    await em.nativeUpdate(
      Restaurant,
      { id: actor.restaurantId },
      { autoReleaseUnconfirmed: body.autoReleaseUnconfirmed },
    );
    return { autoReleaseUnconfirmed: body.autoReleaseUnconfirmed };
  },
});
