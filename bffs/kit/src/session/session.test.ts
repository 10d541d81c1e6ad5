import { z } from 'zod';
import { Redis } from 'ioredis';
import { ACCOUNT_ACCESS_MESSAGES, MESSAGES } from '@turno/domain';
import { Admin, Restaurant, User, OWNER_MEMBERSHIP } from '@turno/core';
import {
  createTestDatabase,
  insertFreelancer,
  insertRestaurant,
  type TestDatabase,
} from '@turno/core/testing';
import { createBffApp, listen, route, type RunningServer } from '../index';
import { createTestSession, deleteKeys, testSecuritySettings } from '../testing';
import {
  LOGIN_STATE_COOKIE,
  USER_SESSION_COOKIE,
  cookieNameFor,
  readCookie,
  serializeCookie,
} from './cookies';
import { Sessions } from './sessions';
import { isLocalHttpUrl, securitySettings, type SecuritySettings } from './settings';
import { SessionStore, hashId } from './store';

const Anything = z.unknown();
const routes = [
  route({
    method: 'get',
    path: '/api/open',
    access: 'public',
    response: Anything,
    handler: () => ({ ok: true }),
  }),
  route({
    method: 'get',
    path: '/api/me',
    access: 'user',
    response: Anything,
    handler: ({ actor }) => actor,
  }),
  route({
    method: 'get',
    path: '/api/restaurant/things/:id',
    access: 'restaurant',
    memberAction: 'viewShifts',
    params: z.object({ id: z.coerce.number().int() }),
    response: Anything,
    handler: ({ actor, params }) => ({ restaurantId: actor.restaurantId, id: params.id }),
  }),
  route({
    method: 'get',
    path: '/api/freelancer',
    access: 'freelancer',
    response: Anything,
    handler: ({ actor }) => actor,
  }),
  route({
    method: 'get',
    path: '/api/admin',
    access: 'admin',
    response: Anything,
    handler: ({ actor }) => actor,
  }),
  route({
    method: 'post',
    path: '/api/change',
    access: 'user',
    body: z.object({ value: z.string() }),
    response: Anything,
    handler: ({ body }) => ({ changed: body.value }),
  }),
  route({
    method: 'post',
    path: '/api/sign-in',
    access: 'public',
    body: z.object({ userId: z.number() }),
    response: Anything,
    handler: async ({ ctx, body, sessions }) => {
      await sessions.start(ctx, { kind: 'user', userId: body.userId });
      return { success: true };
    },
  }),
  route({
    method: 'get',
    path: '/api/sign-out',
    access: 'public',
    sameOriginOnly: true,
    response: Anything,
    handler: async ({ ctx, sessions }) => {
      await sessions.end(ctx, 'user');
      return { success: true };
    },
  }),
];

let db: TestDatabase;
let redis: Redis;
let server: RunningServer;
let security: SecuritySettings;
const ids = { restaurantUser: 0, restaurant: 0, freelancerUser: 0, freelancer: 0, newUser: 0, admin: 0 };

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  security = testSecuritySettings();
  const { app } = createBffApp({ name: 'bff-session-test', orm: db.orm, redis, routes, security });
  server = await listen(app, 0);

  const em = db.orm.em.fork();
  const restaurant = await insertRestaurant(em);
  const freelancer = await insertFreelancer(em);
  const newUser = em.create(User, { email: 'nova@example.com', name: 'Nova', userType: null });
  const admin = em.create(Admin, { email: 'admin@example.com', name: 'Admin', passwordHash: 'x' });
  await em.flush();
  Object.assign(ids, {
    restaurantUser: restaurant.user.id,
    restaurant: restaurant.id,
    freelancerUser: freelancer.user.id,
    freelancer: freelancer.id,
    newUser: newUser.id,
    admin: admin.id,
  });
});

afterAll(async () => {
  await server.close();
  await deleteKeys(redis, `${security.keyPrefix}*`);
  await redis.quit();
  await db.drop();
});

const origin = () => new URL(security.publicUrl).origin;
const call = async (
  path: string,
  init: { cookie?: string; method?: string; json?: unknown; headers?: Record<string, string> } = {},
) => {
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + path, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
};
const session = (who: Parameters<typeof createTestSession>[1]) => createTestSession(redis, who, security);

