import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The key that seals every store's presence-code (TOTP) secret at rest, `PRESENCE_CODE_KEY`, shared
 * by the restaurant BFF (shows the code) and the freelancer BFF (checks it). The approach of
 * accounts/admin-mfa-keys.ts with a key of its own: AES-256-GCM under an HKDF-derived key, the store
 * id as authenticated data (a sealed value copied to another store opens to nothing).
 *
 * Without the variable, development and tests use a fixed public key; with NODE_ENV=production it is
 * required (32+ characters) and the public values are refused.
 */
export const DEVELOPMENT_PRESENCE_CODE_KEY = 'turno-development-only-presence-code-key-never-in-production';
/** Values of PRESENCE_CODE_KEY written in this repository, refused in production (so is any "change-me"). */
export const PUBLIC_PRESENCE_CODE_KEYS: readonly string[] = [
  DEVELOPMENT_PRESENCE_CODE_KEY,
  'a-test-presence-key-of-at-least-thirty-two-characters',
];
const MIN_KEY_LENGTH = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function presenceCodeKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const key = env.PRESENCE_CODE_KEY ?? '';
  const generate = '32+ random characters, e.g. `openssl rand -base64 48`';
  if (key) {
    if (key.length < MIN_KEY_LENGTH)
      throw new Error(`PRESENCE_CODE_KEY must have at least ${MIN_KEY_LENGTH} characters (${generate})`);
    if (env.NODE_ENV === 'production' && (PUBLIC_PRESENCE_CODE_KEYS.includes(key) || /change-?me/i.test(key)))
      throw new Error(
        `PRESENCE_CODE_KEY is a public or placeholder value from the repository, refused in production: set ${generate}`,
      );
    return key;
  }
  if (env.NODE_ENV === 'production')
    throw new Error(`PRESENCE_CODE_KEY is required in production (${generate})`);
  return DEVELOPMENT_PRESENCE_CODE_KEY;
}

export class PresenceKeys {
  private readonly sealKey: Buffer;

  constructor(masterKey: string = presenceCodeKeyFromEnv()) {
    this.sealKey = Buffer.from(hkdfSync('sha256', masterKey, 'turno', 'turno-presence-secret-seal-v1', 32));
  }

  seal(storeId: number, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(`presence-secret:${storeId}`));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The secret, or null when the value was altered, sealed for another store or under another key. */
  open(storeId: number, sealed: string | null | undefined): string | null {
    if (!sealed?.startsWith('v1.') || sealed.length > 4096) return null;
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(`presence-secret:${storeId}`));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
