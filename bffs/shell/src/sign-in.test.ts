import { startBffForTest, TEST_PUBLIC_URL, type TestBff } from '@turno/bff-kit/testing';
import { CurrentUserSchema } from '@turno/contracts';
import { DEMO_ACCOUNTS, Identity, User } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { startDevIdpProcess, type DevIdpProcess } from '@turno/dev-idp/testing';
import { createShellBff } from './app';
import { OidcClient } from './oidc';
import { issuerAllowsInsecureRequests, shellSettingsFromEnv, type ShellSettings } from './settings';
import { TestBrowser, createSession, visitProvider } from './testing/browser';

const REDIRECT_URI = `${TEST_PUBLIC_URL}/auth/callback`;

let idp: DevIdpProcess;
let bff: TestBff;
let settings: ShellSettings;

beforeAll(async () => {
  idp = await startDevIdpProcess({ redirectUris: [REDIRECT_URI] });
  settings = shellSettingsFromEnv({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
  });
  // The demo identities are seeded under the development provider's issuer.
  process.env.OIDC_ISSUER = idp.issuer;
  bff = await startBffForTest((deps) => createShellBff(deps, settings));
}, 300_000);

afterAll(async () => {
  await bff?.close();
  await idp?.stop();
});

async function signIn(account: string, browser = new TestBrowser()) {
  const { callback } = await visitProvider(browser, bff, REDIRECT_URI, { account });
  const response = await createSession(browser, bff, callback);
  return { browser, callback, response };
}