describe('session store', () => {
  it('makes 256-bit base64url ids and keeps only their SHA-256 in Redis, with nothing personal', async () => {
    const store = new SessionStore(redis, security);
    const id = await store.create({ kind: 'user', userId: 42 });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(await redis.exists(store.key(id))).toBe(1);
    expect(store.key(id)).toBe(`${security.keyPrefix}session:${hashId(id)}`);
    const keys = await redis.keys(`${security.keyPrefix}*`);
    expect(keys.some((key) => key.includes(id))).toBe(false);
    const value = JSON.parse((await redis.get(store.key(id))) as string);
    expect(Object.keys(value).sort()).toEqual(['createdAt', 'kind', 'lastSeenAt', 'userId']);
    expect(await redis.ttl(store.key(id))).toBeGreaterThan(security.userSession.idleSeconds - 5);
    expect(await new SessionStore(redis, security).create({ kind: 'user', userId: 42 })).not.toBe(id);
  });

  it('ends a session after the idle timeout, and renews it on use', async () => {
    // Each step waits for what it checks, not for a length of time: a loaded machine is slower, not wrong.
    const store = new SessionStore(redis, {
      ...security,
      userSession: { idleSeconds: 1, absoluteSeconds: 60 },
    });
    const idle = await store.create({ kind: 'user', userId: 1 });
    while ((await redis.exists(store.key(idle))) === 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.touch(idle)).toBeNull();

    // Use renews the idle window: a session with 0.5 s left is worth its whole idle period again.
    const renewing = new SessionStore(redis, {
      ...security,
      userSession: { idleSeconds: 30, absoluteSeconds: 60 },
    });
    const used = await renewing.create({ kind: 'user', userId: 1 });
    await redis.pexpire(renewing.key(used), 500);
    expect(await renewing.touch(used)).not.toBeNull();
    expect(await redis.pttl(renewing.key(used))).toBeGreaterThan(25_000);
  });

  it('ends a session at the absolute timeout whatever the activity', async () => {
    const store = new SessionStore(redis, {
      ...security,
      adminSession: { idleSeconds: 600, absoluteSeconds: 3600 },
    });
    const start = Date.now();
    const id = await store.create({ kind: 'admin', adminId: 1 }, start);
    expect(await store.touch(id, 'admin', start + 3599_000)).not.toBeNull();
    // The TTL never outlives the absolute deadline.
    expect(await redis.ttl(store.key(id))).toBeLessThanOrEqual(
      Math.ceil((start + 3600_000 - Date.now()) / 1000),
    );
    expect(await store.touch(id, 'admin', start + 3600_000)).toBeNull();
    expect(await redis.exists(store.key(id))).toBe(0);
  });

  it('ignores malformed ids, ids of the other kind and corrupted values', async () => {
    const store = new SessionStore(redis, security);
    expect(await store.touch(undefined)).toBeNull();
    expect(await store.touch('short')).toBeNull();
    expect(await store.touch('a'.repeat(43))).toBeNull();
    const admin = await store.create({ kind: 'admin', adminId: 3 });
    expect(await store.touch(admin, 'user')).toBeNull();
    expect(await store.touch(admin, 'admin')).toMatchObject({ kind: 'admin', adminId: 3 });
    await redis.set(store.key(admin), '{"kind":"admin"}');
    expect(await store.touch(admin)).toBeNull();
  });

  it('checks and renews many sessions by key at once, as the live streams do at each heartbeat', async () => {
    const store = new SessionStore(redis, {
      ...security,
      userSession: { idleSeconds: 600, absoluteSeconds: 3600 },
    });
    const start = Date.now();
    const live = await store.create({ kind: 'user', userId: 1 }, start);
    const old = await store.create({ kind: 'user', userId: 2 }, start - 3600_000);
    const admin = await store.create({ kind: 'admin', adminId: 1 }, start);
    const loggedOut = await store.create({ kind: 'user', userId: 3 }, start);
    await store.destroy(loggedOut);
    const keys = {
      live: store.key(live),
      old: store.key(old),
      admin: store.key(admin),
      loggedOut: store.key(loggedOut),
    };
    const result = await store.touchKeys(
      [
        { key: keys.live, kind: 'user' },
        { key: keys.live, kind: 'user' },
        { key: keys.old, kind: 'user' },
        { key: keys.admin, kind: 'user' },
        { key: keys.loggedOut, kind: 'user' },
      ],
      start + 60_000,
      2,
    );
    expect(result).toEqual(new Set([keys.live]));
    expect(JSON.parse((await redis.get(keys.live)) as string).lastSeenAt).toBe(start + 60_000);
    // A logged-out session is not brought back by the renewal.
    expect(await redis.exists(keys.loggedOut)).toBe(0);
  });

  it("ends every session of one account at once (all its browsers), and nobody else's", async () => {
    const store = new SessionStore(redis, security);
    const phone = await store.create({ kind: 'user', userId: 77 });
    const laptop = await store.create({ kind: 'user', userId: 77 });
    const neighbour = await store.create({ kind: 'user', userId: 78 });
    const adminSameNumber = await store.create({ kind: 'admin', adminId: 77 });
    expect(await store.endAllOf({ kind: 'user', userId: 77 })).toBe(2);
    expect(await store.touch(phone)).toBeNull();
    expect(await store.touch(laptop)).toBeNull();
    expect(await store.touch(neighbour)).not.toBeNull();
    expect(await store.touch(adminSameNumber)).not.toBeNull();
    expect(await redis.exists(store.indexKey({ kind: 'user', userId: 77 }))).toBe(0);
    expect(await store.endAllOf({ kind: 'user', userId: 77 })).toBe(0);
    // The index lives no longer than the longest session could.
    expect(await redis.ttl(store.indexKey({ kind: 'user', userId: 78 }))).toBeLessThanOrEqual(
      security.userSession.absoluteSeconds,
    );
  });

  it("keeps an account's index as small as its live sessions", async () => {
    const store = new SessionStore(redis, security);
    for (let i = 0; i < 20; i++) await store.destroy(await store.create({ kind: 'user', userId: 79 }));
    await store.create({ kind: 'user', userId: 79 });
    expect(await redis.scard(store.indexKey({ kind: 'user', userId: 79 }))).toBeLessThanOrEqual(8);
  });
});

