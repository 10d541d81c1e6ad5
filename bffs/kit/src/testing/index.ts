import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { seedDemoDataOnce } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import type { BffApp, BffDependencies } from '../app';
import { listen } from '../server';
import { securitySettings, type SecuritySettings } from '../session/settings';
import { createTestSession, deleteKeys, type TestPrincipal } from './sessions';

export * from './sessions';
export * from './route-walk';
export * from './event-stream';
export * from './round-trips';

/** The public URL test BFFs believe they serve (the CSRF guard allows its origin). */
export const TEST_PUBLIC_URL = 'http://localhost:18999';

export interface TestResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface TestRequestInit {
  method?: string;
  /** Sent as JSON (with Content-Type and the portal's Origin, as the browser would). */
  json?: unknown;
  /** A Cookie header, e.g. from `bff.sessionCookie(...)`. */
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestBff {
  url: string;
  /** The app under test: the route walk reads the endpoints its routers registered. */
  app: BffApp;
  db: TestDatabase;
  redis: Redis;
  security: SecuritySettings;
  /** GET a path and return status and parsed JSON body. */
  get(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }>;
  /** Any request; state-changing ones carry the portal's Origin unless `headers.origin` says otherwise. */
  request(path: string, init?: TestRequestInit): Promise<TestResponse>;
  /** A Cookie header for a new session of this principal, made directly in the session store. */
  sessionCookie(principal: TestPrincipal): Promise<string>;
  close(): Promise<void>;
}

/** Security settings of one test run: a Redis key prefix no other run shares, local-http cookies. */
export function testSecuritySettings(overrides: Partial<SecuritySettings> = {}): SecuritySettings {
  return {
    ...securitySettings({ PUBLIC_URL: TEST_PUBLIC_URL }),
    keyPrefix: `turno-test:${process.pid}:${randomBytes(6).toString('hex')}:`,
    ...overrides,
  };
}

/**
 * Starts a BFF on a random port over its own fresh database (migrated, demo data seeded unless
 * `seed: false`) and the real Redis under a key prefix of its own. Each test file gets its own;
 * `close()` drops the database and deletes the Redis keys.
 */
export async function startBffForTest(
  create: (deps: BffDependencies) => BffApp,
  options: { seed?: boolean; now?: Date; security?: Partial<SecuritySettings> } = {},
): Promise<TestBff> {
  const db = await createTestDatabase();
  if (options.seed ?? true) await seedDemoDataOnce({ orm: db.orm, now: options.now });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const security = testSecuritySettings(options.security);
  const bffApp = create({ orm: db.orm, redis, security });
  await bffApp.live?.ready();
  const server = await listen(bffApp.app, 0);
  const origin = new URL(security.publicUrl).origin;
  return {
    url: server.url,
    app: bffApp,
    db,
    redis,
    security,
    async get(path, init) {
      const response = await fetch(server.url + path, init);
      return { status: response.status, body: await response.json() };
    },
    async request(path, init = {}) {
      const method = (init.method ?? (init.json === undefined ? 'GET' : 'POST')).toUpperCase();
      const headers: Record<string, string> = {};
      if (method !== 'GET' && method !== 'HEAD') headers.origin = origin;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      if (init.cookie) headers.cookie = init.cookie;
      Object.assign(headers, init.headers);
      const response = await fetch(server.url + path, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        redirect: 'manual',
      });
      // A live stream (Server-Sent Events) never ends: its status and headers are the answer.
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        await response.body?.cancel();
        return { status: response.status, body: undefined, headers: response.headers };
      }
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body, headers: response.headers };
    },
    sessionCookie: (principal) => createTestSession(redis, principal, security),
    async close() {
      await bffApp.close();
      await server.close();
      await deleteKeys(redis, `${security.keyPrefix}*`);
      await redis.quit();
      await db.drop();
    },
  };
}
export * from './fuzz';
export * from './list-round-trip-suite';
