import {
  FUZZ_USER_RATE_LIMITS,
  fuzzRoutes,
  startBffForTest,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { createFreelancerBff } from './app';

/**
 * Generated and mutated inputs for every route, with every role's session: no 5xx, and refused
 * requests change nothing (bffs/kit/src/testing/fuzz.ts). CI runs a short pass; `npm run fuzz`
 * runs 10,000 per route and prints the figures.
 */
const RUNS = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? '200');
jest.setTimeout(600_000);

let bff: TestBff;
beforeAll(async () => {
  // The per-user rate limits count but never stop the generated calls (rate-limit tests check them).
  bff = await startBffForTest(createFreelancerBff, { security: { userRateLimits: FUZZ_USER_RATE_LIMITS } });
});
afterAll(() => bff.close());

it(`answers ${RUNS} generated inputs per route without 5xx, and refusals leave the database as it was`, async () => {
  const result = await fuzzRoutes({ bff, roles: await walkRoles(bff.db.orm.em), runsPerRoute: RUNS });
  if (process.env.FUZZ_REPORT)
    console.warn(JSON.stringify({ bff: 'freelancer', ...result, findings: result.findings.length }));
  expect(result.findings).toEqual([]);
  expect(result.requests).toBeGreaterThan(0);
  expect(result.comparedBatches).toBeGreaterThan(0);
});
