import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fuzzRoutes,
  startBffForTest,
  TEST_PUBLIC_URL,
  walkRoles,
  type TestBff,
} from '@turno/bff-kit/testing';
import { startDevIdpProcess, type DevIdpProcess } from '@turno/dev-idp/testing';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';
import { useTestPasswordCost } from '@turno/core/testing';

/**
 * Generated and mutated inputs for every shell route (sign-in, session, profile, admin sign-in and
 * security, address lookups, photos), with every role's session: no 5xx, and refused requests change
 * nothing (bffs/kit/src/testing/fuzz.ts). The real development provider and a stand-in address
 * service answer the calls that leave the BFF. CI runs a short pass; `FUZZ_RUNS_PER_ROUTE=10000`
 * runs the full one and `FUZZ_REPORT=1` prints the figures.
 */
const RUNS = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? '200');
const REDIRECT_URI = `${TEST_PUBLIC_URL}/auth/callback`;
jest.setTimeout(900_000);

let idp: DevIdpProcess;
let addresses: Server;
let bff: TestBff;

beforeAll(async () => {
  // Admin sign-in and "Alterar senha" inputs run scrypt (unknown e-mails against a random hash).
  await useTestPasswordCost();
  idp = await startDevIdpProcess({ redirectUris: [REDIRECT_URI] });
  // Any CEP is unknown and any search finds nothing: the shape the real services answer.
  addresses = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/ws/') ? '{"erro":"true"}' : '[]');
  });
  await new Promise<void>((resolve) => addresses.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(addresses.address() as AddressInfo).port}`;
  const settings = shellSettingsFromEnv({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    CEP_LOOKUP_URL: `${base}/ws/{cep}/json/`,
    ADDRESS_SEARCH_URL: `${base}/search`,
    // Every generated input reaches the sign-in handlers (not the per-address limit's 429).
    SIGN_IN_IP_MAX_REQUESTS: '1000000',
  });
  bff = await startBffForTest((deps) => createShellBff(deps, settings));
}, 300_000);

afterAll(async () => {
  await bff?.close();
  await idp?.stop();
  // Undefined when the set-up failed early: a `?.close(resolve)` would then never resolve.
  if (addresses) {
    addresses.closeAllConnections();
    await new Promise((resolve) => addresses.close(resolve));
  }
});

it(`answers ${RUNS} generated inputs per route without 5xx, and refusals leave the database as it was`, async () => {
  const result = await fuzzRoutes({ bff, roles: await walkRoles(bff.db.orm.em), runsPerRoute: RUNS });
  if (process.env.FUZZ_REPORT)
    console.warn(JSON.stringify({ bff: 'shell', ...result, findings: result.findings.length }));
  expect(result.findings).toEqual([]);
  expect(result.requests).toBeGreaterThan(0);
  expect(result.comparedBatches).toBeGreaterThan(0);
});