describe('settings and cookies', () => {
  it('makes cookies Secure except on local http, and COOKIE_SECURE decides when set', () => {
    expect(securitySettings({ PUBLIC_URL: 'https://turno.example.com' }).cookieSecure).toBe(true);
    expect(securitySettings({ PUBLIC_URL: 'http://localhost:8080' }).cookieSecure).toBe(false);
    expect(securitySettings({ PUBLIC_URL: 'http://127.0.0.1:8080' }).cookieSecure).toBe(false);
    expect(securitySettings({ PUBLIC_URL: 'http://turno.internal' }).cookieSecure).toBe(true);
    expect(
      securitySettings({ PUBLIC_URL: 'http://localhost:8080', COOKIE_SECURE: 'true' }).cookieSecure,
    ).toBe(true);
    expect(isLocalHttpUrl('https://localhost')).toBe(false);
  });

  it('allows the public origin plus ALLOWED_ORIGINS, and follows PORT_OFFSET by default', () => {
    expect(securitySettings({ PORT_OFFSET: '10000' }).allowedOrigins).toEqual(['http://localhost:18080']);
    expect(
      securitySettings({
        PUBLIC_URL: 'https://turno.example.com/',
        ALLOWED_ORIGINS: 'https://admin.turno.example.com',
      }).allowedOrigins,
    ).toEqual(['https://turno.example.com', 'https://admin.turno.example.com']);
  });

  it('reads session timeouts from the environment (user 2 h / 12 h, admin 30 min / 8 h by default)', () => {
    const defaults = securitySettings({});
    expect(defaults.userSession).toEqual({ idleSeconds: 7200, absoluteSeconds: 43200 });
    expect(defaults.adminSession).toEqual({ idleSeconds: 1800, absoluteSeconds: 28800 });
    expect(securitySettings({ ADMIN_SESSION_IDLE_MINUTES: '10' }).adminSession.idleSeconds).toBe(600);
    expect(() => securitySettings({ SESSION_IDLE_MINUTES: 'zero' })).toThrow('SESSION_IDLE_MINUTES');
  });

  it('names cookies __Host- (sessions) and __Secure- (sign-in) over HTTPS, plainly on local http', () => {
    const https = new Sessions(redis, { ...security, cookieSecure: true });
    expect(https.cookieName('user')).toBe('__Host-turno_session');
    expect(https.cookieName('admin')).toBe('__Host-turno_admin');
    expect(cookieNameFor(LOGIN_STATE_COOKIE, true)).toBe('__Secure-turno_login');
    expect(new Sessions(redis, { ...security, cookieSecure: false }).cookieName('user')).toBe(
      'turno_session',
    );
    // __Host- cookies must be Secure, Path=/ and without Domain: what the session cookies are.
    expect(https.cookieOptions('user')).toMatchObject({ secure: true, path: '/' });
    // An admin's cookie ends with the browser; a user's lasts until the absolute timeout.
    expect(https.cookieOptions('admin').maxAge).toBeUndefined();
    expect(https.cookieOptions('user').maxAge).toBe(security.userSession.absoluteSeconds);
  });

  it('serializes HttpOnly cookies and refuses unsafe values', () => {
    expect(serializeCookie('turno_admin', 'abc', { sameSite: 'Strict', secure: true, maxAge: 60 })).toBe(
      'turno_admin=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=60; Secure',
    );
    expect(() => serializeCookie('turno_session', 'a;b', { sameSite: 'Lax', secure: false })).toThrow();
    const ctx = { get: () => 'a=1; turno_session=xyz; b=2' } as unknown as Parameters<typeof readCookie>[0];
    expect(readCookie(ctx, USER_SESSION_COOKIE)).toBe('xyz');
  });
});

