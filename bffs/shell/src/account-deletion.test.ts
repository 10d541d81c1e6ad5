import { startBffForTest, TEST_PUBLIC_URL, type TestBff } from '@turno/bff-kit/testing';
import { AccountDeletionStateSchema, CurrentUserSchema } from '@turno/contracts';
import { DEMO_ACCOUNTS } from '@turno/core';
import { ACCOUNT_DELETION_MESSAGES } from '@turno/domain';
import { startDevIdpProcess, type DevIdpProcess } from '@turno/dev-idp/testing';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';
import { TestBrowser, createSession, visitProvider } from './testing/browser';

/**
 * Issue 27, "Excluir minha conta" through the real sign-in: the request ends every session of the
 * person (two browsers), signing in again within the 7 days calls it off and /me tells it once; a
 * freelancer with accepted shifts is refused with day, time and store.
 */
const REDIRECT_URI = `${TEST_PUBLIC_URL}/auth/callback`;

let idp: DevIdpProcess;
let bff: TestBff;

beforeAll(async () => {
  idp = await startDevIdpProcess({ redirectUris: [REDIRECT_URI] });
  const settings = shellSettingsFromEnv({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
  });
  process.env.OIDC_ISSUER = idp.issuer;
  bff = await startBffForTest((deps) => createShellBff(deps, settings));
}, 300_000);

afterAll(async () => {
  await bff?.close();
  await idp?.stop();
});

const sql = <T>(query: string, params: unknown[] = []) =>
  bff.db.orm.em.fork().getConnection().execute<T[]>(query, params);

async function signIn(account: string) {
  const browser = new TestBrowser();
  const { callback } = await visitProvider(browser, bff, REDIRECT_URI, { account });
  expect((await createSession(browser, bff, callback)).status).toBe(200);
  return browser;
}

const me = async (browser: TestBrowser) => {
  const response = await browser.fetch(`${bff.url}/api/users/me`);
  return { status: response.status, body: (await response.json()) as unknown };
};

const askDeletion = async (browser: TestBrowser, confirmation: string) => {
  const response = await browser.fetch(`${bff.url}/api/account-deletion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
    body: JSON.stringify({ confirmation }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('POST /api/account-deletion', () => {
  it('needs the word, then schedules in 7 days and ends every session; signing in again cancels it, told once', async () => {
    const phone = await signIn(DEMO_ACCOUNTS.pendingFreelancer);
    const laptop = await signIn(DEMO_ACCOUNTS.pendingFreelancer);
    const userId = CurrentUserSchema.parse((await me(phone)).body).id;

    expect(await askDeletion(phone, 'sim')).toEqual({
      status: 400,
      body: { error: expect.stringContaining(ACCOUNT_DELETION_MESSAGES.confirmMismatch('EXCLUIR')) },
    });
    expect(
      AccountDeletionStateSchema.parse(await (await laptop.fetch(`${bff.url}/api/account-deletion`)).json()),
    ).toEqual({ pending: null });

    const before = Date.now();
    const asked = await askDeletion(phone, ' excluir ');
    expect(asked.status).toBe(200);
    const scheduled = new Date(asked.body.scheduled_for as string).getTime();
    expect(scheduled - before).toBeGreaterThanOrEqual(7 * 24 * 3_600_000 - 1_000);
    expect(scheduled - before).toBeLessThan(7 * 24 * 3_600_000 + 60_000);
    expect(asked.body.message).toMatch(/^Pedido de exclusão recebido/);
    // Every device signed out.
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect(
      await sql<{ status: string; requested_by: string }>(
        'select status, requested_by from account_deletions where user_id = ?',
        [userId],
      ),
    ).toEqual([{ status: 'pending', requested_by: 'self' }]);

    // Signing in again within the grace: cancelled, and /me says so once.
    const again = await signIn(DEMO_ACCOUNTS.pendingFreelancer);
    expect((await me(again)).body).toMatchObject({
      id: userId,
      notice: ACCOUNT_DELETION_MESSAGES.cancelledBySignIn,
    });
    expect((await me(again)).body).not.toHaveProperty('notice');
    expect(
      await sql<{ status: string; cancelled_by: string }>(
        'select status, cancelled_by from account_deletions where user_id = ?',
        [userId],
      ),
    ).toEqual([{ status: 'cancelled', cancelled_by: 'sign_in' }]);
    expect(
      await sql<{ action: string }>(
        `select action from audit_events where action like 'account_deletion.%' and actor_id = ? order by id`,
        [userId],
      ),
    ).toEqual([{ action: 'account_deletion.requested' }, { action: 'account_deletion.cancelled' }]);
  });

  it('refuses a freelancer with accepted shifts to come, listing day, time and store', async () => {
    const ana = await signIn(DEMO_ACCOUNTS.freelancer);
    const [shift] = await sql<{ store: string }>(
      `select r.business_name as store from assignments s join jobs j on j.id = s.job_id
         join restaurants r on r.id = j.restaurant_id join freelancers f on f.id = s.freelancer_id
         join identities i on i.user_id = f.user_id
        where i.subject = ? and s.status in ('assigned', 'in_progress') limit 1`,
      [DEMO_ACCOUNTS.freelancer],
    );
    expect(shift).toBeDefined();
    const refused = await askDeletion(ana, 'EXCLUIR');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(ACCOUNT_DELETION_MESSAGES.blockedFreelancer);
    expect(refused.body.error).toContain(shift!.store);
    expect(refused.body.error).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}–\d{2}:\d{2}/);
    // Still signed in, nothing scheduled.
    expect((await me(ana)).status).toBe(200);
  });
});
