/**
 * A small in-process cache of values that are exact for one data version: an entry is served only
 * while the version it was computed at is still current, so a change (a newer domain event id) makes
 * every older entry unreachable at once, without invalidation messages between replicas. Used for
 * the totals and status counts of lists, which a poll would otherwise recount on every request.
 * Bounded: past `maxEntries` the least recently used entry goes.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(private readonly maxEntries = 2_000) {}

  /** The value of `key` at `version`, computing (and keeping) it when absent or older. */
  async get(key: string, version: number | undefined, compute: () => Promise<V>): Promise<V> {
    if (version === undefined) return compute();
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const value = await compute();
    this.set(key, version, value);
    return value;
  }

  /**
   * The value of `key` kept at `version`, or undefined (then the caller computes it, e.g. in the
   * statement that reads its page, and keeps it with `set`).
   */
  peek(key: string, version: number | undefined): V | undefined {
    if (version === undefined) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The entry kept for `key` whatever its version (a statement may then check that version itself). */
  latest(key: string): { version: number; value: V } | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` as `key`'s at `version` (unless a newer version is kept already). */
  set(key: string, version: number | undefined, value: V): void {
    if (version === undefined) return;
    const newest = this.entries.get(key);
    if (newest && newest.version > version) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
