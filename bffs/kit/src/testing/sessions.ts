import type { Redis } from 'ioredis';
import type { Actor } from '@turno/core';
import { ADMIN_SESSION_COOKIE, USER_SESSION_COOKIE } from '../session/cookies';
import { securitySettings, type SecuritySettings } from '../session/settings';
import { SessionStore, type SessionPrincipal } from '../session/store';

/** Whom a test session is for: an Actor of @turno/core, a user without profile, or a raw principal. */
export type TestPrincipal = Actor | { role: 'user'; userId: number } | SessionPrincipal;

export function principalOf(who: TestPrincipal): SessionPrincipal {
  if ('kind' in who) return who;
  return who.role === 'admin'
    ? { kind: 'admin', adminId: who.adminId }
    : { kind: 'user', userId: who.userId };
}

/**
 * Creates a session directly in the store (no sign-in flow) and returns the Cookie header that
 * carries it: `turno_session=…` for users, `turno_admin=…` for admins.
 */
export async function createTestSession(
  redis: Redis,
  who: TestPrincipal,
  settings: Pick<SecuritySettings, 'keyPrefix' | 'userSession' | 'adminSession'> = securitySettings(),
): Promise<string> {
  const principal = principalOf(who);
  const id = await new SessionStore(redis, settings).create(principal);
  return `${principal.kind === 'admin' ? ADMIN_SESSION_COOKIE : USER_SESSION_COOKIE}=${id}`;
}

/** Deletes every key matching a pattern (SCAN, never KEYS). */
export async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
