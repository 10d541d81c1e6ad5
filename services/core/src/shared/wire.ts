/** Helpers shaping database values for the wire contracts. */

/** An instant as an ISO-8601 string in UTC, or null. */
export function isoInstant(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}

/** Street and number as one line ("Rua Vergueiro, 1500"), or null when there is no street. */
export function addressLine(
  address: string | null | undefined,
  number: string | null | undefined,
): string | null {
  if (!address) return null;
  return number ? `${address}, ${number}` : address;
}

/**
 * SQL: a timestamptz column as UTC text to the microsecond ('2026-11-23T10:00:00.123456Z'), exact
 * enough to be a keyset cursor and read back with `?::timestamptz`.
 */
export const UTC_MICROSECONDS = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * SQL: a timestamptz column as the wire's ISO-8601 UTC text ('2026-11-23T10:00:00.123Z', what
 * `Date.toISOString()` writes), for read models that return plain rows.
 */
export const UTC_ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
