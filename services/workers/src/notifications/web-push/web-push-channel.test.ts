/**
 * The web push channel against the local push service (@turno/dev-notify, over HTTP) and a real
 * PostgreSQL: the request reaches each subscription's endpoint with the VAPID headers and an
 * aes128gcm body; once per notification; a 410 removes the subscription; no subscription is skipped.
 * (That the payload decrypts is web-push's own job and tests.)
 */
import { createECDH, randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { deliveriesOf, pushSubscriptionsOf, savePushSubscription } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { startLocalPushService, type LocalPushService } from '@turno/dev-notify';
import type { NotificationChannel } from '../channels';
import { freelancerWithNotification } from '../../testing/notification-fixtures';
import { createWebPushChannel } from './web-push-channel';
import { webPushSettingsFromEnv } from './web-push-settings';

jest.setTimeout(60_000);

let db: TestDatabase;
let push: LocalPushService;
let channel: NotificationChannel;
const vapid = webPush.generateVAPIDKeys();

/** A browser's subscription keys: a P-256 public key and a 16-byte auth secret, base64url. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const jwtPayload = (authorization: string) => {
  const token = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(token).not.toBeNull();
  return {
    claims: JSON.parse(Buffer.from(token![1]!.split('.')[1]!, 'base64url').toString()),
    key: token![2],
  };
};

beforeAll(async () => {
  db = await createTestDatabase();
  push = await startLocalPushService();
  const settings = webPushSettingsFromEnv({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:avisos@turno.test',
  })!;
  channel = createWebPushChannel({ settings, em: () => db.orm.em.fork(), extraCa: push.ca });
});
afterAll(async () => {
  await push?.close();
  await db?.drop();
});

it('hands the push to every subscription of the person, with the VAPID headers, once per notification', async () => {
  const { notification, userId } = await freelancerWithNotification(db.orm.em.fork(), 201);
  for (const id of ['phone-201', 'laptop-201'])
    await savePushSubscription(db.orm.em.fork(), userId, {
      endpoint: push.endpointFor(id),
      ...browserKeys(),
    });
  await channel.send(notification);
  await channel.send(notification);
  const requests = push.requests.filter((request) => request.id.endsWith('-201'));
  expect(requests.map((request) => request.id).sort()).toEqual(['laptop-201', 'phone-201']);
  for (const request of requests) {
    expect(request.status).toBe(201);
    expect(request.contentEncoding).toBe('aes128gcm');
    expect(request.ttl).toBe(String(24 * 3600));
    expect(request.topic).toBe(`n${notification.id}`);
    const { claims, key } = jwtPayload(request.authorization);
    expect(key).toBe(vapid.publicKey);
    expect(claims).toMatchObject({ aud: push.url, sub: 'mailto:avisos@turno.test' });
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    // Encrypted: the body is not the JSON payload (86 bytes of header and tag at least).
    const body = Buffer.from(request.body, 'base64');
    expect(body.length).toBeGreaterThan(86);
    expect(body.toString('utf8')).not.toContain('Candidatura');
  }
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ channel: 'web_push', status: 'sent', attempts: 1 }),
  ]);
});

it('removes a subscription the push service says is gone (410) and still reaches the others', async () => {
  const { notification, userId } = await freelancerWithNotification(db.orm.em.fork(), 202);
  await savePushSubscription(db.orm.em.fork(), userId, {
    endpoint: push.endpointFor('old-202'),
    ...browserKeys(),
  });
  await savePushSubscription(db.orm.em.fork(), userId, {
    endpoint: push.endpointFor('new-202'),
    ...browserKeys(),
  });
  push.markGone('old-202');
  await channel.send(notification);
  expect(
    push.requests
      .filter((r) => r.id.endsWith('-202'))
      .map((r) => [r.id, r.status])
      .sort(),
  ).toEqual([
    ['new-202', 201],
    ['old-202', 410],
  ]);
  expect((await pushSubscriptionsOf(db.orm.em.fork(), userId)).map((s) => s.endpoint)).toEqual([
    push.endpointFor('new-202'),
  ]);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ status: 'sent' }),
  ]);
});

it('skips a person who enabled no browser', async () => {
  const before = push.requests.length;
  const { notification } = await freelancerWithNotification(db.orm.em.fork(), 203);
  await channel.send(notification);
  expect(push.requests.length).toBe(before);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ status: 'skipped', detail: 'sem inscrição' }),
  ]);
});

it('keeps at most 10 browsers per person, the newest', async () => {
  const { userId } = await freelancerWithNotification(db.orm.em.fork(), 204);
  for (let n = 1; n <= 12; n += 1)
    await savePushSubscription(db.orm.em.fork(), userId, {
      endpoint: push.endpointFor(`b${n}-204`),
      ...browserKeys(),
    });
  const kept = await pushSubscriptionsOf(db.orm.em.fork(), userId);
  expect(kept.map((s) => s.endpoint.split('/').pop())).toEqual(
    [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((n) => `b${n}-204`),
  );
});

it('is off without VAPID keys, and refuses half a pair', () => {
  expect(webPushSettingsFromEnv({})).toBeNull();
  expect(() => webPushSettingsFromEnv({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow('go together');
});
