/** What every list read model takes besides its filter. */
export interface ListReadOptions {
  /** The moment "today", "this week" and "this month" are computed from (Sao Paulo time). */
  now: Date;
  /** The data version the caller read (latestEventId); counts are reused while it holds. */
  dataVersion?: number;
}

/**
 * The `count(*)` columns of a counts row as numbers (PostgreSQL's bigint arrives as text); a
 * missing row or column counts 0.
 */
export function countsOf<K extends string>(
  row: Partial<Record<K, string | number | null>> | undefined,
  keys: readonly K[],
): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>;
}
