import { PASSWORD_COST, hashPassword } from '@turno/core';

/**
 * The scrypt cost of admin passwords in this package's route tests. The routes' tests check the
 * sign-in flow (throttles, second factor, sessions, audit), not scrypt: at the production cost
 * (N=2^17, 128 MiB and about 0.3 s of CPU per check, seconds on a loaded machine) they spent most of
 * their time hashing. services/core's password.test asserts the production cost, and the tests that
 * are about the cost (re-hashing an older hash) run inside `withProductionPasswordCost`.
 *
 * Test files opt in with `beforeAll(useTestPasswordCost)`: it refuses to run outside Jest, and it
 * changes the cost object core's hashPassword / needsRehash read, in this test file's module
 * registry only (Jest gives each test file its own), never a process's environment or settings.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 14, r: 8, p: 1 } as const;

type Cost = { N: number; r: number; p: number };
const PRODUCTION_COST: Cost = { ...PASSWORD_COST };
const cost = PASSWORD_COST as Cost;

export async function useTestPasswordCost(): Promise<void> {
  if (!process.env.JEST_WORKER_ID) throw new Error('useTestPasswordCost is for Jest tests only');
  Object.assign(cost, TEST_PASSWORD_COST);
  // Proof that core hashes at this cost now (a copy of the constant in core would silently keep
  // the production cost, and these tests slow again without anyone noticing).
  const hash = await hashPassword('uma senha de teste qualquer');
  if (!hash.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$`))
    throw new Error(`core still hashes at another cost: ${hash.split('$').slice(0, 4).join('$')}`);
}

/** Runs `run` with core's production cost (N=2^17), then puts this file's cost back. */
export async function withProductionPasswordCost<T>(run: () => Promise<T>): Promise<T> {
  const before = { ...cost };
  Object.assign(cost, PRODUCTION_COST);
  try {
    return await run();
  } finally {
    Object.assign(cost, before);
  }
}
