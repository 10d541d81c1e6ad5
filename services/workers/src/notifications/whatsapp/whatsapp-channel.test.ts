/**
 * The WhatsApp adapter against a local fake of the Graph API's `messages` endpoint (over HTTP) and a
 * real PostgreSQL: the template message as the Cloud API documents it, once per notification; a
 * person without a mobile skipped; a 4xx ends it quietly, a 5xx throws for a retry.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliveriesOf } from '@turno/core';
import { createTestDatabase, type TestDatabase } from '@turno/core/testing';
import { freelancerWithNotification } from '../../testing/notification-fixtures';
import { createWhatsAppChannel, whatsAppNumber, whatsAppSettingsFromEnv } from './whatsapp-channel';

jest.setTimeout(60_000);

let db: TestDatabase;
let graph: Server;
let graphUrl: string;
const received: { path: string; authorization: string; body: Record<string, unknown> }[] = [];
const answers: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  graph = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body: JSON.parse(raw),
      });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.${received.length}` }] })
          : JSON.stringify({ error: { message: 'falha', code: status } }),
      );
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  graphUrl = `http://127.0.0.1:${(graph.address() as AddressInfo).port}/v21.0`;
});
afterAll(async () => {
  await new Promise((resolve) => graph?.close(resolve));
  await db?.drop();
});

const channel = () =>
  createWhatsAppChannel({
    settings: whatsAppSettingsFromEnv({
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_ACCESS_TOKEN: 'token-de-teste',
      WHATSAPP_API_URL: graphUrl,
    })!,
    em: () => db.orm.em.fork(),
  });

async function withPhone(subjectId: number, phone: string | null) {
  const made = await freelancerWithNotification(db.orm.em.fork(), subjectId);
  await db.orm.em
    .fork()
    .getConnection()
    .execute('update freelancers set phone = ? where user_id = ?', [phone, made.userId]);
  return made;
}

it('is off unless configured', () => {
  expect(whatsAppSettingsFromEnv({})).toBeNull();
  expect(() => whatsAppSettingsFromEnv({ WHATSAPP_ACCESS_TOKEN: 'x' })).toThrow('go together');
});

it('normalises Brazilian phones', () => {
  expect(whatsAppNumber('(11) 98765-4321')).toBe('5511987654321');
  expect(whatsAppNumber('+55 11 98765-4321')).toBe('5511987654321');
  expect(whatsAppNumber('1234')).toBeNull();
  expect(whatsAppNumber(null)).toBeNull();
});

it('sends the template message once per notification', async () => {
  const { notification } = await withPhone(301, '(11) 98765-4321');
  await channel().send(notification);
  await channel().send(notification);
  const mine = received.filter((r) => (r.body.to as string) === '5511987654321');
  expect(mine).toHaveLength(1);
  expect(mine[0]!.path).toBe('/v21.0/1234567890/messages');
  expect(mine[0]!.authorization).toBe('Bearer token-de-teste');
  expect(mine[0]!.body).toMatchObject({
    messaging_product: 'whatsapp',
    type: 'template',
    template: {
      name: 'turno_aviso',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Candidatura aceita' },
            { type: 'text', text: notification.body },
          ],
        },
        {
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: 'dashboard/trabalhos' }],
        },
      ],
    },
  });
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ channel: 'whatsapp', status: 'sent' }),
  ]);
});

it('skips a person without a mobile, ends quietly on a 4xx and throws on a 5xx', async () => {
  const none = await withPhone(302, null);
  await channel().send(none.notification);
  expect(await deliveriesOf(db.orm.em.fork(), none.notification.id)).toEqual([
    expect.objectContaining({ status: 'skipped' }),
  ]);
  const refused = await withPhone(303, '11 98765-0303');
  answers.push(400);
  await channel().send(refused.notification);
  expect(await deliveriesOf(db.orm.em.fork(), refused.notification.id)).toEqual([
    expect.objectContaining({ status: 'failed', detail: expect.stringContaining('400') }),
  ]);
  const flaky = await withPhone(304, '11 98765-0304');
  answers.push(503);
  await expect(channel().send(flaky.notification)).rejects.toThrow('WhatsApp 503');
  await channel().send(flaky.notification);
  expect(await deliveriesOf(db.orm.em.fork(), flaky.notification.id)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 2 }),
  ]);
});
