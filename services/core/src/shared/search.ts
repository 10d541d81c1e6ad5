/**
 * Text search of the lists: case- and accent-insensitive substring match ("acougue" finds
 * "Aux de Açougueiro"). Both sides go through `turno_fold(text)`, an immutable SQL function of the
 * migration `list_reads` (lower case, Portuguese accents removed), so the rule lives in one place.
 */

/** `pattern` as a LIKE operand matching it anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * SQL true when any of `columns` contains the search text bound at `?` (give it
 * `containsPattern(q)`). The expression takes one parameter per column.
 */
export function foldedMatch(columns: readonly string[]): string {
  return `(${columns.map((column) => `turno_fold(${column}) like turno_fold(?)`).join(' or ')})`;
}
