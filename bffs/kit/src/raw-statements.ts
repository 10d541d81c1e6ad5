import type { Orm } from '@turno/core';

/** What of MikroORM's SQL connection (and its knex client) the pool path below uses. */
interface SqlConnection {
  execute(
    query: unknown,
    params?: unknown[],
    method?: string,
    ctx?: unknown,
    loggerContext?: unknown,
  ): Promise<unknown>;
  connected: boolean;
  ensureConnection(): Promise<void>;
  config: { get(key: 'onQuery'): (sql: string, params: readonly unknown[]) => string };
  platform: { formatQuery(sql: string, params: readonly unknown[]): string };
  logger: { isEnabled(namespace: string): boolean };
  getKnex(): Emitter & { client: KnexClient };
  transformRawResult(result: unknown, method: string): unknown;
}

interface PgConnection {
  __knexUid?: string;
  __knexTxId?: string;
  query(
    config: { text: string; values: unknown[] },
    done: (error: Error | null, result: unknown) => void,
  ): void;
}

interface Emitter {
  listenerCount(event: string): number;
  emit(event: string, ...args: unknown[]): boolean;
}

interface KnexClient extends Emitter {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

const THROUGH_POOL = Symbol.for('turno.bff-kit.raw-statements-through-pool');

/**
 * `em.getConnection().execute(sql, params)` outside a transaction — every read model's statement,
 * the caller's lookup — sent on a connection of the ORM's own pool without knex's query machinery
 * in between (its runner, raw builder and query executioner took about as much CPU per list request
 * as the statement's own `pg` work). What PostgreSQL receives is unchanged: MikroORM's text with
 * the values written in (its `formatQuery`), on the same pool, parsed by the same `pg` types.
 * What observers see is unchanged too: `onQuery`, knex's `query` / `query-response` / `query-error`
 * events (round-trip tests count statements by them) and, on failure, knex's error message (the
 * statement, then PostgreSQL's message). Everything else keeps MikroORM's path: a statement of a
 * transaction (`ctx` given), a knex builder, a logger context, and every statement while MikroORM's
 * query logging is on. Applied once per ORM (createBffApp).
 */
export function sendRawStatementsThroughPool(orm: Orm): void {
  const connection = orm.em.getConnection() as unknown as SqlConnection & { [THROUGH_POOL]?: true };
  if (connection[THROUGH_POOL]) return;
  connection[THROUGH_POOL] = true;
  const viaOrm = connection.execute.bind(connection);
  connection.execute = async (query, params = [], method = 'all', ctx, loggerContext) => {
    if (typeof query !== 'string' || ctx || loggerContext || connection.logger.isEnabled('query'))
      return viaOrm(query, params, method, ctx, loggerContext);
    if (!connection.connected) await connection.ensureConnection();
    const sql = connection.platform.formatQuery(connection.config.get('onQuery')(query, params), params);
    const knex = connection.getKnex();
    const client = knex.client;
    // The client passes its events on to the knex instance (one listener of its own per event).
    const observed = (event: string) => knex.listenerCount(event) > 0 || client.listenerCount(event) > 1;
    const pg = await client.acquireConnection();
    const seen = () => ({ __knexUid: pg.__knexUid, __knexTxId: pg.__knexTxId, sql, bindings: [] });
    try {
      if (observed('query')) client.emit('query', seen());
      const result = await new Promise((resolve, reject) =>
        pg.query({ text: sql, values: [] }, (error, answer) => (error ? reject(error) : resolve(answer))),
      );
      if (observed('query-response')) client.emit('query-response', result, seen());
      return connection.transformRawResult(result, method);
    } catch (error) {
      if (error instanceof Error) error.message = `${sql} - ${error.message}`;
      if (observed('query-error')) client.emit('query-error', error, seen());
      throw error;
    } finally {
      void client.releaseConnection(pg);
    }
  };
}