async function me(browser: TestBrowser) {
  const response = await browser.fetch(`${bff.url}/api/users/me`);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('sign-in through the development OpenID provider', () => {
  it('signs the demo restaurant owner in with code + PKCE, state and nonce, as the seeded user', async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch(`${bff.url}/api/oauth/google/redirect_url`);
    const { redirectUrl } = (await start.json()) as { redirectUrl: string };
    const url = new URL(redirectUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(url.searchParams.get(param)).toMatch(/^[\w-]{43}$/);
    expect(start.headers.get('set-cookie')).toMatch(
      /^turno_login=[\w-]{200,400}; Path=\/api; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    expect(start.headers.get('cache-control')).toBe('no-store');

    const { callback, response } = await signIn(DEMO_ACCOUNTS.restaurant, browser);
    expect(callback.iss).toBe(idp.issuer);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('turno_session='));
    expect(cookie).toMatch(/^turno_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    // Nothing personal in any cookie.
    expect(response.headers.getSetCookie().join('\n')).not.toMatch(/marcos|@|Almeida/i);

    const current = await me(browser);
    expect(current.status).toBe(200);
    const user = CurrentUserSchema.parse(current.body);
    expect(user).toMatchObject({
      email: 'marcos.almeida@bompreco.example.com',
      name: 'Marcos Almeida',
      profile: {
        user_type: 'restaurant',
        business_name: 'Supermercado Bom Preço',
        is_approved: true,
        is_active: true,
      },
    });
    const identity = await bff.db.orm.em
      .fork()
      .findOneOrFail(Identity, { issuer: idp.issuer, subject: DEMO_ACCOUNTS.restaurant });
    expect(identity.user.id).toBe(user.id);
  });

  it('signs each demo freelancer in with their own profile state', async () => {
    const ana = await signIn(DEMO_ACCOUNTS.freelancer);
    expect((await me(ana.browser)).body).toMatchObject({
      name: 'Ana Souza',
      profile: { user_type: 'freelancer', is_approved: true, is_active: true, business_name: null },
    });
    const fernanda = await signIn(DEMO_ACCOUNTS.pendingFreelancer);
    expect((await me(fernanda.browser)).body).toMatchObject({
      name: 'Fernanda Costa',
      profile: { user_type: 'freelancer', is_approved: false, is_active: true },
    });
  });

  it('creates a user without profile for a brand-new person, once, keyed on issuer + subject', async () => {
    const first = await signIn('demo-new');
    expect(first.response.status).toBe(200);
    expect((await me(first.browser)).body).toMatchObject({
      name: 'Pedro Henrique Lima',
      email: 'pedro.lima@example.com',
      profile: null,
    });

    // The provider changes the e-mail: the same user (not keyed on e-mail) follows it.
    const em = bff.db.orm.em.fork();
    const identity = await em.findOneOrFail(Identity, { issuer: idp.issuer, subject: 'demo-new' });
    await em.nativeUpdate(User, { id: identity.user.id }, { email: 'old@example.com', name: 'Nome Antigo' });

    const oldCookie = first.browser.cookie(bff.url, 'turno_session');
    const again = await signIn('demo-new', first.browser);
    expect(again.response.status).toBe(200);
    const newCookie = first.browser.cookie(bff.url, 'turno_session');
    expect(newCookie).not.toBe(oldCookie);
    const after = (await me(first.browser)).body as { id: number; email: string; name: string };
    expect(after).toMatchObject({
      id: identity.user.id,
      email: 'pedro.lima@example.com',
      name: 'Pedro Henrique Lima',
    });
    expect(await em.fork().count(Identity, { subject: 'demo-new' })).toBe(1);

    // The session the second sign-in replaced no longer works.
    const stale = await fetch(`${bff.url}/api/users/me`, {
      headers: { cookie: `turno_session=${oldCookie}` },
    });
    expect(stale.status).toBe(401);
  });

  it('uses a state once: replaying the callback is refused', async () => {
    const browser = new TestBrowser();
    const { callback } = await visitProvider(browser, bff, REDIRECT_URI, {
      account: DEMO_ACCOUNTS.freelancer,
    });
    const loginCookie = browser.cookie(bff.url, 'turno_login');
    expect((await createSession(browser, bff, callback)).status).toBe(200);
    const replay = await fetch(`${bff.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `turno_login=${loginCookie}` },
      body: JSON.stringify(callback),
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: MESSAGES.signIn.invalidState });
  });

  it('stores nothing on the server when a sign-in starts: a flood of redirect URLs leaves Redis flat', async () => {
    const keys = async () => (await bff.redis.keys(`${bff.security.keyPrefix}*`)).length;
    const before = await keys();
    const memoryBefore = Number(/used_memory:(\d+)/.exec(await bff.redis.info('memory'))![1]);
    const limit = settings.signIn.perAddress;
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++)
      await Promise.all(
        Array.from({ length: 25 }, async () => {
          const response = await fetch(`${bff.url}/api/oauth/google/redirect_url`, {
            headers: { 'x-forwarded-for': '203.0.113.70' },
          });
          statuses.push(response.status);
          await response.arrayBuffer();
        }),
      );
    // One address gets its share, then 429 (below); Redis holds only that address's count.
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(500 - limit);
    expect(await keys()).toBe(before + 1);
    const memoryAfter = Number(/used_memory:(\d+)/.exec(await bff.redis.info('memory'))![1]);
    expect(memoryAfter - memoryBefore).toBeLessThan(512 * 1024);
  });

  it('limits starting and finishing sign-ins per client address: 429 in pt-BR with Retry-After, other addresses unaffected', async () => {
    const limit = settings.signIn.perAddress;
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const start = (ip: string) => fetch(`${bff.url}/api/oauth/google/redirect_url`, { headers: from(ip) });
    const finish = (ip: string) =>
      bff.request('/api/sessions', { json: { code: 'abc', state: 'def' }, headers: from(ip) });
    for (let i = 0; i < limit; i++) {
      expect((await start('203.0.113.71')).status).toBe(200);
      // No turno_login cookie: the state is refused, but the call counts.
      expect(await finish('203.0.113.71')).toMatchObject({ status: 400 });
    }
    for (const refused of [await start('203.0.113.71'), await finish('203.0.113.71')]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(
        settings.signIn.windowMinutes * 60,
      );
    }
    expect(await (await start('203.0.113.71')).json()).toEqual({ error: MESSAGES.common.rateLimited });
    expect(await finish('203.0.113.71')).toMatchObject({ body: { error: MESSAGES.common.rateLimited } });
    // Another address, and a full sign-in from it, are unaffected.
    expect((await start('203.0.113.72')).status).toBe(200);
    expect(await finish('203.0.113.72')).toMatchObject({
      status: 400,
      body: { error: MESSAGES.signIn.invalidState },
    });
    // One IPv6 subscriber (a /64) is one address.
    for (let i = 0; i < limit; i++) expect((await start(`2001:db8:7:1::${i.toString(16)}`)).status).toBe(200);
    expect((await start('2001:db8:7:1:ffff::1')).status).toBe(429);
    expect((await start('2001:db8:7:2::1')).status).toBe(200);
  });

  it('refuses a sealed sign-in cookie that was altered', async () => {
    const browser = new TestBrowser();
    const { callback } = await visitProvider(browser, bff, REDIRECT_URI, {
      account: DEMO_ACCOUNTS.freelancer,
    });
    const sealed = browser.cookie(bff.url, 'turno_login')!;
    const flipped = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    const response = await fetch(`${bff.url}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `turno_login=${flipped}` },
      body: JSON.stringify(callback),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: MESSAGES.signIn.invalidState });
  });

  it('refuses a callback from another browser (no or another turno_login cookie)', async () => {
    const victim = new TestBrowser();
    const { callback } = await visitProvider(new TestBrowser(), bff, REDIRECT_URI, {
      account: DEMO_ACCOUNTS.restaurant,
    });
    const withoutCookie = await createSession(victim, bff, callback);
    expect(withoutCookie.status).toBe(400);
    expect(await withoutCookie.json()).toEqual({ error: MESSAGES.signIn.invalidState });
    expect((await me(victim)).status).toBe(401);

    const other = new TestBrowser();
    await other.fetch(`${bff.url}/api/oauth/google/redirect_url`);
    expect((await createSession(other, bff, callback)).status).toBe(400);
  });

  it('answers 401 "Falha na autenticação." when the code does not verify, and 400 for a missing code', async () => {
    const browser = new TestBrowser();
    const { callback } = await visitProvider(browser, bff, REDIRECT_URI, {
      account: DEMO_ACCOUNTS.restaurant,
    });
    const forged = await createSession(browser, bff, { ...callback, code: 'forged-code' });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: MESSAGES.signIn.authenticationFailed });

    const wrongIssuer = new TestBrowser();
    const second = await visitProvider(wrongIssuer, bff, REDIRECT_URI, { account: DEMO_ACCOUNTS.restaurant });
    const mixedUp = await createSession(wrongIssuer, bff, {
      ...second.callback,
      iss: 'https://evil.example',
    });
    expect(mixedUp.status).toBe(401);

    const missing = await createSession(new TestBrowser(), bff, { state: 'x' });
    expect(missing.status).toBe(400);
  });

  it('completes a callback that did not forward iss (one configured provider)', async () => {
    const browser = new TestBrowser();
    const { callback } = await visitProvider(browser, bff, REDIRECT_URI, {
      account: DEMO_ACCOUNTS.freelancer,
    });
    const { iss: _iss, ...withoutIss } = callback;
    expect((await createSession(browser, bff, withoutIss)).status).toBe(200);
  });

  it("shows the provider's pt-BR account page, and Cancelar comes back with access_denied", async () => {
    const browser = new TestBrowser();
    const { callback, accountPage } = await visitProvider(browser, bff, REDIRECT_URI, 'cancel');
    expect(accountPage).toContain('Entrar na conta de demonstração');
    for (const label of [
      'Entrar como Marcos Almeida (Mercado)',
      'Entrar como Ana Souza (Freelancer aprovada)',
      'Entrar como Fernanda Costa (Freelancer aguardando aprovação)',
      'Entrar como Pedro Henrique Lima (Novo cadastro)',
      'Cancelar',
    ]) {
      expect(accountPage).toContain(label);
    }
    expect(callback).toMatchObject({ error: 'access_denied' });
    expect(callback.code).toBeUndefined();
  });

  it('logs out with GET (same origin only) or POST, deleting the session', async () => {
    const { browser } = await signIn(DEMO_ACCOUNTS.restaurant);
    const crossSite = await browser.fetch(`${bff.url}/api/logout`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await me(browser)).status).toBe(200);

    const stolen = browser.cookie(bff.url, 'turno_session');
    const out = await browser.fetch(`${bff.url}/api/logout`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    expect(out.headers.get('set-cookie')).toMatch(
      /^turno_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    const reused = await fetch(`${bff.url}/api/users/me`, { headers: { cookie: `turno_session=${stolen}` } });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toEqual({ error: MESSAGES.common.unauthenticated });

    const again = await signIn(DEMO_ACCOUNTS.restaurant);
    const post = await again.browser.fetch(`${bff.url}/api/logout`, {
      method: 'POST',
      headers: { origin: new URL(TEST_PUBLIC_URL).origin },
    });
    expect(post.status).toBe(200);
    expect((await me(again.browser)).status).toBe(401);
  });
});

