import type { EntityManager } from '@mikro-orm/postgresql';
import type { VersionedCache } from './versioned-cache';

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

/** A statement's text (`?` placeholders) and its parameters. */
export interface SqlStatement {
  sql: string;
  params: readonly unknown[];
}

/**
 * A list's page and, when they are not kept for this data version, its counts, in ONE statement
 * (a round trip is what a list request waits on most): the page's rows (its own order and limit)
 * and the counts' single row, as an object, beside each of them. Without counts, the page alone.
 * `counts` is undefined when it was not asked; a page of no rows still brings its counts.
 */
export async function readPageAndCounts<Row extends object>(
  em: EntityManager,
  page: SqlStatement,
  counts: SqlStatement | null,
): Promise<{ rows: Row[]; counts: Record<string, unknown> | undefined }> {
  const connection = em.getConnection();
  if (!counts)
    return { rows: await connection.execute<Row[]>(page.sql, [...page.params]), counts: undefined };
  const rows = await connection.execute<(Row & { __n: string | null; __counts: Record<string, unknown> })[]>(
    `with page as (select p.*, row_number() over () as __n from (${page.sql}) p),
       counts as (select row_to_json(c) as __counts from (${counts.sql}) c)
     select page.*, counts.__counts from counts left join page on true order by page.__n`,
    [...page.params, ...counts.params],
  );
  const pageRows = rows
    .filter((row) => row.__n !== null)
    .map(({ __n: _n, __counts: _counts, ...row }) => row as unknown as Row);
  return { rows: pageRows, counts: rows[0]?.__counts };
}

/**
 * `readPageAndCounts` with counts kept per data version in `cache`: a request of a version whose
 * counts are kept reads the page alone, any other reads both in one statement and keeps them.
 */
export async function readPageWithKeptCounts<Row extends object, C>(
  em: EntityManager,
  page: SqlStatement,
  counts: {
    cache: VersionedCache<C>;
    key: string;
    version: number | undefined;
    statement: () => SqlStatement;
    shape: (row: Record<string, unknown> | undefined) => C;
  },
): Promise<{ rows: Row[]; counts: C }> {
  const kept = counts.cache.peek(counts.key, counts.version);
  const read = await readPageAndCounts<Row>(em, page, kept === undefined ? counts.statement() : null);
  if (kept !== undefined) return { rows: read.rows, counts: kept };
  const shaped = counts.shape(read.counts);
  counts.cache.set(counts.key, counts.version, shaped);
  return { rows: read.rows, counts: shaped };
}

/**
 * The stat cards' counts of a list as one row: `count(*)` as "all", then one
 * `count(*) filter (where <condition>)` per status, over `from` (the table, its alias and its WHERE).
 * Shape the row with `countsOf(row, ['all', ...Object.keys(conditions)])`.
 */
export function statusCountsSql<K extends string>(from: string, conditions: Record<K, string>): string {
  const columns = Object.entries<string>(conditions).map(
    ([status, condition]) => `count(*) filter (where ${condition}) as "${status}"`,
  );
  return `select ${['count(*) as "all"', ...columns].join(', ')} from ${from}`;
}

/**
 * `readPageAndCounts` of a list whose only count is its total: `total` is a statement of one row
 * with a `total` column (`select count(*) as total from … where …`), read in the page's statement.
 */
export async function readPageAndTotal<Row extends object>(
  em: EntityManager,
  page: SqlStatement,
  total: SqlStatement,
): Promise<{ rows: Row[]; total: number }> {
  const read = await readPageAndCounts<Row>(em, page, total);
  return { rows: read.rows, total: Number(read.counts?.total ?? 0) };
}

/**
 * The one statement a read model sends (`read` given an EntityManager that only records it), and
 * its answer: `answer(rows)` hands the rows read elsewhere to that read model and returns what it
 * shapes of them. So a list can read a core read model's page inside a statement of its own making
 * (with its counts, `readPageAndCounts`) and keep that model's SQL and shaping in one place. A read
 * model that sends a second statement before its first is answered is refused.
 */
export async function statementOf<T>(
  read: (em: EntityManager) => Promise<T>,
): Promise<{ statement: SqlStatement; answer: (rows: unknown[]) => Promise<T> }> {
  let sent: SqlStatement | undefined;
  let giveRows!: (rows: unknown[]) => void;
  const rows = new Promise<unknown[]>((resolve) => (giveRows = resolve));
  let onSent!: () => void;
  const wasSent = new Promise<void>((resolve) => (onSent = resolve));
  const execute = (sql: string, params: readonly unknown[] = []) => {
    if (sent) throw new Error('statementOf: the read model sent a second statement');
    sent = { sql, params };
    onSent();
    return rows;
  };
  const recorder = { getConnection: () => ({ execute }) } as unknown as EntityManager;
  const result = read(recorder);
  const settled = result.then(() => {
    if (!sent) throw new Error('statementOf: the read model answered without a statement');
  });
  settled.catch(() => undefined); // its failure is `result`'s, answered by `answer`
  await Promise.race([wasSent, settled]);
  return {
    statement: sent!,
    answer: (found) => {
      giveRows(found);
      return result;
    },
  };
}

/**
 * Runs `read` (a read model that sends several statements at once, e.g. under `Promise.all`) with
 * one round trip per wave: the statements it has sent by the time it waits are read together in
 * one statement, each one's rows as a JSON array, and handed back to it. Rows arrive as JSON:
 * timestamps as ISO text, bigint and numeric as numbers, dates as 'YYYY-MM-DD' — only for read
 * models that shape such values themselves (`new Date(…)`, `Number(…)`), as a test of the answer
 * must show.
 */
export async function readTogether<T>(
  em: EntityManager,
  read: (em: EntityManager) => Promise<T>,
): Promise<T> {
  const waiting: {
    statement: SqlStatement;
    answer: (rows: unknown[]) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const execute = (sql: string, params: readonly unknown[] = []) =>
    new Promise<unknown[]>((answer, fail) => waiting.push({ statement: { sql, params }, answer, fail }));
  const recorder = { getConnection: () => ({ execute }) } as unknown as EntityManager;
  let done = false;
  const result = read(recorder).finally(() => (done = true));
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  await turn();
  while (!done && waiting.length > 0) {
    const wave = waiting.splice(0);
    try {
      const [row] = await em.getConnection().execute<Record<string, unknown[]>[]>(
        `select ${wave
          .map(
            ({ statement }, i) =>
              `(select coalesce(json_agg(t), '[]'::json) from (${statement.sql}) t) as r${i}`,
          )
          .join(', ')}`,
        wave.flatMap(({ statement }) => [...statement.params]),
      );
      wave.forEach(({ answer }, i) => answer(row?.[`r${i}`] ?? []));
    } catch (error) {
      wave.forEach(({ fail }) => fail(error));
    }
    await turn();
  }
  return result;
}
