import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { ConsentsResponseSchema, CurrentUserSchema } from '@turno/contracts';
import { Freelancer, Restaurant, User } from '@turno/core';
import { PRIVACY_MESSAGES, PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

/**
 * Issue 27: setup is refused without the acceptance of the terms and the notice; the acceptance is
 * recorded (version, client, hashed IP); /api/users/me says when a newer version is not accepted
 * and POST /api/consents/terms accepts it; the optional uses are granted and withdrawn one by one.
 */
const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });
const ACCEPTED = {
  acceptedTerms: true,
  termsVersion: TERMS_VERSION,
  privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
};
const FREELANCER = { name: 'Rita Campos', userType: 'freelancer' };
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) TurnoTest/1.0';

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

const sql = <T>(query: string, params: unknown[] = []) =>
  bff.db.orm.em.fork().getConnection().execute<T[]>(query, params);

async function newPerson() {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email: `${Math.random().toString(36).slice(2)}@example.com`, name: 'Rita' });
  await em.flush();
  return { userId: user.id, cookie: await bff.sessionCookie({ role: 'user', userId: user.id }) };
}

const post = (cookie: string, path: string, json: object) =>
  bff.request(path, { cookie, json, headers: { 'user-agent': AGENT } });
const me = async (cookie: string) =>
  CurrentUserSchema.parse((await bff.request('/api/users/me', { cookie })).body);