describe('route access', () => {
  it('answers 401 in pt-BR without a session, and with an unknown or ended one', async () => {
    for (const path of ['/api/me', '/api/restaurant/things/1', '/api/freelancer', '/api/admin']) {
      expect(await call(path)).toMatchObject({
        status: 401,
        body: { error: MESSAGES.common.unauthenticated },
      });
    }
    expect((await call('/api/me', { cookie: `turno_session=${'x'.repeat(43)}` })).status).toBe(401);
    expect((await call('/api/open')).status).toBe(200);
  });

  it('hands each route the actor of its role', async () => {
    const restaurant = await session({
      role: 'restaurant',
      restaurantId: ids.restaurant,
      userId: ids.restaurantUser,
      member: OWNER_MEMBERSHIP,
    });
    expect((await call('/api/restaurant/things/7', { cookie: restaurant })).body).toEqual({
      restaurantId: ids.restaurant,
      id: 7,
    });
    expect((await call('/api/me', { cookie: restaurant })).body).toEqual({
      role: 'user',
      userId: ids.restaurantUser,
      profile: {
        role: 'restaurant',
        restaurantId: ids.restaurant,
        userId: ids.restaurantUser,
        member: OWNER_MEMBERSHIP,
      },
      deactivated: false,
    });
    const freelancer = await session({ kind: 'user', userId: ids.freelancerUser });
    expect((await call('/api/freelancer', { cookie: freelancer })).body).toEqual({
      role: 'freelancer',
      freelancerId: ids.freelancer,
      userId: ids.freelancerUser,
    });
    const newUser = await session({ role: 'user', userId: ids.newUser });
    expect((await call('/api/me', { cookie: newUser })).body).toEqual({
      role: 'user',
      userId: ids.newUser,
      profile: null,
      deactivated: false,
    });
    const admin = await session({ role: 'admin', adminId: ids.admin });
    expect((await call('/api/admin', { cookie: admin })).body).toEqual({ role: 'admin', adminId: ids.admin });
  });

  it('answers 403 to a session of another role, before validating anything', async () => {
    const freelancer = await session({ kind: 'user', userId: ids.freelancerUser });
    const newUser = await session({ kind: 'user', userId: ids.newUser });
    const admin = await session({ kind: 'admin', adminId: ids.admin });
    const forbidden = { status: 403, body: { error: MESSAGES.common.forbidden } };
    expect(await call('/api/restaurant/things/not-a-number', { cookie: freelancer })).toMatchObject(
      forbidden,
    );
    expect(await call('/api/restaurant/things/1', { cookie: newUser })).toMatchObject(forbidden);
    expect(await call('/api/restaurant/things/1', { cookie: admin })).toMatchObject(forbidden);
    expect(await call('/api/me', { cookie: admin })).toMatchObject(forbidden);
    expect(await call('/api/admin', { cookie: freelancer })).toMatchObject(forbidden);
    // An admin cookie in the user cookie's place is not a user session.
    expect((await call('/api/me', { cookie: admin.replace('turno_admin', 'turno_session') })).status).toBe(
      401,
    );
  });

  it('applies a profile change at once (the role is read at every request)', async () => {
    const em = db.orm.em.fork();
    const user = em.create(User, { email: 'virou@example.com', name: 'Virou Mercado', userType: null });
    await em.flush();
    const cookie = await session({ kind: 'user', userId: user.id });
    expect((await call('/api/restaurant/things/1', { cookie })).status).toBe(403);
    const restaurant = em.create(Restaurant, { user, name: 'Virou', businessName: 'Mercado Novo' });
    await em.flush();
    expect((await call('/api/restaurant/things/1', { cookie })).body).toEqual({
      restaurantId: restaurant.id,
      id: 1,
    });
    await em.nativeDelete(User, { id: user.id });
    expect((await call('/api/restaurant/things/1', { cookie })).status).toBe(401);
  });

  it('lets a rejected or deactivated account read but not change anything, at once', async () => {
    const em = db.orm.em.fork();
    const restaurant = await insertRestaurant(em);
    const cookie = await session({ kind: 'user', userId: restaurant.user.id });
    const change = () => call('/api/change', { cookie, json: { value: 'x' } });
    expect((await change()).status).toBe(200);
    await em.nativeUpdate(Restaurant, { id: restaurant.id }, { isActive: false });
    expect(await change()).toMatchObject({
      status: 403,
      body: { error: ACCOUNT_ACCESS_MESSAGES.deactivated },
    });
    expect((await call('/api/restaurant/things/1', { cookie })).status).toBe(200);
    await em.nativeUpdate(Restaurant, { id: restaurant.id }, { isActive: true });
    expect((await change()).status).toBe(200);
  });

  it('starts a new session at every sign-in (the old one is deleted) and ends it at logout', async () => {
    const first = await call('/api/sign-in', { json: { userId: ids.newUser } });
    const firstCookie = (first.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(first.headers.get('set-cookie')).toMatch(
      /^turno_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/,
    );
    expect((await call('/api/me', { cookie: firstCookie })).status).toBe(200);

    const second = await call('/api/sign-in', { json: { userId: ids.newUser }, cookie: firstCookie });
    const secondCookie = (second.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(secondCookie).not.toBe(firstCookie);
    expect((await call('/api/me', { cookie: firstCookie })).status).toBe(401);
    expect((await call('/api/me', { cookie: secondCookie })).status).toBe(200);

    const out = await call('/api/sign-out', { cookie: secondCookie });
    expect(out.headers.get('set-cookie')).toMatch(
      /^turno_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    expect((await call('/api/me', { cookie: secondCookie })).status).toBe(401);
  });
});

describe('CSRF guard', () => {
  it('refuses state changes whose Origin is not the portal, or that a browser marks cross-site or same-site', async () => {
    const cookie = await session({ kind: 'user', userId: ids.newUser });
    const refused = { status: 403, body: { error: MESSAGES.common.crossSiteRefused } };
    const change = (headers: Record<string, string>) =>
      call('/api/change', { cookie, json: { value: 'x' }, headers });
    expect(await change({ origin: 'https://evil.example' })).toMatchObject(refused);
    expect(await change({ origin: 'null' })).toMatchObject(refused);
    expect(await change({ 'sec-fetch-site': 'cross-site' })).toMatchObject(refused);
    expect(await change({ 'sec-fetch-site': 'same-site', origin: origin() })).toMatchObject(refused);
    expect(
      await call('/api/change', { method: 'DELETE', cookie, headers: { origin: 'https://evil.example' } }),
    ).toMatchObject(refused);
    // Refused before the session is even looked at.
    expect(
      await call('/api/change', { json: { value: 'x' }, headers: { origin: 'https://evil.example' } }),
    ).toMatchObject(refused);
  });

  it('lets same-origin state changes and clients without browser headers through', async () => {
    const cookie = await session({ kind: 'user', userId: ids.newUser });
    const ok = { status: 200, body: { changed: 'x' } };
    expect(
      await call('/api/change', {
        cookie,
        json: { value: 'x' },
        headers: { origin: origin(), 'sec-fetch-site': 'same-origin' },
      }),
    ).toMatchObject(ok);
    expect(await call('/api/change', { cookie, json: { value: 'x' } })).toMatchObject(ok);
    // Reads stay open to any site (the session still decides).
    expect((await call('/api/me', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
  });

  it('guards a GET that changes state when the route says so', async () => {
    const cookie = await session({ kind: 'user', userId: ids.newUser });
    expect(
      (await call('/api/sign-out', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    expect((await call('/api/me', { cookie })).status).toBe(200);
    expect(
      (await call('/api/sign-out', { cookie, headers: { 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
    expect((await call('/api/me', { cookie })).status).toBe(401);
  });
});
