import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from '../accounts/password';
import { TEST_PASSWORD_COST, useTestPasswordCost, withProductionPasswordCost } from './password-cost';

const costOf = (hash: string) => hash.split('$').slice(1, 4).map(Number);

describe('the test-only password cost', () => {
  it('leaves the production cost frozen', () => {
    expect(Object.isFrozen(PASSWORD_COST)).toBe(true);
    expect(() => {
      (PASSWORD_COST as { N: number }).N = 2 ** 10;
    }).toThrow(TypeError);
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('refuses to lower the cost outside NODE_ENV=test', async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(useTestPasswordCost()).rejects.toThrow(/only be changed in tests/);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    expect(costOf(await hashPassword('ainda a de produção'))).toEqual([2 ** 17, 8, 1]);
  });

  it('makes core hash at the test cost, and at the production cost inside withProductionPasswordCost', async () => {
    await useTestPasswordCost();
    const cheap = await hashPassword('senha de teste');
    expect(costOf(cheap)).toEqual([TEST_PASSWORD_COST.N, 8, 1]);
    await expect(verifyPassword('senha de teste', cheap)).resolves.toBe(true);
    expect(needsRehash(cheap)).toBe(false);

    const strong = await withProductionPasswordCost(() => hashPassword('senha de teste'));
    expect(costOf(strong)).toEqual([2 ** 17, 8, 1]);
    expect(costOf(await hashPassword('de volta'))).toEqual([TEST_PASSWORD_COST.N, 8, 1]);
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });
});