describe('terms at setup', () => {
  it('refuses setup without the box ticked (400 in pt-BR), creating nothing and recording nothing', async () => {
    const { userId, cookie } = await newPerson();
    for (const json of [
      FREELANCER,
      { ...FREELANCER, ...ACCEPTED, acceptedTerms: false },
      { ...FREELANCER, acceptedTerms: true },
    ]) {
      const refused = await post(cookie, '/api/profile/setup', json);
      expect(refused.status).toBe(400);
    }
    expect((await post(cookie, '/api/profile/setup', FREELANCER)).body).toEqual({
      error: expect.stringContaining(PRIVACY_MESSAGES.termsRequired),
    });
    expect(await bff.db.orm.em.fork().count(Freelancer, { user: userId })).toBe(0);
    expect(await sql('select id from consents where user_id = ?', [userId])).toEqual([]);
  });

  it('refuses an acceptance of texts no longer in force (the form was open across a new version)', async () => {
    const { userId, cookie } = await newPerson();
    expect(
      await post(cookie, '/api/profile/setup', { ...FREELANCER, ...ACCEPTED, termsVersion: '2020-01-01' }),
    ).toMatchObject({ status: 400, body: { error: PRIVACY_MESSAGES.outdatedVersion } });
    expect(await bff.db.orm.em.fork().count(Freelancer, { user: userId })).toBe(0);
  });

  it('records the acceptance with the setup: versions, the app and browser, a hashed address; /me says accepted', async () => {
    const { userId, cookie } = await newPerson();
    expect((await me(cookie)).terms).toEqual({
      accepted: false,
      terms_version: TERMS_VERSION,
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
    });
    const created = await post(cookie, '/api/profile/setup', {
      name: 'Rita Campos',
      userType: 'restaurant',
      businessName: 'Mercado da Rita',
      cnpj: '11.222.333/0001-81',
      legalName: 'Mercado da Rita Ltda',
      ...ACCEPTED,
    });
    expect(created.status).toBe(201);
    expect(await bff.db.orm.em.fork().count(Restaurant, { user: userId })).toBe(1);
    const rows = await sql<{
      kind: string;
      version: string;
      action: string;
      client: string;
      ip_hash: string;
    }>('select kind, version, action, client, ip_hash from consents where user_id = ? order by kind', [
      userId,
    ]);
    expect(rows).toEqual([
      {
        kind: 'privacy_notice',
        version: PRIVACY_NOTICE_VERSION,
        action: 'accepted',
        client: `host/setup; ${AGENT}`,
        ip_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
      {
        kind: 'terms',
        version: TERMS_VERSION,
        action: 'accepted',
        client: `host/setup; ${AGENT}`,
        ip_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      },
    ]);
    // Never the address itself.
    expect(rows[0]!.ip_hash).not.toContain('127.0.0.1');
    expect((await me(cookie)).terms?.accepted).toBe(true);
  });
});

describe('a new version of the terms', () => {
  it('is asked for again: /me says not accepted until POST /api/consents/terms', async () => {
    const { userId, cookie } = await newPerson();
    expect((await post(cookie, '/api/profile/setup', { ...FREELANCER, ...ACCEPTED })).status).toBe(201);
    // The person accepted an older text: as if the version in force changed since.
    await sql("update consents set version = '2025-01-01' where user_id = ? and kind = 'terms'", [userId]);
    expect((await me(cookie)).terms?.accepted).toBe(false);

    expect(
      await post(cookie, '/api/consents/terms', {
        termsVersion: '2025-01-01',
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
      }),
    ).toMatchObject({ status: 400, body: { error: PRIVACY_MESSAGES.outdatedVersion } });
    expect((await me(cookie)).terms?.accepted).toBe(false);

    const accepted = await post(cookie, '/api/consents/terms', {
      termsVersion: TERMS_VERSION,
      privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    });
    expect(accepted.status).toBe(200);
    expect(ConsentsResponseSchema.parse(accepted.body).accepted_terms?.version).toBe(TERMS_VERSION);
    expect((await me(cookie)).terms?.accepted).toBe(true);
    const clients = await sql<{ client: string }>(
      "select client from consents where user_id = ? and version = ? and kind = 'terms' order by id desc limit 1",
      [userId, TERMS_VERSION],
    );
    expect(clients[0]?.client).toBe(`host/terms; ${AGENT}`);
  });
});

describe('Privacidade: the optional uses', () => {
  it('lists the uses that apply, grants and withdraws each on its own with when, keeps the history', async () => {
    const { cookie } = await newPerson();
    expect((await post(cookie, '/api/profile/setup', { ...FREELANCER, ...ACCEPTED })).status).toBe(201);
    const read = ConsentsResponseSchema.parse((await bff.request('/api/consents', { cookie })).body);
    expect(read.optional).toEqual([
      { kind: 'location_check_in', granted: false, at: null },
      { kind: 'marketing_notifications', granted: false, at: null },
    ]);
    expect(read.accepted_terms?.version).toBe(TERMS_VERSION);

    const granted = await post(cookie, '/api/consents', { kind: 'location_check_in', granted: true });
    expect(granted.status).toBe(200);
    const afterGrant = ConsentsResponseSchema.parse(granted.body);
    expect(afterGrant.optional[0]).toEqual({
      kind: 'location_check_in',
      granted: true,
      at: expect.any(String),
    });
    expect(afterGrant.optional[1]).toEqual({ kind: 'marketing_notifications', granted: false, at: null });

    const withdrawn = ConsentsResponseSchema.parse(
      (await post(cookie, '/api/consents', { kind: 'location_check_in', granted: false })).body,
    );
    expect(withdrawn.optional[0]).toMatchObject({ granted: false, at: expect.any(String) });
    expect(withdrawn.history.slice(0, 2).map((row) => [row.kind, row.action])).toEqual([
      ['location_check_in', 'withdrawn'],
      ['location_check_in', 'accepted'],
    ]);
  });

  it('offers a business only the marketing notices; refuses location and the required texts', async () => {
    const { cookie } = await newPerson();
    const created = await post(cookie, '/api/profile/setup', {
      name: 'Rita',
      userType: 'restaurant',
      businessName: 'Mercado',
      cnpj: '11.222.333/0001-81',
      legalName: 'Mercado Ltda',
      ...ACCEPTED,
    });
    expect(created.status).toBe(201);
    const read = ConsentsResponseSchema.parse((await bff.request('/api/consents', { cookie })).body);
    expect(read.optional.map((row) => row.kind)).toEqual(['marketing_notifications']);
    expect(await post(cookie, '/api/consents', { kind: 'location_check_in', granted: true })).toMatchObject({
      status: 400,
      body: { error: PRIVACY_MESSAGES.notApplicable },
    });
    expect((await post(cookie, '/api/consents', { kind: 'terms', granted: false })).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await bff.request('/api/consents')).status).toBe(401);
    expect(
      (await bff.request('/api/consents', { json: { kind: 'location_check_in', granted: true } })).status,
    ).toBe(401);
  });
});
