import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The pending sign-in (state, PKCE verifier, nonce) travels in the browser's `turno_login` cookie,
 * sealed with AES-256-GCM (encrypted and authenticated), instead of waiting in Redis: starting a
 * sign-in stores nothing on the server, so anonymous calls to the redirect URL cannot fill Redis.
 * The key is derived (HKDF-SHA256) from the OIDC client secret, which every shell BFF replica
 * shares and nobody outside has; the cookie expires with the sign-in (10 minutes, also sealed in).
 * One use: the callback clears it, and the provider accepts each authorization code once.
 */
const SealedLoginSchema = z.object({
  state: z.string().min(1).max(200),
  codeVerifier: z.string().min(43).max(200),
  nonce: z.string().min(1).max(200),
  expiresAt: z.number().int(),
});
export type SealedLogin = z.infer<typeof SealedLoginSchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class LoginCookieSealer {
  private readonly key: Buffer;

  constructor(clientSecret: string) {
    if (!clientSecret) throw new Error('OIDC_CLIENT_SECRET is needed to seal the sign-in cookie');
    this.key = Buffer.from(hkdfSync('sha256', clientSecret, 'turno', 'turno-login-cookie-v1', 32));
  }

  seal(login: SealedLogin): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(login), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  }

  /** The sign-in sealed in this cookie value, or null when it was altered, forged or has expired. */
  open(value: string | undefined, now: number = Date.now()): SealedLogin | null {
    if (!value || value.length > 2048) return null;
    const raw = Buffer.from(value, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      const parsed = SealedLoginSchema.safeParse(JSON.parse(text));
      if (!parsed.success || parsed.data.expiresAt <= now) return null;
      return parsed.data;
    } catch {
      return null;
    }
  }
}
