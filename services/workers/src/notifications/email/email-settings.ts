/**
 * The e-mail channel's settings (docs/operations.md, "Notifications"): off unless SMTP_HOST is set.
 * - SMTP_HOST, SMTP_PORT (587; 465 implies TLS from the start), SMTP_SECURE (`true`/`false`, to
 *   override), SMTP_USER and SMTP_PASSWORD (both or neither), MAIL_FROM ("Turno <avisos@…>");
 * - PUBLIC_URL: the portal's address, the e-mails' links start with it.
 */
export interface EmailSettings {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | null;
  from: string;
  publicUrl: string;
}

export const DEFAULT_MAIL_FROM = 'Turno <avisos@turno.local>';

export function emailSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EmailSettings | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const port = env.SMTP_PORT ? Number(env.SMTP_PORT) : 587;
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`SMTP_PORT must be a port, got "${env.SMTP_PORT}"`);
  const user = env.SMTP_USER?.trim() ?? '';
  const pass = env.SMTP_PASSWORD ?? '';
  if (Boolean(user) !== Boolean(pass)) throw new Error('SMTP_USER and SMTP_PASSWORD go together');
  const publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${Number(env.GATEWAY_PORT ?? 8080)}`;
  return {
    host,
    port,
    secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : port === 465,
    auth: user ? { user, pass } : null,
    from: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}
