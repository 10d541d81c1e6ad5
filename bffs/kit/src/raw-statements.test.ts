/**
 * Raw statements sent through the ORM's pool (raw-statements.ts): the same rows, types and errors
 * as MikroORM's own path, the same knex events, and a transaction's statements still in their
 * transaction.
 */
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { sendRawStatementsThroughPool } from './raw-statements';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  sendRawStatementsThroughPool(db.orm);
  sendRawStatementsThroughPool(db.orm); // once per ORM, however often asked
});
afterAll(async () => {
  await db.drop();
});

const STATEMENT = `select ?::int as n, ?::text as t, ?::timestamptz as at, ?::bigint as big, ?::date as day, ? as yes`;
const PARAMS = [7, "d'água", new Date('2026-11-23T10:00:00.000Z'), '9007199254740993', '2026-11-23', true];

describe('sendRawStatementsThroughPool', () => {
  it('answers what MikroORM answers: the values written in the same way, the same pg types', async () => {
    const connection = db.orm.em.getConnection();
    const [row] = await connection.execute<Record<string, unknown>[]>(STATEMENT, PARAMS);
    expect(row).toMatchObject({ n: 7, t: "d'água", big: '9007199254740993', yes: true });
    // MikroORM's own path (a logger context sends it there) reads the very same row.
    const [viaOrm] = await connection.execute<Record<string, unknown>[]>(
      STATEMENT,
      PARAMS,
      'all',
      undefined,
      {
        label: 'orm',
      },
    );
    expect(row).toEqual(viaOrm);
    expect(await connection.execute('select 1 as one', [], 'get')).toEqual({ one: 1 });
    expect(await connection.execute('select 1 as one union all select 2', [], 'run')).toMatchObject({
      affectedRows: 2,
      rows: [{ one: 1 }, { one: 2 }],
    });
  });

  it('is seen by knex query listeners (round-trip counts) with the statement as sent', async () => {
    const knex = db.orm.em.getConnection().getKnex();
    const seen: string[] = [];
    const onQuery = (query: { sql: string }) => seen.push(query.sql);
    knex.on('query', onQuery);
    try {
      await db.orm.em.getConnection().execute('select ? as n', [5]);
    } finally {
      knex.off('query', onQuery);
    }
    expect(seen).toEqual(['select 5 as n']);
  });

  it('fails like knex: the PostgreSQL error with its code, its message after the statement', async () => {
    const failure = db.orm.em
      .getConnection()
      .execute('select 1 / ? as x', [0])
      .catch((error: unknown) => error);
    await expect(failure).resolves.toMatchObject({
      code: '22012',
      message: 'select 1 / 0 as x - division by zero',
    });
    // The pool is not left short: the connection went back.
    await expect(db.orm.em.getConnection().execute('select 2 as n')).resolves.toEqual([{ n: 2 }]);
  });

  it("keeps a transaction's statements in that transaction", async () => {
    await db.orm.em.getConnection().execute(`create table raw_statements_probe (id int)`);
    await expect(
      db.orm.em.fork().transactional(async (em) => {
        const connection = em.getConnection();
        await connection.execute(
          'insert into raw_statements_probe values (1)',
          [],
          'run',
          em.getTransactionContext(),
        );
        const inside = await connection.execute<{ n: string }[]>(
          'select count(*) as n from raw_statements_probe',
          [],
          'all',
          em.getTransactionContext(),
        );
        // Outside the transaction (no context): through the pool, not seeing the uncommitted row.
        const outside = await connection.execute<{ n: string }[]>(
          'select count(*) as n from raw_statements_probe',
        );
        expect([inside[0]?.n, outside[0]?.n]).toEqual(['1', '0']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await expect(
      db.orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from raw_statements_probe'),
    ).resolves.toEqual([{ n: '0' }]);
  });
});
