// Display formatters that @turno/domain does not have. Money, dates and "Hoje/Amanhã" come from
// @turno/domain (formatMoney, formatWholeReais, formatDateBR, relativeDayLabel, …).
import { formatDateBR, formatDateTimeBR, parseInstant, saoPauloDate } from '@turno/domain';

/** A timestamp from the wire (ISO-8601) in Sao Paulo time: "21/11/2026 23:30" ("21/11/2026" with `dateOnly`); "—" when absent or unreadable. */
export function formatTimestampBR(
  timestamp: string | null | undefined,
  options: { dateOnly?: boolean } = {},
): string {
  const instant = parseInstant(timestamp);
  if (!instant) return '—';
  return options.dateOnly ? formatDateBR(saoPauloDate(instant)) : formatDateTimeBR(instant);
}

/** "08:00", "14:00" → "08:00 às 14:00" (seconds dropped). */
export function formatTimeRange(start: string, end: string): string {
  return `${start.slice(0, 5)} às ${end.slice(0, 5)}`;
}
