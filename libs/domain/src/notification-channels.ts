/**
 * The notification channels beyond the in-app centre (issue 26): the e-mail's pt-BR template (an
 * HTML and a plain-text part), the web push payload, the browser control's texts, and their bounds.
 * One source of truth for the workers' adapters, the shell BFF and the host's service worker.
 */
import { BUSINESS_MEMBER_ROLE_DUTIES, BUSINESS_MEMBER_ROLE_LABELS } from './business-members';
import { formatDateBR } from './format';
import { saoPauloDate } from './time';

/** At most this many browsers per person receive web push (the oldest subscription goes first). */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 10;
/** Longest Web Push endpoint URL accepted (real services' are ~200–500 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

/** What a notification's channels are given: its text and the path it opens. */
export interface ChannelNotification {
  id: number;
  title: string;
  body: string;
  /** A host path (`/dashboard/trabalhos`). */
  link: string;
}

/** The absolute link of a notification: the configured public URL + its path. */
export function absoluteNotificationLink(publicUrl: string, link: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return link.startsWith('/') ? `${base}${link}` : `${base}/${link}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The e-mail of a notification: subject, plain-text part and HTML part (pt-BR). */
export function notificationEmail(
  notification: ChannelNotification,
  options: { publicUrl: string; recipientName?: string | null },
): { subject: string; text: string; html: string } {
  const url = absoluteNotificationLink(options.publicUrl, notification.link);
  const preferences = absoluteNotificationLink(options.publicUrl, '/dashboard/perfil');
  const greeting = options.recipientName?.trim() ? `Olá, ${options.recipientName.trim()}!` : 'Olá!';
  const subject = `Turno: ${notification.title}`;
  const text = [
    greeting,
    '',
    notification.body,
    '',
    `Abrir no Turno: ${url}`,
    '',
    '—',
    'Você recebe este e-mail porque tem uma conta no Turno.',
    `Escolha quais avisos receber em Perfil → Notificações: ${preferences}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(notification.title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(notification.body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px">Abrir no Turno</a></p>
<p style="margin:0;font-size:13px;color:#57534e">Você recebe este e-mail porque tem uma conta no Turno.
<a href="${escapeHtml(preferences)}" style="color:#1d4ed8">Escolha quais avisos receber em Perfil → Notificações</a>.</p>
</div></body></html>`;
  return { subject, text, html };
}

/** What the team invitation's e-mail says (issue 28): who invites, to what, until when, and the link. */
export interface MemberInvitationEmailInput {
  businessName: string;
  role: 'manager' | 'supervisor';
  storeNames: readonly string[];
  /** The portal's public URL and the link's path (`/convite-equipe/<token>`). */
  publicUrl: string;
  path: string;
  expiresAt: Date;
}

/**
 * The e-mail that carries a team invitation's one-time link (issue 28): pt-BR, an HTML and a
 * plain-text part. The person may have no account yet: nothing in it assumes one.
 */
export function memberInvitationEmail(input: MemberInvitationEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const url = absoluteNotificationLink(input.publicUrl, input.path);
  const role = BUSINESS_MEMBER_ROLE_LABELS[input.role];
  const duties = BUSINESS_MEMBER_ROLE_DUTIES[input.role];
  const stores = input.storeNames.join(', ');
  const until = formatDateBR(saoPauloDate(input.expiresAt));
  const subject = `Turno: convite para a equipe de ${input.businessName}`;
  const invite = `${input.businessName} convidou você para a equipe no Turno como ${role}.`;
  const where = `${input.storeNames.length === 1 ? 'Loja' : 'Lojas'}: ${stores}.`;
  const once = `O link vale até ${until} e funciona uma vez. Entre com sua conta para aceitar; se for seu primeiro acesso, ela é criada ao entrar.`;
  const text = [
    'Olá!',
    '',
    invite,
    duties,
    where,
    '',
    `Aceitar o convite: ${url}`,
    '',
    once,
    '',
    '—',
    'Se você não esperava este convite, ignore este e-mail.',
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:16px">Olá!</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(invite)}</h1>
<p style="margin:0 0 8px;font-size:16px;line-height:1.5">${escapeHtml(duties)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(where)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px">Aceitar o convite</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5">${escapeHtml(once)}</p>
<p style="margin:0;font-size:13px;color:#57534e">Se você não esperava este convite, ignore este e-mail.</p>
</div></body></html>`;
  return { subject, text, html };
}

/** The web push payload (JSON, encrypted by `web-push`); the service worker shows it and opens `link`. */
export interface PushPayload {
  id: number;
  title: string;
  body: string;
  /** A host path; the service worker opens it on the worker's own origin. */
  link: string;
}

/** The payload of a notification's push (well under the 4 KB a push service accepts). */
export function notificationPushPayload(notification: ChannelNotification): PushPayload {
  return {
    id: notification.id,
    title: notification.title.slice(0, 120),
    body: notification.body.slice(0, 600),
    link: notification.link.slice(0, 200),
  };
}

/** The browser control's texts (bell menu until Perfil → Notificações has it). */
export const PUSH_MESSAGES = {
  enable: 'Ativar notificações no navegador',
  disable: 'Desativar notificações no navegador',
  enabled: 'Notificações no navegador ativadas.',
  disabled: 'Notificações no navegador desativadas.',
  denied: 'O navegador bloqueou as notificações. Libere-as nas configurações do site para ativar.',
  unsupported: 'Este navegador não recebe notificações.',
  failed: 'Não foi possível ativar as notificações no navegador. Tente de novo.',
  unavailable: 'As notificações no navegador não estão disponíveis agora.',
} as const;
