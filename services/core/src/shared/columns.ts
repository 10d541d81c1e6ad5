import { p } from '@mikro-orm/core';

/** `created_at timestamptz not null default now()`, also filled in by the ORM on insert. */
export const createdAtColumn = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** `updated_at timestamptz not null default now()`, refreshed by the ORM on every update. */
export const updatedAtColumn = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

/** A wall-clock time 'HH:MM' (America/Sao_Paulo meaning), stored as text so it never shifts. */
export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** SQL list literal of string values, for CHECK constraints: `('a', 'b')`. */
export function sqlList(values: readonly string[]): string {
  return `(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`;
}
