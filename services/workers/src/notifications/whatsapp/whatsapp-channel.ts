import { claimDelivery, finishDelivery, recipientsOf } from '@turno/core';
import type { NotificationChannel } from '../channels';
import {
  DeliveryBusyError,
  isPermanent,
  type ChannelInput,
  type EntityManagerSource,
} from '../channel-context';

/**
 * WhatsApp through Meta's Cloud API, template messages only (a business may start a conversation
 * with a person only by an approved template). Off unless WHATSAPP_PHONE_NUMBER_ID and
 * WHATSAPP_ACCESS_TOKEN are set; WHATSAPP_TEMPLATE (default `turno_aviso`, language pt_BR, a body
 * with {{1}} title and {{2}} text and a URL button whose suffix is {{1}} the link's path) and
 * WHATSAPP_API_URL (default the Graph API v21.0) name the rest. Not enabled in any environment yet.
 */
export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  template: string;
  apiUrl: string;
}

export function whatsAppSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WhatsAppSettings | null {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim() ?? '';
  const accessToken = env.WHATSAPP_ACCESS_TOKEN?.trim() ?? '';
  if (!phoneNumberId && !accessToken) return null;
  if (!/^\d+$/.test(phoneNumberId) || !accessToken)
    throw new Error('WHATSAPP_PHONE_NUMBER_ID (digits) and WHATSAPP_ACCESS_TOKEN go together');
  return {
    phoneNumberId,
    accessToken,
    template: env.WHATSAPP_TEMPLATE?.trim() || 'turno_aviso',
    apiUrl: (env.WHATSAPP_API_URL?.trim() || 'https://graph.facebook.com/v21.0').replace(/\/+$/, ''),
  };
}

/** A Brazilian phone as the Cloud API wants it (digits with the country code: 5511987654321), or null. */
export function whatsAppNumber(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
  return national.length === 10 || national.length === 11 ? `55${national}` : null;
}

/** The template message of a notification (Cloud API `messages` body). */
export function whatsAppTemplateMessage(settings: WhatsAppSettings, to: string, notification: ChannelInput) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: settings.template,
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: notification.title },
            { type: 'text', text: notification.body },
          ],
        },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: notification.link.replace(/^\//, '') }],
        },
      ],
    },
    biz_opaque_callback_data: `notification:${notification.id}`,
  };
}

/**
 * The WhatsApp channel (the adapter interface of channels.ts): once per notification
 * (`notification_deliveries`), to the person's phone; none or not a Brazilian mobile: `skipped`; a
 * 4xx from the API (bad number, template not approved): `failed`, quietly; a 5xx, 429 or network
 * failure throws (the job retries).
 */
export function createWhatsAppChannel(options: {
  settings: WhatsAppSettings;
  em: EntityManagerSource;
  fetch?: typeof fetch;
}): NotificationChannel {
  const post = options.fetch ?? fetch;
  const url = `${options.settings.apiUrl}/${options.settings.phoneNumberId}/messages`;
  return {
    name: 'whatsapp',
    async send(notification: ChannelInput) {
      const em = options.em();
      const claim = await claimDelivery(em, notification.id, 'whatsapp');
      if (claim.action === 'done') return;
      if (claim.action === 'busy') throw new DeliveryBusyError(notification.id, 'whatsapp');
      const recipient = (await recipientsOf(em, [notification.id])).get(notification.id);
      const to = whatsAppNumber(recipient?.phone ?? null);
      if (!to) {
        await finishDelivery(em, notification.id, 'whatsapp', 'skipped', 'sem celular');
        return;
      }
      let response: Response;
      try {
        response = await post(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.settings.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(whatsAppTemplateMessage(options.settings, to, notification)),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        await finishDelivery(em, notification.id, 'whatsapp', 'failed', `rede: ${(error as Error).message}`);
        throw error;
      }
      const answer = await response.text();
      if (response.ok) {
        await finishDelivery(em, notification.id, 'whatsapp', 'sent', answer.slice(0, 300));
        return;
      }
      await finishDelivery(em, notification.id, 'whatsapp', 'failed', `${response.status}: ${answer}`);
      if (!isPermanent(response.status))
        throw new Error(`WhatsApp ${response.status}: ${answer.slice(0, 200)}`);
    },
  };
}
