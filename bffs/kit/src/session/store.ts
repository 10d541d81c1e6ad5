import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { SecuritySettings, SessionPolicy } from './settings';

/** Who a session belongs to. Nothing personal: ids only. */
export type SessionPrincipal = { kind: 'user'; userId: number } | { kind: 'admin'; adminId: number };
export type SessionKind = SessionPrincipal['kind'];

/** What Redis holds for a session (epoch milliseconds). */
export type SessionRecord = SessionPrincipal & { createdAt: number; lastSeenAt: number };

const RecordSchema = z.union([
  z.object({
    kind: z.literal('user'),
    userId: z.number().int().positive(),
    createdAt: z.number(),
    lastSeenAt: z.number(),
  }),
  z.object({
    kind: z.literal('admin'),
    adminId: z.number().int().positive(),
    createdAt: z.number(),
    lastSeenAt: z.number(),
  }),
]);

/** 32 random bytes, base64url: 43 characters. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** A new random id of 256 bits, base64url (also used for sign-in state values). */
export function randomId(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret, hex: what Redis keys hold instead of the secret itself. */
export function hashId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/**
 * Sessions in Redis. The browser holds the id; Redis holds `prefix + 'session:' + sha256(id)`, so
 * a dump of Redis reveals no id that could be replayed. Idle timeout = the key's TTL, refreshed on
 * every use; absolute timeout = checked against `createdAt`, and the TTL never outlives it.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly settings: Pick<SecuritySettings, 'keyPrefix' | 'userSession' | 'adminSession'>,
  ) {}

  policy(kind: SessionKind): SessionPolicy {
    return kind === 'admin' ? this.settings.adminSession : this.settings.userSession;
  }

  /** The Redis key of a session id. */
  key(id: string): string {
    return `${this.settings.keyPrefix}session:${hashId(id)}`;
  }

  /** Every session key starts with this (tests clean up with it). */
  get keyPattern(): string {
    return `${this.settings.keyPrefix}session:*`;
  }

  /**
   * The Redis set of the session keys of one account (`…sessions-of:user:42`), so that rejecting,
   * deactivating, anonymizing or deleting it, or changing an admin's password, ends every session
   * of it at once. It lives as long as the longest session could; ended sessions leave stale members
   * that `endAllOf` deletes harmlessly and `create` prunes.
   */
  indexKey(principal: SessionPrincipal): string {
    const id = principal.kind === 'admin' ? principal.adminId : principal.userId;
    return `${this.settings.keyPrefix}sessions-of:${principal.kind}:${id}`;
  }

  /** Creates a session and returns its id (the only place the id exists outside the browser). */
  async create(principal: SessionPrincipal, now: number = Date.now()): Promise<string> {
    const id = randomId();
    const record: SessionRecord = { ...principal, createdAt: now, lastSeenAt: now };
    const policy = this.policy(principal.kind);
    const ttl = Math.min(policy.idleSeconds, policy.absoluteSeconds);
    const index = this.indexKey(principal);
    await this.pruneIndex(index);
    await this.redis
      .multi()
      .set(this.key(id), JSON.stringify(record), 'EX', ttl, 'NX')
      .sadd(index, this.key(id))
      .expire(index, policy.absoluteSeconds)
      .exec();
    return id;
  }

  /** Ends every session of this account (all browsers); answers how many were live. */
  async endAllOf(principal: SessionPrincipal): Promise<number> {
    const index = this.indexKey(principal);
    const keys = await this.redis.smembers(index);
    if (keys.length === 0) return 0;
    const results =
      (await this.redis
        .multi()
        .del(...keys)
        .del(index)
        .exec()) ?? [];
    return Number(results[0]?.[1] ?? 0);
  }

  /** Drops the members whose session has ended, so an account's set stays as small as its live sessions. */
  private async pruneIndex(index: string): Promise<void> {
    const keys = await this.redis.smembers(index);
    if (keys.length < 8) return;
    const alive = await this.redis.mget(...keys);
    const ended = keys.filter((_, position) => alive[position] === null);
    if (ended.length > 0) await this.redis.srem(index, ...ended);
  }

  /**
   * The live session of this id (and kind, when given), its idle timeout renewed; null when the id
   * is malformed, unknown, idle too long, past its absolute timeout (then deleted) or of another kind.
   */
  async touch(
    id: string | undefined,
    kind?: SessionKind,
    now: number = Date.now(),
  ): Promise<SessionRecord | null> {
    if (!id || !SESSION_ID.test(id)) return null;
    const key = this.key(id);
    // One round trip: Redis reads, checks and renews the record in one script (touchSession below).
    const raw = await touchSession(this.redis).turnoTouchSession(
      key,
      kind ?? '',
      now,
      this.settings.userSession.idleSeconds,
      this.settings.userSession.absoluteSeconds,
      this.settings.adminSession.idleSeconds,
      this.settings.adminSession.absoluteSeconds,
    );
    if (raw === null) return null;
    // The script checks what renewal needs; the record's whole shape is still the schema's to judge.
    const parsed = RecordSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      await this.redis.del(key);
      return null;
    }
    return parsed.data;
  }

  /**
   * `touch` for many sessions at once, by their keys (what a live stream keeps instead of the
   * id): the keys whose session is still live and of the expected kind, each renewed like a request
   * would renew it. Two round trips per batch of keys, whatever their number. A key listed twice
   * is read once.
   */
  async touchKeys(
    entries: readonly { key: string; kind: SessionKind }[],
    now: number = Date.now(),
    batchSize = 1_000,
  ): Promise<Set<string>> {
    const kindOf = new Map(entries.map((entry) => [entry.key, entry.kind]));
    const keys = [...kindOf.keys()];
    const live = new Set<string>();
    for (let start = 0; start < keys.length; start += batchSize) {
      const batch = keys.slice(start, start + batchSize);
      const values = await this.redis.mget(...batch);
      const renew = this.redis.pipeline();
      const renewed: string[] = [];
      batch.forEach((key, index) => {
        const parsed = RecordSchema.safeParse(safeJson(values[index] ?? ''));
        if (!parsed.success || parsed.data.kind !== kindOf.get(key)) return;
        const renewal = this.renewal(parsed.data, now);
        if (!renewal) return;
        renew.set(key, JSON.stringify(renewal.record), 'EX', renewal.ttl, 'XX');
        renewed.push(key);
      });
      if (renewed.length === 0) continue;
      const results = (await renew.exec()) ?? [];
      renewed.forEach((key, index) => {
        const [error, written] = results[index] ?? [null, null];
        // A session deleted between the read and the renewal (logout elsewhere) is over.
        if (!error && written !== null) live.add(key);
      });
    }
    return live;
  }

  /** The record and TTL after a use at `now`; null past the absolute timeout. */
  private renewal(record: SessionRecord, now: number): { record: SessionRecord; ttl: number } | null {
    const policy = this.policy(record.kind);
    const remainingMs = record.createdAt + policy.absoluteSeconds * 1000 - now;
    if (remainingMs <= 0) return null;
    const ttl = Math.max(1, Math.min(policy.idleSeconds, Math.ceil(remainingMs / 1000)));
    return { record: { ...record, lastSeenAt: now }, ttl };
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id || !SESSION_ID.test(id)) return;
    await this.redis.del(this.key(id));
  }
}

