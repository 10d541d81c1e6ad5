import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The keys of the admin second factor, all derived (HKDF-SHA256, one label each) from one secret,
 * `ADMIN_MFA_KEY`, which every shell BFF replica, the seeder and the admin CLI share:
 *
 * - TOTP secrets are stored sealed with AES-256-GCM (`v1.` + base64url of IV, ciphertext, tag; the
 *   purpose is authenticated data, so a value sealed for one use cannot be replayed as another);
 * - recovery codes are stored as HMAC-SHA-256 under a server key, not scrypt: they are 50 random
 *   bits each, far beyond guessing, so a slow hash adds nothing but 10 × 0.3 s per sign-in, while
 *   the keyed hash makes a stolen table useless without the key and can be looked up by equality;
 * - "remembered device" cookies carry an HMAC over the admin id, the expiry and the admin's
 *   `device_secret`, so rotating that column forgets every remembered device.
 *
 * Without `ADMIN_MFA_KEY` development and tests use a fixed, public development key; with
 * NODE_ENV=production the variable is required (at least 32 characters) and none of the public
 * values below is accepted: whoever knows the key can read sealed secrets and forge device cookies.
 */
export const DEVELOPMENT_ADMIN_MFA_KEY = 'turno-development-only-admin-mfa-key-never-use-in-production';
/**
 * Values of ADMIN_MFA_KEY that are public (written in this repository), refused in production: the
 * development key, infra/compose.yaml's former default, infra/k8s/base/secret.template.yaml's
 * placeholder and the tests' key. Any value containing "change-me" is refused as a placeholder too.
 */
export const PUBLIC_ADMIN_MFA_KEYS: readonly string[] = [
  DEVELOPMENT_ADMIN_MFA_KEY,
  'turno-compose-local-only-admin-mfa-key-change-me',
  'CHANGE-ME-AT-LEAST-32-RANDOM-CHARACTERS',
  'a-test-key-of-at-least-thirty-two-characters',
];
const MIN_KEY_LENGTH = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function adminMfaKeyFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const key = env.ADMIN_MFA_KEY ?? '';
  const generate = '32+ random characters, e.g. `openssl rand -base64 48`';
  if (key) {
    if (key.length < MIN_KEY_LENGTH)
      throw new Error(`ADMIN_MFA_KEY must have at least ${MIN_KEY_LENGTH} characters (${generate})`);
    if (env.NODE_ENV === 'production' && (PUBLIC_ADMIN_MFA_KEYS.includes(key) || /change-?me/i.test(key)))
      throw new Error(
        `ADMIN_MFA_KEY is a public or placeholder value from the repository, refused in production: set ${generate}`,
      );
    return key;
  }
  if (env.NODE_ENV === 'production') throw new Error(`ADMIN_MFA_KEY is required in production (${generate})`);
  return DEVELOPMENT_ADMIN_MFA_KEY;
}

export type SealPurpose = 'totp-secret';

export class AdminMfaKeys {
  private readonly sealKey: Buffer;
  private readonly recoveryKey: Buffer;
  private readonly deviceKey: Buffer;

  constructor(masterKey: string = adminMfaKeyFromEnv()) {
    const derive = (label: string) => Buffer.from(hkdfSync('sha256', masterKey, 'turno', label, 32));
    this.sealKey = derive('turno-admin-mfa-seal-v1');
    this.recoveryKey = derive('turno-admin-recovery-code-v1');
    this.deviceKey = derive('turno-admin-remembered-device-v1');
  }

  seal(purpose: SealPurpose, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The plaintext, or null when the value was altered, sealed for another purpose or under another key. */
  open(purpose: SealPurpose, sealed: string | null | undefined): string | null {
    if (!sealed?.startsWith('v1.') || sealed.length > 4096) return null;
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** The stored form of a recovery code (64 hex characters); dashes and case do not matter. */
  hashRecoveryCode(code: string): string {
    return createHmac('sha256', this.recoveryKey).update(normalizeRecoveryCode(code)).digest('hex');
  }

  /** The signature of a remembered-device cookie. */
  deviceTag(adminId: number, expiresAtSeconds: number, deviceSecret: string): string {
    return createHmac('sha256', this.deviceKey)
      .update(`${adminId}.${expiresAtSeconds}.${deviceSecret}`)
      .digest('base64url');
  }

  deviceTagMatches(tag: string, adminId: number, expiresAtSeconds: number, deviceSecret: string): boolean {
    const expected = Buffer.from(this.deviceTag(adminId, expiresAtSeconds, deviceSecret));
    const given = Buffer.from(tag);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function normalizeRecoveryCode(code: string): string {
  return code.trim().toUpperCase().replace(/-/g, '');
}

/** `count` fresh recovery codes, `ABCDE-FGHIJ` (10 base32 characters: 50 random bits each). */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => BASE32[byte & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A fresh per-admin device secret (64 hex characters). */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('hex');
}

/** A base32 TOTP secret as authenticator apps take it (RFC 4648, no padding). */
export const TOTP_SECRET_PATTERN = /^[A-Z2-7]{16,128}$/;
