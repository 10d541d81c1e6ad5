import type { Pool } from 'pg';
import type { EntityManager } from '@turno/core';

/**
 * Just enough of an EntityManager for the read models (`em.getConnection().execute(sql, params)`)
 * over a plain `pg` pool: the raw twin of the benchmark runs the very same SQL as the BFF without
 * MikroORM, Koa or zod in between. `?` placeholders become `$1…$n` (the read SQL has no other `?`).
 */
export function plainPgReader(pool: Pool, onQuery?: (sql: string, params: unknown[]) => void): EntityManager {
  const execute = async (sql: string, params: unknown[] = []) => {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    onQuery?.(text, params);
    const result = await pool.query(text, params);
    return result.rows;
  };
  return { getConnection: () => ({ execute }) } as unknown as EntityManager;
}
