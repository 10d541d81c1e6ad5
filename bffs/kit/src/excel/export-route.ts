import { Readable } from 'node:stream';
import { z } from 'zod';

/** The answer of an export route: the .xlsx stream itself (the kit sends it as the body). */
export const XlsxStreamSchema = z.custom<Readable>((value) => value instanceof Readable);

/** Every item of a keyset list, page after page (an export streams what the screen's filters show). */
export async function* allPages<T>(
  read: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
