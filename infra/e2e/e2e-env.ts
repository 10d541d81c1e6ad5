import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

// The first admin of the e2e portal: random per run, generated once in Playwright's main process
// (which loads this file first) and inherited through the environment by the portal it starts
// and by the test workers, so all of them agree.
process.env.E2E_ADMIN_EMAIL ??= `admin-${randomBytes(3).toString('hex')}@turno.example`;
process.env.E2E_ADMIN_PASSWORD ??= randomBytes(18).toString('base64url');

/** Every port of the e2e portal is shifted by this (E2E_PORT_OFFSET lets two suites run side by side). */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? '10000');

/** The fake ViaCEP/Nominatim service the e2e portal looks addresses up in (support/fake-address-service.ts). */
export const FAKE_ADDRESS_PORT = 4490 + PORT_OFFSET;

/** Environment of the portal the browser tests run against (see start-portal.ts). */
export const E2E_ENV = {
  PORT_OFFSET: String(PORT_OFFSET),
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno_e2e',
  TURNO_STATE_FILE: join(__dirname, '..', '..', '.turno', 'portal-e2e.json'),
  SESSION_KEY_PREFIX: `turno-e2e-${PORT_OFFSET}:auth:`,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  CEP_LOOKUP_URL: `http://127.0.0.1:${FAKE_ADDRESS_PORT}/ws/{cep}/json/`,
  ADDRESS_SEARCH_URL: `http://127.0.0.1:${FAKE_ADDRESS_PORT}/search`,
} as const;

export const E2E_BASE_URL = `http://localhost:${8080 + PORT_OFFSET}`;
