import nodemailer, { type Transporter } from 'nodemailer';
import { claimDelivery, finishDelivery, previewMemberInvitation, recipientsOf } from '@turno/core';
import { TEAM_INVITATION_PATH, memberInvitationEmail, notificationEmail } from '@turno/domain';
import type { NotificationChannel } from '../channels';
import { DeliveryBusyError, type ChannelInput, type EntityManagerSource } from '../channel-context';
import type { EmailSettings } from './email-settings';

/** Makes the SMTP transport of the settings (a pool: the channel sends many, few at a time). */
export function smtpTransport(settings: EmailSettings): Transporter {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.auth ? { auth: settings.auth } : {}),
    pool: true,
    maxConnections: 4,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

export interface EmailChannel extends NotificationChannel {
  /**
   * A team invitation's link (issue 28) to an address that may have no account: once per
   * invitation (its Message-ID), nothing kept in PostgreSQL (the link's token lives in the job only).
   * 'gone': the invitation is no longer open (used, revoked, expired or unknown); nothing is sent.
   */
  sendMemberInvitation(token: string, now?: Date): Promise<'sent' | 'gone'>;
  close(): void;
}

/**
 * The e-mail channel: each notification once to its person's address (pt-BR, an HTML and a
 * plain-text part, the absolute link built from PUBLIC_URL; libs/domain `notificationEmail`).
 * Idempotent per notification: `notification_deliveries` (claimed before sending, ended after; a
 * try already sending makes this one throw, to be retried);
 * a person without an address is `skipped`; an SMTP refusal of the address (5xx) ends it `failed`
 * quietly; anything else (connection, 4xx) throws, so the job retries with backoff and the next
 * claim sends again. A crash between the server's acceptance and the row's end sends it twice: the
 * one gap at-least-once leaves (the Message-ID is the same, so a mail client shows one).
 */
export function createEmailChannel(options: {
  settings: EmailSettings;
  em: EntityManagerSource;
  transport?: Transporter;
}): EmailChannel {
  const transport = options.transport ?? smtpTransport(options.settings);
  const domain = /@([^>\s]+)>?\s*$/.exec(options.settings.from)?.[1] ?? 'turno.local';
  return {
    name: 'email',
    async send(notification: ChannelInput) {
      const em = options.em();
      const claim = await claimDelivery(em, notification.id, 'email');
      if (claim.action === 'done') return;
      if (claim.action === 'busy') throw new DeliveryBusyError(notification.id, 'email');
      const recipient = (await recipientsOf(em, [notification.id])).get(notification.id);
      if (!recipient?.email) {
        await finishDelivery(em, notification.id, 'email', 'skipped', 'sem e-mail');
        return;
      }
      const mail = notificationEmail(notification, {
        publicUrl: options.settings.publicUrl,
        recipientName: recipient.name,
      });
      try {
        await transport.sendMail({
          from: options.settings.from,
          to: recipient.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<notification-${notification.id}@${domain}>`,
          headers: { 'X-Turno-Notification': String(notification.id) },
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const permanent = code !== undefined && code >= 500;
        await finishDelivery(
          em,
          notification.id,
          'email',
          'failed',
          `${code ?? ''} ${(error as Error).message}`.trim(),
        );
        if (permanent) return;
        throw error;
      }
      await finishDelivery(em, notification.id, 'email', 'sent');
    },
    async sendMemberInvitation(token: string, now = new Date()) {
      const invitation = await previewMemberInvitation(options.em(), token, now);
      if (!invitation || invitation.state !== 'open') return 'gone';
      const mail = memberInvitationEmail({
        businessName: invitation.businessName,
        role: invitation.role,
        storeNames: invitation.storeNames,
        publicUrl: options.settings.publicUrl,
        path: `${TEAM_INVITATION_PATH}/${token}`,
        expiresAt: invitation.expiresAt,
      });
      await transport.sendMail({
        from: options.settings.from,
        to: invitation.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<team-invitation-${invitation.id}@${domain}>`,
      });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
