/**
 * The e2e portal's own data, reached directly where a screen cannot set it up: one SQL statement on
 * its database, a session written into its session store, a valid CPF.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { E2E_BASE_URL, E2E_ENV } from '../e2e-env';

/** One SQL statement on the e2e portal's database; its rows as tab-separated text. */
export function sql(statement: string): string[] {
  const run = spawnSync('psql', [E2E_ENV.DATABASE_URL, '-At', '-F', '\t', '-c', statement], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout.split('\n').filter((line) => line !== '');
}

/**
 * A signed-in session of a user written directly in the portal's session store (as bff-kit's
 * createTestSession does): the development sign-in knows the demo people only, and a test's
 * freelancer is one the admin registered or one written by SQL.
 */
export function sessionCookieOf(userId: number): { name: string; value: string; url: string } {
  const id = randomBytes(32).toString('base64url');
  const key = `${E2E_ENV.SESSION_KEY_PREFIX}session:${createHash('sha256').update(id).digest('hex')}`;
  const record = JSON.stringify({ kind: 'user', userId, createdAt: Date.now(), lastSeenAt: Date.now() });
  const run = spawnSync(
    'redis-cli',
    ['-u', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'set', key, record, 'EX', '3600'],
    { encoding: 'utf8' },
  );
  if (run.status !== 0 || !run.stdout.includes('OK')) throw new Error(`redis-cli failed: ${run.stderr}`);
  return { name: 'turno_session', value: id, url: E2E_BASE_URL };
}

/** A valid CPF from 9 random digits, written 000.000.000-00. */
export function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  const text = digits.join('');
  return `${text.slice(0, 3)}.${text.slice(3, 6)}.${text.slice(6, 9)}-${text.slice(9)}`;
}
