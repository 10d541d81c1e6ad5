import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { NotificationPreferencesResponseSchema } from '@turno/contracts';
import { insertFreelancer, insertRestaurant } from '@turno/core/testing';
import { NOTIFICATION_PREFERENCE_TEXTS } from '@turno/domain';
import { createShellBff } from './app';
import { offeredChannels } from './routes/notification-preferences';
import { shellSettingsFromEnv } from './settings';

/**
 * Issue 26, Perfil → "Notificações": the caller's side's kinds by channel (defaults), one choice
 * stored, the in-app of a shift-critical kind locked, the other side's kinds refused; pt-BR errors.
 */
const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

const read = async (cookie: string) => {
  const answer = await bff.request('/api/notifications/preferences', { cookie });
  expect(answer.status).toBe(200);
  return NotificationPreferencesResponseSchema.parse(answer.body);
};
const set = (cookie: string, json: Record<string, unknown>) =>
  bff.request('/api/notifications/preferences', { cookie, method: 'PUT', json });

describe('notification preferences', () => {
  it('shows a freelancer their kinds with the defaults and stores turning e-mail off for one', async () => {
    const freelancer = await insertFreelancer(bff.db.orm.em.fork());
    const cookie = await bff.sessionCookie({ role: 'user', userId: freelancer.user.id });
    const before = await read(cookie);
    expect(before.channels).toEqual(['in_app', 'web_push', 'email']);
    expect(before.kinds.map((row) => row.kind)).toContain('payment_sent');
    expect(before.kinds.map((row) => row.kind)).not.toContain('new_application');
    const payment = () => before.kinds.find((row) => row.kind === 'payment_sent')!;
    expect(payment().channels.find((row) => row.channel === 'email')).toEqual({
      channel: 'email',
      enabled: true,
      locked: false,
    });

    const answer = await set(cookie, { notification_kind: 'payment_sent', channel: 'email', enabled: false });
    expect(answer.status).toBe(200);
    const after = NotificationPreferencesResponseSchema.parse(answer.body);
    expect(
      after.kinds.find((row) => row.kind === 'payment_sent')!.channels.find((row) => row.channel === 'email'),
    ).toEqual({ channel: 'email', enabled: false, locked: false });
    expect((await read(cookie)).kinds).toEqual(after.kinds);
  });

  it('refuses turning off the in-app of a shift-critical kind, another side’s kind and bad input, in pt-BR', async () => {
    const restaurant = await insertRestaurant(bff.db.orm.em.fork());
    const cookie = await bff.sessionCookie({ role: 'user', userId: restaurant.user.id });
    expect(
      await set(cookie, { notification_kind: 'freelancer_cancelled', channel: 'in_app', enabled: false }),
    ).toMatchObject({ status: 400, body: { error: NOTIFICATION_PREFERENCE_TEXTS.cannotTurnOff } });
    expect(
      await set(cookie, { notification_kind: 'payment_sent', channel: 'email', enabled: false }),
    ).toMatchObject({ status: 400, body: { error: NOTIFICATION_PREFERENCE_TEXTS.unknownKind } });
    const invalid = await set(cookie, {
      notification_kind: 'new_application',
      channel: 'pombo',
      enabled: 'sim',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('Canal de notificação');
    const locked = (await read(cookie)).kinds
      .find((row) => row.kind === 'freelancer_cancelled')!
      .channels.find((row) => row.channel === 'in_app');
    expect(locked).toEqual({ channel: 'in_app', enabled: true, locked: true });
  });

  it('offers WhatsApp only when its Cloud API is configured', () => {
    expect(offeredChannels({})).not.toContain('whatsapp');
    expect(offeredChannels({ WHATSAPP_ACCESS_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' })).toContain(
      'whatsapp',
    );
  });

  it('answers 401 without a session', async () => {
    expect((await bff.request('/api/notifications/preferences')).status).toBe(401);
  });
});
