import { checkServices } from './preflight';

describe('preflight', () => {
  it('finds the local PostgreSQL and Redis', async () => {
    expect(
      await checkServices(
        process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno',
        process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      ),
    ).toEqual([]);
  });

  it('says in one line per service what cannot be reached and how to start it', async () => {
    const problems = await checkServices('postgresql://postgres@127.0.0.1:1/turno', 'redis://127.0.0.1:2');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^PostgreSQL is not reachable at 127\.0\.0\.1:1 — start it with `pg_ctlcluster/,
    );
    expect(problems[1]).toMatch(/^Redis is not reachable at 127\.0\.0\.1:2 — start it with `redis-server/);
  });
});
