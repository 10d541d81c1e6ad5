/**
 * Text search of the lists: case- and accent-insensitive substring match ("acougue" finds
 * "Aux de Açougueiro"). The rule is `turno_fold(text)`, an immutable SQL function of the migration
 * `list_reads` (lower case, Portuguese accents removed); searchable rows keep their text folded in a
 * generated `search_text` column, and the search term is folded by the same function.
 */

/** `text` as a LIKE operand matching it anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * SQL true when any of `columns` (already folded: a `search_text` column) contains the search term
 * bound at `?` (give it `containsPattern(q)` once per column).
 */
export function foldedMatch(columns: readonly string[]): string {
  return `(${columns.map((column) => `${column} like turno_fold(?)`).join(' or ')})`;
}
