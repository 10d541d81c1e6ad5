import type { NotificationChannel } from './channels';
import type { EntityManagerSource } from './channel-context';
import { createEmailChannel } from './email/email-channel';
import { emailSettingsFromEnv } from './email/email-settings';
import { createWebPushChannel } from './web-push/web-push-channel';
import { webPushSettingsFromEnv } from './web-push/web-push-settings';
import { createWhatsAppChannel, whatsAppSettingsFromEnv } from './whatsapp/whatsapp-channel';

export type { NotificationChannel } from './channels';

/**
 * The channels configured in `env` (docs/operations.md, "Notifications"): e-mail with SMTP_HOST,
 * web push with the VAPID keys, WhatsApp with its Cloud API number and token. None configured: the
 * in-app centre alone. `close` ends the SMTP pool.
 */
export function notificationChannelsFromEnv(
  env: NodeJS.ProcessEnv,
  em: EntityManagerSource,
): { channels: NotificationChannel[]; close(): void } {
  const channels: NotificationChannel[] = [];
  const email = emailSettingsFromEnv(env);
  const emailChannel = email ? createEmailChannel({ settings: email, em }) : null;
  if (emailChannel) channels.push(emailChannel);
  const push = webPushSettingsFromEnv(env);
  if (push) channels.push(createWebPushChannel({ settings: push, em }));
  const whatsApp = whatsAppSettingsFromEnv(env);
  if (whatsApp) channels.push(createWhatsAppChannel({ settings: whatsApp, em }));
  return { channels, close: () => emailChannel?.close() };
}
