import type { Redis } from 'ioredis';
import { HttpError, hashId } from '@turno/bff-kit';
import { MESSAGES } from '@turno/domain';
import type { AdminLoginSettings } from './settings';

/**
 * The admin sign-in's throttles, all decided before the password is checked, so a burst of
 * concurrent attempts is counted one by one and cannot slip through while scrypt runs:
 *
 * - **per client address**: every attempt is counted atomically (INCR); past `ipMaxAttempts` in
 *   `ipWindowMinutes` the address gets 429 whatever the e-mail (a success gives its count back);
 * - **per (account, client address)**: the first `freeFailures` attempts go straight to the
 *   password check; each further one opens only after a delay that doubles (1 s, 2 s, 4 s… up to
 *   `maxDelaySeconds`), and attempts inside the delay get 429 with Retry-After. Keyed by the pair,
 *   so someone who knows an admin's e-mail can slow down only their own address, never lock the
 *   admin out (the hard account lock this replaces could be held forever by anyone);
 * - **password checks at once**: at most `maxConcurrentChecks` scrypt runs per process, at most
 *   `maxQueuedChecks` waiting; beyond that 429 (scrypt is the costly part of a flood).
 *
 * Every refusal is logged with hashed e-mail and address.
 */

/** KEYS: attempts, not-before. ARGV: now ms, free failures, max delay ms, window seconds. */
const ACCOUNT_ADDRESS_SCRIPT = `
local notBefore = tonumber(redis.call('GET', KEYS[2]) or '0')
local now = tonumber(ARGV[1])
if now < notBefore then return {0, notBefore - now} end
local attempts = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
local free = tonumber(ARGV[2])
if attempts > free then
  local delay = math.min(1000 * 2 ^ (attempts - free - 1), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], tostring(now + delay), 'PX', math.floor(delay))
end
return {1, attempts}
`;

/** After a failed check: the delay restarts from now (the check itself may have taken a while). KEYS/ARGV as above. */
const AFTER_FAILURE_SCRIPT = `
local attempts = tonumber(redis.call('GET', KEYS[1]) or '0')
local free = tonumber(ARGV[2])
if attempts > free then
  local delay = math.min(1000 * 2 ^ (attempts - free - 1), tonumber(ARGV[3]))
  redis.call('SET', KEYS[2], tostring(tonumber(ARGV[1]) + delay), 'PX', math.floor(delay))
end
return attempts
`;

export type RefusalReason = 'address-limit' | 'account-delay' | 'busy';

export class AdminLoginRefused extends HttpError {
  constructor(
    readonly reason: RefusalReason,
    readonly retryAfterSeconds: number,
  ) {
    super(429, MESSAGES.adminAuth.tooManyAttempts);
  }
}

/** A counting semaphore for the password checks of this process (one per app). */
export class CheckSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly max: number,
    private readonly maxQueued: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.maxQueued) throw new AdminLoginRefused('busy', 1);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export interface AttemptKeys {
  address: string;
  accountAttempts: string;
  accountNotBefore: string;
}

export class AdminLoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly settings: AdminLoginSettings,
    private readonly keyPrefix: string,
    private readonly slots: CheckSlots,
  ) {}

  keys(email: string, ip: string): AttemptKeys {
    const base = `${this.keyPrefix}admin-login:`;
    const pair = hashId(`${email}\n${ip}`);
    return {
      address: `${base}ip:${hashId(ip)}`,
      accountAttempts: `${base}pair:${pair}:attempts`,
      accountNotBefore: `${base}pair:${pair}:not-before`,
    };
  }

  /** Counts this attempt everywhere, or refuses it (429) without touching the password. */
  async admit(keys: AttemptKeys, now: number = Date.now()): Promise<void> {
    const windowSeconds = Math.round(this.settings.ipWindowMinutes * 60);
    const [addressCount] = (await this.redis
      .multi()
      .incr(keys.address)
      .expire(keys.address, windowSeconds, 'NX')
      .exec()
      .then((results) => (results ?? []).map(([, value]) => Number(value)))) as number[];
    if ((addressCount ?? 0) > this.settings.ipMaxAttempts) {
      const ttl = await this.redis.ttl(keys.address);
      throw new AdminLoginRefused('address-limit', Math.max(1, ttl));
    }
    const [admitted, detail] = (await this.redis.eval(
      ACCOUNT_ADDRESS_SCRIPT,
      2,
      keys.accountAttempts,
      keys.accountNotBefore,
      String(now),
      String(this.settings.freeFailures),
      String(this.settings.maxDelaySeconds * 1000),
      String(Math.round(this.settings.failureWindowMinutes * 60)),
    )) as [number, number];
    if (admitted !== 1) throw new AdminLoginRefused('account-delay', Math.max(1, Math.ceil(detail / 1000)));
  }

  /** Runs a password check in one of the process's slots (429 when too many wait). */
  check<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.run(work);
  }

  /** After a wrong password: the pair's delay, if any, counts from now. */
  async failed(keys: AttemptKeys, now: number = Date.now()): Promise<void> {
    await this.redis.eval(
      AFTER_FAILURE_SCRIPT,
      2,
      keys.accountAttempts,
      keys.accountNotBefore,
      String(now),
      String(this.settings.freeFailures),
      String(this.settings.maxDelaySeconds * 1000),
    );
  }

  /**
   * After a correct password with a second step to come: the address gets its attempt back and the
   * pair's delay is lifted so the code can be sent at once, but the pair's count stays: code
   * failures go on from it (someone holding the password gains no fresh attempts by signing in
   * again), and only a completed sign-in (`succeeded`) starts the pair afresh.
   */
  async passwordAccepted(keys: AttemptKeys): Promise<void> {
    await this.redis.multi().del(keys.accountNotBefore).decr(keys.address).exec();
  }

  /** After a correct password: the pair starts afresh and the address gets its attempt back. */
  async succeeded(keys: AttemptKeys): Promise<void> {
    await this.redis.multi().del(keys.accountAttempts, keys.accountNotBefore).decr(keys.address).exec();
  }
}
