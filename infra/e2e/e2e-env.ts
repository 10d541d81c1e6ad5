import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

// The first admin of the e2e portal: random per run, generated once in Playwright's main process
// (which loads this file first) and inherited through the environment by the portal it starts
// and by the test workers, so all of them agree.
process.env.E2E_ADMIN_EMAIL ??= `admin-${randomBytes(3).toString('hex')}@turno.example`;
process.env.E2E_ADMIN_PASSWORD ??= randomBytes(18).toString('base64url');
// Its TOTP second factor (base32, 160 bits), seeded as ADMIN_TOTP_SECRET so support/sign-in.ts can
// compute the current code (development and tests only: refused with NODE_ENV=production).
process.env.E2E_ADMIN_TOTP_SECRET ??= [...randomBytes(32)]
  .map((byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte & 31])
  .join('');

/** Every port of the e2e portal is shifted by this (E2E_PORT_OFFSET lets two suites run side by side). */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? '10000');

/**
 * How many portals the suite runs (E2E_PORTALS: 1 unless set to 2): each has its own ports, database
 * and sessions, and a worker of its own, so two groups of specs run at the same time without meeting
 * each other's data (see playwright.config.ts).
 */
export const E2E_PORTALS = process.env.E2E_PORTALS === '2' ? 2 : 1;

/** The second portal's ports are the first's shifted by this (no port of one is a port of the other). */
export const SECOND_PORTAL_SHIFT = 50;

/** The fake ViaCEP/Nominatim service the e2e portal looks addresses up in (support/fake-address-service.ts). */
export const FAKE_ADDRESS_PORT = 4490 + PORT_OFFSET;

/** The default suite keeps the database name it always had; another offset gets one of its own. */
function e2eDatabaseUrl(offset: number): string {
  if (offset === PORT_OFFSET && process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL;
  const name = offset === 10000 ? 'turno_e2e' : `turno_e2e_${offset}`;
  return `postgresql://postgres@127.0.0.1:5432/${name}`;
}

/** Environment of a portal the browser tests run against, all of its ports shifted by `offset` (see start-portal.ts). */
export function e2ePortalEnv(offset: number) {
  const fakeAddressPort = 4490 + offset;
  return {
    PORT_OFFSET: String(offset),
    // Database, sessions and state file are the offset's own (start-portal.ts gives each run its queues), so suites side by side never meet.
    DATABASE_URL: e2eDatabaseUrl(offset),
    TURNO_STATE_FILE: join(__dirname, '..', '..', '.turno', `portal-e2e-${offset}.json`),
    SESSION_KEY_PREFIX: `turno-e2e-${offset}:auth:`,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
    ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET: process.env.E2E_ADMIN_TOTP_SECRET,
    CEP_LOOKUP_URL: `http://127.0.0.1:${fakeAddressPort}/ws/{cep}/json/`,
    ADDRESS_SEARCH_URL: `http://127.0.0.1:${fakeAddressPort}/search`,
    // Every browser of the suite signs in from 127.0.0.1, a hundred times in a run: the per-address
    // sign-in limit (60 per 10 minutes in production) is the shell BFF's tests' to prove, not this suite's.
    SIGN_IN_IP_MAX_REQUESTS: '10000',
    // The same for the admins' sign-in (20 attempts per address per 15 minutes in production): a fast
    // run signs admins in (and types refused codes) more often than that from the one address.
    ADMIN_LOGIN_IP_MAX_ATTEMPTS: '10000',
    // Every process of the portal starts at once: on a loaded machine one may need more than the
    // 60 s `npm start` allows to answer its ready URL (Playwright's webServer timeout is 300 s).
    TURNO_READY_TIMEOUT_MS: '240000',
  } as const;
}

/**
 * Environment of the portal the browser tests run against (the first portal: the one every spec
 * that reads this file talks to).
 */
export const E2E_ENV = e2ePortalEnv(PORT_OFFSET);

/** The URL of a portal whose ports are shifted by `offset`. */
export const e2eBaseUrl = (offset: number) => `http://localhost:${8080 + offset}`;

/** Port offset of the second portal (when E2E_PORTALS is 2). */
export const SECOND_PORTAL_OFFSET = PORT_OFFSET + SECOND_PORTAL_SHIFT;

export const E2E_BASE_URL = e2eBaseUrl(PORT_OFFSET);
