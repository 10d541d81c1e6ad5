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
