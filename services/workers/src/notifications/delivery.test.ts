/**
 * The channels registered in the workers (issue 26), through the real notifications queue: a
 * business accepting an application reaches the freelancer's in-app centre, her e-mail at a real
 * SMTP server and her browser's subscription at the local push service — once each, whatever the
 * scans and retries.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import webPush from 'web-push';
import { eventually } from '@turno/server-runtime/testing';
import { savePushSubscription } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant, type TestDatabase } from '@turno/core/testing';
import {
  startLocalPushService,
  startSmtpCatcher,
  type LocalPushService,
  type SmtpCatcher,
} from '@turno/dev-notify';
import { JOB_NAMES, SCAN_NOTIFICATIONS_JOB_OPTIONS, type Queues } from '../queues';
import { startWorkers } from '../worker-process';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  testQueuePrefix,
} from '../testing/worker-test-env';
import { appliedAndAccepted } from '../testing/notification-fixtures';
import { createEmailChannel, type EmailChannel } from './email/email-channel';
import { emailSettingsFromEnv } from './email/email-settings';
import { createWebPushChannel } from './web-push/web-push-channel';
import type { NotificationChannel } from './channels';

jest.setTimeout(90_000);

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let smtp: SmtpCatcher;
let push: LocalPushService;
let email: EmailChannel;
let channels: NotificationChannel[];
const prefix = testQueuePrefix('notification-channels');
/** Noon in Sao Paulo: outside quiet hours, whatever the hour the suite runs. */
const NOON = new Date('2026-01-01T15:00:00Z');

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  smtp = await startSmtpCatcher();
  push = await startLocalPushService();
  const vapid = webPush.generateVAPIDKeys();
  email = createEmailChannel({
    settings: emailSettingsFromEnv({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      PUBLIC_URL: 'https://turno.test',
    })!,
    em: () => db.orm.em.fork(),
  });
  channels = [
    email,
    createWebPushChannel({
      settings: {
        publicKey: vapid.publicKey,
        privateKey: vapid.privateKey,
        subject: 'mailto:avisos@turno.test',
      },
      em: () => db.orm.em.fork(),
      extraCa: push.ca,
    }),
  ];
});
afterAll(async () => {
  email?.close();
  await push?.close();
  await smtp?.close();
  await closeWorkerTestEnv({ db, connection, queues });
});

it('sends an acceptance by e-mail and web push, once each', async () => {
  const running = startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silentLogger,
    now: () => NOON,
    notifications: { listen: true, channels },
  });
  try {
    await running.payoutListener!.ready();
    // The first scan places the cursor at the latest event.
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(async () => ((await queues.notifications.getJobCounts('completed')).completed ?? 0) > 0);

    const em = db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado Bom Preço' });
    const job = await insertJob(em, restaurant, { positionType: 'Repositor', dateNeeded: '2026-01-05' });
    const freelancer = await insertFreelancer(em, {
      name: 'Ana Souza',
      profilePhotoUrl: '/static/avatars/a.svg',
    });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await savePushSubscription(db.orm.em.fork(), freelancer.user.id, {
      endpoint: push.endpointFor('ana'),
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    });
    await appliedAndAccepted(() => db.orm.em.fork(), restaurant, freelancer, job, NOON);
    const [ana] = await db.orm.em
      .fork()
      .getConnection()
      .execute<{ email: string }[]>('select email from users where id = ?', [freelancer.user.id]);
    const toAna = () => smtp.mails.filter((mail) => mail.envelopeTo.includes(ana!.email));
    await eventually(() => toAna().length > 0 && push.requests.some((request) => request.id === 'ana'));
    expect(toAna().map((mail) => mail.subject)).toEqual(['Turno: Candidatura aceita']);
    expect(toAna()[0]!.text).toContain('https://turno.test/dashboard/trabalhos');
    // The business hears of the application by e-mail too.
    await eventually(() =>
      smtp.mails.some(
        (mail) => mail.subject === 'Turno: Nova candidatura' && !mail.envelopeTo.includes(ana!.email),
      ),
    );

    // Every event scanned again: nothing more is sent.
    await queues.notifications.add(JOB_NAMES.scanNotificationEvents, {}, SCAN_NOTIFICATIONS_JOB_OPTIONS);
    await eventually(async () => {
      const counts = await queues.notifications.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).every((count) => count === 0);
    });
    expect(toAna()).toHaveLength(1);
    expect(push.requests.filter((request) => request.id === 'ana')).toHaveLength(1);
  } finally {
    await running.close();
  }
});
