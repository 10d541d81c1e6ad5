import {
  currentPasswordCost,
  hashPassword,
  PASSWORD_COST,
  setPasswordCostForTests,
  type PasswordCost,
} from '../accounts/password';

/**
 * The scrypt cost of admin passwords in tests that are about something else (sign-in flow,
 * throttles, second factor, sessions, audit, seeding), not scrypt: at the production cost (N=2^17,
 * 128 MiB and about 0.3 s of CPU per check, seconds on a loaded machine) they spend most of their
 * time hashing. services/core's password.test asserts the production cost, and the tests that are
 * about the cost (re-hashing an older hash) run inside `withProductionPasswordCost`.
 */
export const TEST_PASSWORD_COST: PasswordCost = Object.freeze({ N: 2 ** 14, r: 8, p: 1 });

/**
 * `beforeAll(useTestPasswordCost)`: core hashes at TEST_PASSWORD_COST in this test file (Jest gives
 * each file its own module registry; never a process's environment or settings). Core refuses it
 * unless NODE_ENV is 'test'.
 */
export async function useTestPasswordCost(): Promise<void> {
  setPasswordCostForTests(TEST_PASSWORD_COST);
  // Proof that the core the code under test runs hashes at this cost now (a second copy of core's
  // module would silently keep the production cost, and these tests slow again unnoticed).
  const hash = await hashPassword('uma senha de teste qualquer');
  if (!hash.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$`))
    throw new Error(`core still hashes at another cost: ${hash.split('$').slice(0, 4).join('$')}`);
}

/** Runs `run` with core's production cost (PASSWORD_COST, N=2^17), then puts this file's cost back. */
export async function withProductionPasswordCost<T>(run: () => Promise<T>): Promise<T> {
  const before = currentPasswordCost();
  setPasswordCostForTests(PASSWORD_COST);
  try {
    return await run();
  } finally {
    setPasswordCostForTests(before);
  }
}
