import type { NotificationToMake } from '@turno/core';

/**
 * A channel beyond the in-app centre (issue 26): web push (VAPID, `web-push`), e-mail (`nodemailer`
 * over SMTP, pt-BR with a plain-text part), WhatsApp (the Cloud API's template messages) — see
 * README.md beside this file. The delivery job calls every configured channel with the
 * notifications it has just made, so adding a channel touches neither the callers nor the fan-out;
 * a channel left unconfigured (WhatsApp by default) is simply absent from the list.
 */
export interface NotificationChannel {
  /** 'web_push' | 'email' | 'whatsapp' — the name preferences per person and kind will use. */
  readonly name: string;
  /**
   * Sends one notification to its person, idempotently for the same notification id (a retried job
   * may call twice). Throws on a transient failure (the job retries with backoff); a permanent
   * refusal (no subscription, address bounced) returns quietly.
   */
  send(notification: NotificationToMake & { id: number }): Promise<void>;
  /**
   * Sends a batch the same way, with set-based reads and writes (web push). Every notification is
   * tried before a transient failure of any throws; the retry sends only what did not go. Absent:
   * the delivery job calls `send` for each, a few at a time.
   */
  sendMany?(notifications: readonly (NotificationToMake & { id: number })[]): Promise<void>;
}
