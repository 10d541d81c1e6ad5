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

/** The default suite keeps the database name it always had; another offset gets one of its own. */
const E2E_DATABASE = PORT_OFFSET === 10000 ? 'turno_e2e' : `turno_e2e_${PORT_OFFSET}`;

/** The fake ViaCEP/Nominatim service the e2e portal looks addresses up in (support/fake-address-service.ts). */
export const FAKE_ADDRESS_PORT = 4490 + PORT_OFFSET;

/** Environment of the portal the browser tests run against (see start-portal.ts). */
export const E2E_ENV = {
  PORT_OFFSET: String(PORT_OFFSET),
  // Database, sessions and state file are the offset's own (start-portal.ts gives each run its queues), so suites side by side never meet.
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? `postgresql://postgres@127.0.0.1:5432/${E2E_DATABASE}`,
  TURNO_STATE_FILE: join(__dirname, '..', '..', '.turno', `portal-e2e-${PORT_OFFSET}.json`),
  SESSION_KEY_PREFIX: `turno-e2e-${PORT_OFFSET}:auth:`,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  ADMIN_TOTP_SECRET: process.env.E2E_ADMIN_TOTP_SECRET,
  CEP_LOOKUP_URL: `http://127.0.0.1:${FAKE_ADDRESS_PORT}/ws/{cep}/json/`,
  ADDRESS_SEARCH_URL: `http://127.0.0.1:${FAKE_ADDRESS_PORT}/search`,
  // Every browser of the suite signs in from 127.0.0.1, a hundred times in a run: the per-address
  // sign-in limit (60 per 10 minutes in production) is the shell BFF's tests' to prove, not this suite's.
  SIGN_IN_IP_MAX_REQUESTS: '10000',
} as const;

export const E2E_BASE_URL = `http://localhost:${8080 + PORT_OFFSET}`;