describe('provider discovery', () => {
  it('answers 503 in pt-BR while the provider cannot be reached, and works once it is up', async () => {
    const late = await startDevIdpProcess({ redirectUris: [REDIRECT_URI] });
    const issuer = late.issuer;
    await late.stop();
    const oidc = new OidcClient(
      { ...settings.oidc, issuer, clientId: late.clientId, clientSecret: late.clientSecret },
      { attempts: 2, retryDelayMs: 50, timeoutSeconds: 20 },
    );
    await expect(oidc.configuration()).rejects.toMatchObject({
      status: 503,
      message: MESSAGES.signIn.providerUnavailable,
    });

    const port = Number(new URL(issuer).port);
    const restarted = await startDevIdpProcess({
      redirectUris: [REDIRECT_URI],
      clientId: late.clientId,
      clientSecret: late.clientSecret,
      port,
    });
    try {
      const { url } = await oidc.startLogin();
      expect(url.origin).toBe(issuer);
    } finally {
      await restarted.stop();
    }
  }, 300_000);

  it('accepts plain http only for a provider on this machine', () => {
    expect(() => new OidcClient({ ...settings.oidc, issuer: 'http://accounts.example.com' })).toThrow(
      /https/,
    );
    expect(() => new OidcClient({ ...settings.oidc, issuer: 'https://accounts.google.com' })).not.toThrow();
  });

  it('refuses the local development provider in production', () => {
    expect(issuerAllowsInsecureRequests('http://localhost:4400', 'development')).toBe(true);
    expect(() => issuerAllowsInsecureRequests('http://localhost:4400', 'production')).toThrow(
      /https provider in production/,
    );
    expect(issuerAllowsInsecureRequests('https://accounts.google.com', 'production')).toBe(false);
  });
});
