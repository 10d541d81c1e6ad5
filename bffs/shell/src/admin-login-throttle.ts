import { isIPv6 } from 'node:net';
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
 * - **per account, whatever the address**: at most `accountMaxFailures` wrong passwords or codes per
 *   `accountWindowMinutes` (keyed by the e-mail's hash, so unknown e-mails answer the same), then 429
 *   from every address, so guessing spread over many addresses stops too. Each attempt takes a unit
 *   before its check (atomic: a concurrent burst cannot overshoot) and gives it back unless it failed;
 *   a completed sign-in clears the count.
 *   A browser remembered for that admin after a second factor is exempt: a stranger's failures can
 *   slow the account down but not lock its owner out of their own device (OWASP's "device cookies");
 * - **password checks at once**: at most `maxConcurrentChecks` scrypt runs per process, at most
 *   `maxQueuedChecks` waiting; beyond that 429 (scrypt is the costly part of a flood). One client
 *   address (an IPv6 /64) holds at most `checksPerAddress` of them, running or waiting, and
 *   `reservedChecks` more run only for trusted callers (a remembered device, a signed-in admin), so
 *   anonymous callers cannot fill every slot;
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

/**
 * KEYS: the account's failures. ARGV: limit, window seconds. {1, count} when a unit was taken, else
 * {0, seconds left}.
 */
const ACCOUNT_ADMIT_SCRIPT = `
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[1]) then return {0, redis.call('TTL', KEYS[1])} end
local count = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[2]), 'NX')
return {1, count}
`;

/** KEYS: the account's failures. Gives a unit back (never creating the key without its expiry). */
const ACCOUNT_RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;

export type RefusalReason = 'address-limit' | 'account-delay' | 'account-limit' | 'busy';

export class AdminLoginRefused extends HttpError {
  constructor(
    readonly reason: RefusalReason,
    readonly retryAfterSeconds: number,
  ) {
    super(429, MESSAGES.adminAuth.tooManyAttempts);
  }
}

/**
 * The client address as the limits see it: an IPv4 address (also IPv4-mapped IPv6) itself, an IPv6
 * address by its /64, the block one subscriber gets (else one host could pose as 2^64 addresses).
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Who asks for a password check: the client address, and whether the caller is already trusted. */
export interface SlotClaim {
  address: string;
  /** A browser remembered for the admin, or a signed-in admin: may use the reserved slots. */
  trusted?: boolean;
}

/** A counting semaphore: `max` at once, `maxQueued` waiting, beyond that 429. */
class Lane {
  running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly max: number,
    private readonly maxQueued: number,
  ) {}

  get free(): boolean {
    return this.running < this.max;
  }

  async acquire(): Promise<void> {
    if (this.running < this.max) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= this.maxQueued) throw new AdminLoginRefused('busy', 1);
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/**
 * The password checks of this process (one per app): `max` at once and `maxQueued` waiting for
 * everyone, at most `perAddress` of those (running or waiting) for one client address, and
 * `reserved` more slots that only trusted callers use when the others are taken.
 */
export class CheckSlots {
  private readonly shared: Lane;
  private readonly reserved?: Lane;
  private readonly byAddress = new Map<string, number>();

  constructor(
    max: number,
    maxQueued: number,
    private readonly perAddress: number = Number.POSITIVE_INFINITY,
    reserved = 0,
  ) {
    this.shared = new Lane(max, maxQueued);
    if (reserved > 0) this.reserved = new Lane(reserved, maxQueued);
  }

  async run<T>(work: () => Promise<T>, claim?: SlotClaim): Promise<T> {
    const lane = claim?.trusted && !this.shared.free && this.reserved ? this.reserved : this.shared;
    const address = claim && !claim.trusted ? addressGroup(claim.address) : undefined;
    if (address !== undefined) {
      const held = this.byAddress.get(address) ?? 0;
      if (held >= this.perAddress) throw new AdminLoginRefused('busy', 1);
      this.byAddress.set(address, held + 1);
    }
    try {
      await lane.acquire();
      try {
        return await work();
      } finally {
        lane.release();
      }
    } finally {
      if (address !== undefined) {
        const held = (this.byAddress.get(address) ?? 1) - 1;
        if (held > 0) this.byAddress.set(address, held);
        else this.byAddress.delete(address);
      }
    }
  }
}

export interface AttemptKeys {
  address: string;
  accountAttempts: string;
  accountNotBefore: string;
  /** The account's failures from every address. */
  accountFailures: string;
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
      accountFailures: `${base}account:${hashId(email)}`,
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

  /**
   * Takes a unit of the account's failures for this attempt, or refuses it (429) when the account has
   * had `accountMaxFailures` in the window. `release` gives it back unless the attempt failed.
   */
  async admitAccount(keys: AttemptKeys): Promise<void> {
    const [admitted, detail] = (await this.redis.eval(
      ACCOUNT_ADMIT_SCRIPT,
      1,
      keys.accountFailures,
      String(this.settings.accountMaxFailures),
      String(Math.round(this.settings.accountWindowMinutes * 60)),
    )) as [number, number];
    if (admitted !== 1) throw new AdminLoginRefused('account-limit', Math.max(1, detail));
  }

  async releaseAccount(keys: AttemptKeys): Promise<void> {
    await this.redis.eval(ACCOUNT_RELEASE_SCRIPT, 1, keys.accountFailures);
  }

  /** Runs a password check in one of the process's slots (429 when too many wait). */
  check<T>(work: () => Promise<T>, claim?: SlotClaim): Promise<T> {
    return this.slots.run(work, claim);
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

  /**
   * After a completed sign-in (or a right check by a signed-in admin): the pair and the account's
   * failures start afresh, and the address gets its attempt back. The account's count is of failures
   * since its owner last got in (a right password alone, with a code to come, does not clear it).
   */
  async succeeded(keys: AttemptKeys): Promise<void> {
    await this.redis
      .multi()
      .del(keys.accountAttempts, keys.accountNotBefore, keys.accountFailures)
      .decr(keys.address)
      .exec();
  }
}
