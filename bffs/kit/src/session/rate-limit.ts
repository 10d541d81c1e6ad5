import type { Redis } from 'ioredis';

/**
 * A fixed-window counter in Redis: `hits` reads it, `hit` adds one (the window starts at the first
 * hit and lasts `windowSeconds`). Used for login throttles and the address lookups.
 */
export class WindowCounter {
  constructor(
    private readonly redis: Redis,
    readonly limit: number,
    readonly windowSeconds: number,
  ) {}

  async hits(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  async hit(key: string): Promise<number> {
    const results = await this.redis.multi().incr(key).expire(key, this.windowSeconds, 'NX').exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  async exceeded(key: string): Promise<boolean> {
    return (await this.hits(key)) >= this.limit;
  }

  /** Adds one and says whether the limit is now passed (for "at most N per window" on every call). */
  async hitAndCheck(key: string): Promise<boolean> {
    return (await this.hit(key)) > this.limit;
  }

  /** Seconds until the window ends (for Retry-After); 0 when there is none. */
  async retryAfter(key: string): Promise<number> {
    return Math.max(0, await this.redis.ttl(key));
  }

  reset(key: string): Promise<number> {
    return this.redis.del(key);
  }
}
