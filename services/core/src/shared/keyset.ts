import { MESSAGES } from '@turno/domain';
import { invalid } from './domain-error';

/**
 * Keyset pagination: a page ends with the sort key of its last row, and the next page starts after
 * it (`where (a, b, id) > (…)`), so every page is an index range scan however deep the reader goes
 * and rows inserted meanwhile never shift or repeat a page. The cursor a client carries is that key,
 * JSON in base64url: opaque to the client, checked on the way back in.
 */
export type CursorKey = readonly (string | number)[];

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The key in `cursor`, checked against `shape` (the type of each part, in order); a cursor the
 * server did not make is a pt-BR 400. Undefined when there is no cursor (the first page).
 */
export function decodeCursor(
  cursor: string | undefined,
  shape: readonly ('string' | 'number')[],
): (string | number)[] | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const fits =
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every(
      (part, index) =>
        typeof part === shape[index] &&
        (typeof part !== 'number' || (Number.isSafeInteger(part) && part >= 0)) &&
        (typeof part !== 'string' || part.length <= 40),
    );
  if (!fits) throw invalidCursor();
  return key as (string | number)[];
}

const invalidCursor = () => invalid('invalid_cursor', MESSAGES.validation.invalidCursor);

/**
 * One page out of `limit + 1` rows read: the first `limit`, and the cursor after the last of them
 * when the extra row shows there is more.
 */
export function pageOf<Row, Item>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => CursorKey,
  shape: (row: Row) => Item,
): { items: Item[]; nextCursor: string | null } {
  const visible = rows.slice(0, limit);
  const last = visible[visible.length - 1];
  return {
    items: visible.map(shape),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
