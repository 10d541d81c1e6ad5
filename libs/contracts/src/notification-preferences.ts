import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@turno/domain';

/**
 * Perfil → "Notificações" (issue 26), served by the shell BFF to a signed-in business or
 * freelancer: `GET /api/notifications/preferences` (their side's kinds, each channel offered, on or
 * off, locked when it cannot be turned off) and `PUT /api/notifications/preferences` (one choice;
 * the answer is the whole card again).
 */
export const NotificationPreferenceChannelSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
  /** Cannot be turned off (the in-app of a shift-critical kind). */
  locked: z.boolean(),
});

export const NotificationKindPreferencesSchema = z.object({
  /** A kind of libs/domain NOTIFICATION_KINDS (a string: a later release may add kinds). */
  kind: z.string(),
  label: z.string(),
  channels: z.array(NotificationPreferenceChannelSchema),
});

export const NotificationPreferencesResponseSchema = z.object({
  /** The channels offered, in the card's column order (WhatsApp only when configured). */
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  kinds: z.array(NotificationKindPreferencesSchema),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponseSchema>;

export const SetNotificationPreferenceRequestSchema = z.object({
  notification_kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type SetNotificationPreferenceRequest = z.infer<typeof SetNotificationPreferenceRequestSchema>;
