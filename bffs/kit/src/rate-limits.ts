import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import { MESSAGES, USER_RATE_LIMITS, type UserRateLimitName } from '@turno/domain';
import { HttpError } from './errors';
import { WindowCounter } from './session/rate-limit';

export type { UserRateLimitName };

/** One per-user limit: at most `limit` calls per `windowSeconds`. */
export interface UserRateLimit {
  limit: number;
  windowSeconds: number;
}

/** The limits a BFF applies (null: that one is off). */
export type UserRateLimits = Record<UserRateLimitName, UserRateLimit | null>;

/** `createVacancies` → `USER_RATE_LIMIT_CREATE_VACANCIES`. */
export const userRateLimitEnvName = (name: UserRateLimitName) =>
  `USER_RATE_LIMIT_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;

/**
 * The per-user limits of libs/domain USER_RATE_LIMITS, each changed by its environment variable
 * when set: `USER_RATE_LIMIT_APPLY=60` (calls per window), `0` turns that limit off.
 */
export function userRateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): UserRateLimits {
  return Object.fromEntries(
    (Object.keys(USER_RATE_LIMITS) as UserRateLimitName[]).map((name) => {
      const { limit, windowMinutes } = USER_RATE_LIMITS[name];
      const variable = userRateLimitEnvName(name);
      const raw = env[variable]?.trim();
      const value = raw === undefined || raw === '' ? limit : Number(raw);
      if (!Number.isInteger(value) || value < 0)
        throw new Error(`${variable} must be a whole number (0 turns the limit off), got "${raw}"`);
      return [name, value === 0 ? null : { limit: value, windowSeconds: windowMinutes * 60 }];
    }),
  ) as UserRateLimits;
}

/** Who a per-user limit counts: the user (business or freelancer account) or the admin. */
export function rateLimitSubject(actor: unknown): string | null {
  const caller = actor as { role?: string; userId?: number; adminId?: number } | null;
  if (caller?.role === 'admin' && typeof caller.adminId === 'number') return `admin:${caller.adminId}`;
  if (typeof caller?.userId === 'number') return `user:${caller.userId}`;
  return null;
}

/**
 * Counts one call of `name` for the caller (Redis, a fixed window under the BFF's key prefix) and
 * refuses it past the limit: 429 with a pt-BR message and `Retry-After` (seconds until the window
 * ends). Calls refused by the limit are counted too, so a client that does not wait never gets
 * through.
 */
export async function enforceUserRateLimit(
  ctx: Context,
  input: {
    redis: Redis;
    keyPrefix: string;
    name: UserRateLimitName;
    limit: UserRateLimit | null;
    actor: unknown;
  },
): Promise<void> {
  const subject = rateLimitSubject(input.actor);
  if (!input.limit || !subject) return;
  const counter = new WindowCounter(input.redis, input.limit.limit, input.limit.windowSeconds);
  const key = `${input.keyPrefix}rate:${input.name}:${subject}`;
  if (!(await counter.hitAndCheck(key))) return;
  const seconds = Math.max(1, await counter.retryAfter(key));
  ctx.set('Retry-After', String(seconds));
  throw new HttpError(429, MESSAGES.common.tooManyActions(Math.ceil(seconds / 60)));
}
