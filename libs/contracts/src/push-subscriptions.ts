import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH } from '@turno/domain';

/**
 * Web push (issue 26), served by the shell BFF to every signed-in person:
 * `GET /api/notifications/push/public-key` (the VAPID public key the browser subscribes with; null
 * when web push is off), `POST /api/notifications/push-subscriptions` (the browser's
 * PushSubscription as `toJSON()` gives it) and `DELETE /api/notifications/push-subscriptions`
 * (by its endpoint).
 */
const base64url = (max: number) =>
  z
    .string()
    .min(16)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Formato inválido');

/** A push service's endpoint: an https URL (real services' are; so is the local one of npm start). */
const Endpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX_LENGTH)
  .url('Endereço inválido')
  .refine((value) => value.startsWith('https://'), 'O endereço deve começar com https://');

/** `PushSubscription.toJSON()`; its `expirationTime` is dropped (the push service says when it ends: 404/410). */
export const PushSubscriptionRequestSchema = z.object({
  endpoint: Endpoint,
  keys: z.object({
    /** The browser's P-256 public key (65 bytes, base64url: 87 characters). */
    p256dh: base64url(200),
    /** The 16-byte auth secret (base64url: 22 characters). */
    auth: base64url(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequestSchema>;

export const PushUnsubscribeRequestSchema = z.object({ endpoint: Endpoint });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequestSchema>;

/** Whether this browser now receives web push. */
export const PushSubscriptionResponseSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponseSchema>;

export const PushPublicKeyResponseSchema = z.object({ publicKey: z.string().nullable() });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;
