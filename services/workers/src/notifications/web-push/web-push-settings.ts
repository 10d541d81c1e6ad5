/**
 * The web push channel's settings (docs/operations.md, "Notifications"): off unless both VAPID keys
 * are set. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, P-256: `web-push generate-vapid-keys`),
 * VAPID_SUBJECT (`mailto:` or `https:` contact the push services may use; default mailto of MAIL_FROM's
 * domain). `npm start` makes a development pair once and keeps it in `.turno/vapid-keys.json`.
 * WEB_PUSH_CA_FILE (development only): see below.
 */
export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
  /**
   * WEB_PUSH_CA_FILE, development and tests only: a certificate (PEM) trusted besides the system's
   * for push endpoints (the local push service of `npm start`, @turno/dev-notify, is self-signed).
   */
  extraCaFile?: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function webPushSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WebPushSettings | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (!publicKey && !privateKey) return null;
  if (!BASE64URL.test(publicKey) || !BASE64URL.test(privateKey))
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together, base64url (web-push generate-vapid-keys)',
    );
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:avisos@turno.local';
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
  const extraCaFile = env.WEB_PUSH_CA_FILE?.trim() || undefined;
  if (extraCaFile && env.NODE_ENV === 'production')
    throw new Error('WEB_PUSH_CA_FILE is for development only');
  return { publicKey, privateKey, subject, ...(extraCaFile ? { extraCaFile } : {}) };
}
