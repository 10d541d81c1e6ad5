/**
 * The web push channel against the local push service (@turno/dev-notify, over HTTPS) and a real
 * PostgreSQL: the request reaches each subscription's endpoint with the VAPID headers and an
 * aes128gcm body; once per notification; a 410 removes the subscription; no subscription is skipped;
 * a batch signs one VAPID token per push service an hour, and a push that fails fails only its own
 * notification (the retry sends only that one).
 * (That the payload decrypts is web-push's own job and tests.)
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
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
let settings: NonNullable<ReturnType<typeof webPushSettingsFromEnv>>;
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
  settings = webPushSettingsFromEnv({
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

it('sends a batch with one VAPID signature per push service an hour', async () => {
  // web-push refuses a token expiring more than 24 hours from the real time: the clock starts now.
  let clock = Date.now();
  const clocked = createWebPushChannel({
    settings,
    em: () => db.orm.em.fork(),
    extraCa: push.ca,
    now: () => clock,
  });
  const batch = [];
  for (const subjectId of [211, 212, 213]) {
    const { notification, userId } = await freelancerWithNotification(db.orm.em.fork(), subjectId);
    await savePushSubscription(db.orm.em.fork(), userId, {
      endpoint: push.endpointFor(`batch-${subjectId}`),
      ...browserKeys(),
    });
    batch.push(notification);
  }
  await clocked.sendMany!(batch);
  const sent = push.requests.filter((request) => request.id.startsWith('batch-'));
  expect(sent.map((request) => request.id).sort()).toEqual(['batch-211', 'batch-212', 'batch-213']);
  expect(new Set(sent.map((request) => request.authorization)).size).toBe(1);
  expect(jwtPayload(sent[0]!.authorization).claims.exp).toBe(Math.floor(clock / 1000) + 12 * 3600);
  for (const notification of batch)
    expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1 }),
    ]);

  // An hour later the token is signed again.
  clock += 3600_000;
  const { notification, userId } = await freelancerWithNotification(db.orm.em.fork(), 214);
  await savePushSubscription(db.orm.em.fork(), userId, {
    endpoint: push.endpointFor('batch-214'),
    ...browserKeys(),
  });
  await clocked.send(notification);
  const later = push.requests.find((request) => request.id === 'batch-214')!;
  expect(later.authorization).not.toBe(sent[0]!.authorization);
  expect(jwtPayload(later.authorization).claims.exp).toBe(Math.floor(clock / 1000) + 12 * 3600);
});

it('fails only the notification whose push service cannot be reached; the retry sends only that one', async () => {
  // A port nobody listens on: the connection is refused (a network failure, transient).
  const closedPort = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const reachable = await freelancerWithNotification(db.orm.em.fork(), 221);
  await savePushSubscription(db.orm.em.fork(), reachable.userId, {
    endpoint: push.endpointFor('up-221'),
    ...browserKeys(),
  });
  const unreachable = await freelancerWithNotification(db.orm.em.fork(), 222);
  await savePushSubscription(db.orm.em.fork(), unreachable.userId, {
    endpoint: `https://127.0.0.1:${closedPort}/push/down-222`,
    ...browserKeys(),
  });
  const batch = [reachable.notification, unreachable.notification];
  await expect(channel.sendMany!(batch)).rejects.toThrow(`first ${unreachable.notification.id}`);
  expect(await deliveriesOf(db.orm.em.fork(), reachable.notification.id)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 1 }),
  ]);
  expect(await deliveriesOf(db.orm.em.fork(), unreachable.notification.id)).toEqual([
    expect.objectContaining({ status: 'failed', attempts: 1, detail: expect.stringContaining('rede') }),
  ]);

  await expect(channel.sendMany!(batch)).rejects.toThrow();
  expect(push.requests.filter((request) => request.id === 'up-221')).toHaveLength(1);
  expect(await deliveriesOf(db.orm.em.fork(), unreachable.notification.id)).toEqual([
    expect.objectContaining({ status: 'failed', attempts: 2 }),
  ]);
});