/**
 * `touch` inside Redis: KEYS[1] the session key; ARGV kind wanted ('' for any), now (ms), then the
 * idle and absolute timeouts (s) of user and admin sessions. Answers the renewed record (JSON), or nil
 * when there is none, it is of another kind, it cannot be read (deleted) or it is past its absolute
 * timeout (deleted). The TTL never outlives the absolute timeout; XX is implied (the key exists).
 */
const TOUCH_SESSION_LUA = `
local raw = redis.call('GET', KEYS[1])
if not raw then return nil end
local ok, record = pcall(cjson.decode, raw)
if not ok or type(record) ~= 'table' or (record.kind ~= 'user' and record.kind ~= 'admin')
  or type(record.createdAt) ~= 'number' then
  redis.call('DEL', KEYS[1])
  return nil
end
if ARGV[1] ~= '' and record.kind ~= ARGV[1] then return nil end
local now = tonumber(ARGV[2])
local idle, absolute = tonumber(ARGV[3]), tonumber(ARGV[4])
if record.kind == 'admin' then idle, absolute = tonumber(ARGV[5]), tonumber(ARGV[6]) end
local remaining = record.createdAt + absolute * 1000 - now
if remaining <= 0 then
  redis.call('DEL', KEYS[1])
  return nil
end
local ttl = math.max(1, math.min(idle, math.ceil(remaining / 1000)))
record.lastSeenAt = now
local renewed = cjson.encode(record)
redis.call('SET', KEYS[1], renewed, 'EX', ttl)
return renewed
`;

type TouchSessionRedis = Redis & {
  turnoTouchSession(key: string, kind: string, now: number, ...timeouts: number[]): Promise<string | null>;
};

/** The Redis client with the touch script defined on it (EVALSHA, EVAL when Redis lost the script). */
function touchSession(redis: Redis): TouchSessionRedis {
  const client = redis as TouchSessionRedis;
  if (typeof client.turnoTouchSession !== 'function') {
    redis.defineCommand('turnoTouchSession', { numberOfKeys: 1, lua: TOUCH_SESSION_LUA });
  }
  return client;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
