import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { User, pushSubscriptionsOf } from '@turno/core';
import { PUSH_SUBSCRIPTIONS_PER_PERSON } from '@turno/domain';
import { createShellBff } from './app';
import { isLocalHost } from './routes/push-subscriptions';
import { shellSettingsFromEnv } from './settings';

/**
 * Issue 26, web push: the public key, a browser's subscription kept (bounded per person, keys
 * updated on a repeat), removed by its owner only; refusals in pt-BR; an endpoint on an internal
 * address refused unless development allows it.
 */
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const settings = shellSettingsFromEnv({
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_CLIENT_SECRET: 'not-used-here',
  VAPID_PUBLIC_KEY: KEY,
});

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

async function person() {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email: `${Math.random().toString(36).slice(2)}@example.com`, name: 'Rita' });
  await em.flush();
  return { userId: user.id, cookie: await bff.sessionCookie({ role: 'user', userId: user.id }) };
}

const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const endpoint = (id: string) => `https://push.example.com/send/${id}`;
const subscribe = (cookie: string, json: unknown) =>
  bff.request('/api/notifications/push-subscriptions', { cookie, json });

describe('web push subscriptions', () => {
  it('gives the VAPID public key to a signed-in person only', async () => {
    const { cookie } = await person();
    const answer = await bff.request('/api/notifications/push/public-key', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ publicKey: KEY });
    expect((await bff.request('/api/notifications/push/public-key')).status).toBe(401);
  });

  it('keeps a browser’s subscription, updates its keys on a repeat, and bounds them per person', async () => {
    const { cookie, userId } = await person();
    expect(
      (
        await subscribe(
          cookie,
          { endpoint: endpoint('u1'), expirationTime: null, keys } /* toJSON() as browsers send it */,
        )
      ).body,
    ).toEqual({
      subscribed: true,
    });
    await subscribe(cookie, { endpoint: endpoint('u1'), keys: { ...keys, auth: 'b'.repeat(22) } });
    let stored = await pushSubscriptionsOf(bff.db.orm.em.fork(), userId);
    expect(stored).toEqual([expect.objectContaining({ endpoint: endpoint('u1'), auth: 'b'.repeat(22) })]);
    for (let n = 0; n < PUSH_SUBSCRIPTIONS_PER_PERSON + 2; n += 1)
      expect((await subscribe(cookie, { endpoint: endpoint(`many-${n}`), keys })).status).toBe(200);
    stored = await pushSubscriptionsOf(bff.db.orm.em.fork(), userId);
    expect(stored).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PERSON);
    expect(stored[0]!.endpoint).toBe(endpoint(`many-${PUSH_SUBSCRIPTIONS_PER_PERSON + 1}`));
  });

  it('removes a subscription for its owner only', async () => {
    const owner = await person();
    const other = await person();
    await subscribe(owner.cookie, { endpoint: endpoint('mine'), keys });
    const remove = (cookie: string) =>
      bff.request('/api/notifications/push-subscriptions', {
        method: 'DELETE',
        cookie,
        json: { endpoint: endpoint('mine') },
      });
    expect((await remove(other.cookie)).body).toEqual({ subscribed: false });
    expect(await pushSubscriptionsOf(bff.db.orm.em.fork(), owner.userId)).toHaveLength(1);
    expect((await remove(owner.cookie)).status).toBe(200);
    expect(await pushSubscriptionsOf(bff.db.orm.em.fork(), owner.userId)).toHaveLength(0);
  });

  it('refuses a malformed subscription and an internal endpoint in pt-BR', async () => {
    const { cookie, userId } = await person();
    const http = await subscribe(cookie, { endpoint: 'http://push.example.com/x', keys });
    expect(http.status).toBe(400);
    expect(JSON.stringify(http.body)).toContain('O endereço deve começar com https://');
    const noKeys = await subscribe(cookie, { endpoint: endpoint('k') });
    expect(noKeys.status).toBe(400);
    expect(JSON.stringify(noKeys.body)).toContain('Chaves da notificação');
    const internal = await subscribe(cookie, { endpoint: 'https://127.0.0.1:4527/push/x', keys });
    expect(internal.status).toBe(400);
    expect(JSON.stringify(internal.body)).toContain('Endereço de notificação inválido.');
    expect(await pushSubscriptionsOf(bff.db.orm.em.fork(), userId)).toHaveLength(0);
  });

  it('knows which hosts are internal', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.20.0.1',
      '169.254.169.254',
      '[::1]',
      'redis',
      'db.internal',
    ])
      expect([host, isLocalHost(host)]).toEqual([host, true]);
    for (const host of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '8.8.8.8',
    ])
      expect([host, isLocalHost(host)]).toEqual([host, false]);
  });
});
