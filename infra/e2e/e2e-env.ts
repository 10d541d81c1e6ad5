import { join } from 'node:path';

/** Environment of the portal the browser tests run against (see start-portal.ts). */
export const E2E_ENV = {
  PORT_OFFSET: '10000',
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/turno_e2e',
  TURNO_STATE_FILE: join(__dirname, '..', '..', '.turno', 'portal-e2e.json'),
  LOG_LEVEL: 'warn',
} as const;

export const E2E_BASE_URL = 'http://localhost:18080';
