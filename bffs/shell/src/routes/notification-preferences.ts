import { route } from '@turno/bff-kit';
import {
  NotificationPreferencesResponseSchema,
  SetNotificationPreferenceRequestSchema,
  type NotificationPreferencesResponse,
} from '@turno/contracts';
import {
  notificationPreferencesOf,
  setNotificationPreference,
  type EntityManager,
  type UserCaller,
} from '@turno/core';
import { offeredNotificationChannels } from '@turno/domain';

/** The channels a person may choose: WhatsApp only when its Cloud API is configured (the workers' variables). */
export function offeredChannels(env: NodeJS.ProcessEnv = process.env) {
  return offeredNotificationChannels(Boolean(env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID));
}

/** The caller's side (null before the profile is set up: nothing to choose, a choice refused). */
const sideOf = (caller: UserCaller) => caller.profile?.role ?? null;

async function preferencesView(
  em: EntityManager,
  caller: UserCaller,
): Promise<NotificationPreferencesResponse> {
  const channels = offeredChannels();
  return { channels, kinds: await notificationPreferencesOf(em, caller.userId, sideOf(caller), channels) };
}

/** GET /api/notifications/preferences — Perfil → "Notificações": the caller's side's kinds by channel. */
export const notificationPreferencesRead = route({
  method: 'get',
  path: '/api/notifications/preferences',
  access: 'user',
  response: NotificationPreferencesResponseSchema,
  handler: ({ em, actor }) => preferencesView(em, actor),
});

/**
 * PUT /api/notifications/preferences — one choice (kind, channel, on/off); 400 (pt-BR) for a kind
 * of the other side, a channel not offered, or turning off the in-app of a shift-critical kind.
 */
export const notificationPreferencesSet = route({
  method: 'put',
  path: '/api/notifications/preferences',
  access: 'user',
  rateLimit: 'profileWrite',
  body: SetNotificationPreferenceRequestSchema,
  response: NotificationPreferencesResponseSchema,
  handler: async ({ em, actor, body }) => {
    await setNotificationPreference(em, actor.userId, sideOf(actor), offeredChannels(), {
      kind: body.notification_kind,
      channel: body.channel,
      enabled: body.enabled,
    });
    return preferencesView(em.fork(), actor);
  },
});

export const notificationPreferenceRoutes = [notificationPreferencesRead, notificationPreferencesSet];
