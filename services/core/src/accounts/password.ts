import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** An scrypt cost: N (CPU/memory), r (block size), p (parallelism). */
export interface PasswordCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Admin passwords, hashed with scrypt (node:crypto). Stored form:
 * `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`, so the cost can be raised while old hashes
 * still verify; `needsRehash` tells the sign-in to store a new hash at the current cost (transparent
 * re-hashing). Cost: OWASP's Password Storage Cheat Sheet minimum for scrypt, N=2^17, r=8, p=1
 * (128 MiB per check: the sign-in caps how many run at once). Frozen: nothing lowers it at run time.
 */
export const PASSWORD_COST: PasswordCost = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });

/** The cost new hashes are made at and `needsRehash` compares with: PASSWORD_COST outside tests. */
let COST: PasswordCost = PASSWORD_COST;

/**
 * Test-only, reached through `@turno/core/testing` (`useTestPasswordCost`), never through
 * `@turno/core`: hash at `cost` from now on in this module registry (Jest gives each test file its
 * own), `null` for PASSWORD_COST again. Refuses unless NODE_ENV is 'test' (Jest sets it when unset),
 * so a running service cannot lower the cost.
 */
export function setPasswordCostForTests(cost: PasswordCost | null): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('The password cost can only be changed in tests');
  COST = cost === null ? PASSWORD_COST : Object.freeze({ N: cost.N, r: cost.r, p: cost.p });
}

/** The cost new hashes are made at now (PASSWORD_COST outside tests). */
export function currentPasswordCost(): PasswordCost {
  return COST;
}

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function deriveKey(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 129 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0) throw new Error('Password must not be empty');
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parseHash(
  stored: string,
): { cost: { N: number; r: number; p: number }; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length !== KEY_LENGTH) return null;
  return { cost: { N, r, p }, salt, key };
}

/** True when a stored hash was made at a lower cost than today's (store a new one at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.cost.N < COST.N || parsed.cost.r < COST.r || parsed.cost.p < COST.p;
}

/** True when `password` matches the stored hash; compares in constant time. Malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.cost);
  return timingSafeEqual(candidate, parsed.key);
}
