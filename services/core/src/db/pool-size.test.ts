import { DEFAULT_POOL_MAX, ormConfig, poolMaxFromEnv } from './config';

describe('the PostgreSQL pool size', () => {
  const saved = process.env.DATABASE_POOL_MAX;
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_POOL_MAX;
    else process.env.DATABASE_POOL_MAX = saved;
  });

  it('is 10 per process unless DATABASE_POOL_MAX says otherwise', () => {
    expect(poolMaxFromEnv({})).toBe(DEFAULT_POOL_MAX);
    expect(DEFAULT_POOL_MAX).toBe(10);
    expect(poolMaxFromEnv({ DATABASE_POOL_MAX: '4' })).toBe(4);
    expect(poolMaxFromEnv({ DATABASE_POOL_MAX: ' ' })).toBe(10);
  });

  it('refuses a value that is not a whole number from 1 to 100', () => {
    for (const bad of ['0', '-3', '2.5', 'ten', '101'])
      expect(() => poolMaxFromEnv({ DATABASE_POOL_MAX: bad })).toThrow(
        `DATABASE_POOL_MAX must be a whole number from 1 to 100, got "${bad}"`,
      );
  });

  it('sizes the ORM pool from the environment, and an explicit poolMax still wins', () => {
    delete process.env.DATABASE_POOL_MAX;
    expect(ormConfig().pool).toEqual({ min: 0, max: 10 });
    process.env.DATABASE_POOL_MAX = '3';
    expect(ormConfig().pool).toEqual({ min: 0, max: 3 });
    expect(ormConfig({ poolMax: 2 }).pool).toEqual({ min: 0, max: 2 });
  });
});
