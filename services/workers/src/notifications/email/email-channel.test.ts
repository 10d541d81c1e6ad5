/**
 * The e-mail channel against a real SMTP server started here (smtp-server, @turno/dev-notify) and a
 * real PostgreSQL: the pt-BR content with its plain-text part and absolute link, one mail per
 * notification however often it is handed over, a transient refusal retried, no address skipped.
 */
import { OWNER_MEMBERSHIP, deliveriesOf, inviteMember } from '@turno/core';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '@turno/core/testing';
import { startSmtpCatcher, type SmtpCatcher } from '@turno/dev-notify';
import { freelancerWithNotification } from '../../testing/notification-fixtures';
import { createEmailChannel, type EmailChannel } from './email-channel';
import { emailSettingsFromEnv } from './email-settings';

jest.setTimeout(60_000);

let db: TestDatabase;
let smtp: SmtpCatcher;
let channel: EmailChannel;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCatcher();
  const settings = emailSettingsFromEnv({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    MAIL_FROM: 'Turno <avisos@turno.test>',
    PUBLIC_URL: 'https://portal.turno.test/',
  })!;
  channel = createEmailChannel({ settings, em: () => db.orm.em.fork() });
});
afterAll(async () => {
  channel?.close();
  await smtp?.close();
  await db?.drop();
});

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(address));

it('sends the notification in pt-BR with an HTML and a plain-text part and the absolute link', async () => {
  const { notification, email } = await freelancerWithNotification(db.orm.em.fork(), 101);
  await channel.send(notification);
  const [mail] = mailsTo(email!);
  expect(mail).toBeDefined();
  expect(mail!.subject).toBe('Turno: Candidatura aceita');
  expect(mail!.from).toBe('"Turno" <avisos@turno.test>');
  expect(mail!.headers['x-turno-notification']).toBe(String(notification.id));
  expect(mail!.text).toContain('Olá, Ana Souza!');
  expect(mail!.text).toContain(
    'Sua candidatura para Repositor (Mercado Bom Preço & Cia, 12/12/2026 às 07:00) foi aceita.',
  );
  expect(mail!.text).toContain('Abrir no Turno: https://portal.turno.test/dashboard/trabalhos');
  expect(mail!.html).toContain('href="https://portal.turno.test/dashboard/trabalhos"');
  // The HTML part escapes the text it is given.
  expect(mail!.html).toContain('Mercado Bom Preço &amp; Cia');
  expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ channel: 'email', status: 'sent', attempts: 1, sentAt: expect.any(Date) }),
  ]);
});

it('sends one mail per notification however often it is handed over (a retried job)', async () => {
  const { notification, email } = await freelancerWithNotification(db.orm.em.fork(), 102);
  await channel.send(notification);
  await channel.send(notification);
  expect(mailsTo(email!)).toHaveLength(1);
});

it('sends once when two tries start at the same time: the second is told to retry later', async () => {
  const { notification, email } = await freelancerWithNotification(db.orm.em.fork(), 105);
  const outcomes = await Promise.allSettled([channel.send(notification), channel.send(notification)]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({
    reason: { name: 'DeliveryBusyError' },
  });
  expect(mailsTo(email!)).toHaveLength(1);
  await channel.send(notification);
  expect(mailsTo(email!)).toHaveLength(1);
});

it('throws on a transient refusal (the job retries) and sends on the retry, once', async () => {
  const { notification, email } = await freelancerWithNotification(db.orm.em.fork(), 103);
  smtp.failNext(1);
  await expect(channel.send(notification)).rejects.toThrow();
  expect(mailsTo(email!)).toHaveLength(0);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ status: 'failed', attempts: 1, detail: expect.stringContaining('451') }),
  ]);
  await channel.send(notification);
  await channel.send(notification);
  expect(mailsTo(email!)).toHaveLength(1);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ status: 'sent', attempts: 2 }),
  ]);
});

it('skips a person without an e-mail address', async () => {
  const before = smtp.mails.length;
  const { notification } = await freelancerWithNotification(db.orm.em.fork(), 104, { email: null });
  await channel.send(notification);
  expect(smtp.mails.length).toBe(before);
  expect(await deliveriesOf(db.orm.em.fork(), notification.id)).toEqual([
    expect.objectContaining({ status: 'skipped', detail: 'sem e-mail' }),
  ]);
});

it('is off without SMTP_HOST', () => {
  expect(emailSettingsFromEnv({})).toBeNull();
  expect(() => emailSettingsFromEnv({ SMTP_HOST: 'x', SMTP_USER: 'u' })).toThrow(
    'SMTP_USER and SMTP_PASSWORD',
  );
});

describe("a team invitation's link (issue 28)", () => {
  async function invitation(email: string) {
    const em = db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Rede Sol & Lua' });
    const [store] = await em.execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [
      restaurant.id,
    ]);
    const owner = {
      role: 'restaurant' as const,
      restaurantId: restaurant.id,
      userId: restaurant.user.id,
      member: OWNER_MEMBERSHIP,
    };
    return inviteMember(em.fork(), owner, { email, role: 'supervisor', storeIds: [store!.id] });
  }

  it('mails the link to the invited address, in pt-BR, with the portal URL', async () => {
    const { token } = await invitation('convidada@example.com');
    expect(await channel.sendMemberInvitation(token)).toBe('sent');
    const [mail] = mailsTo('convidada@example.com');
    expect(mail!.subject).toBe('Turno: convite para a equipe de Rede Sol & Lua');
    expect(mail!.text).toContain('Rede Sol & Lua convidou você para a equipe no Turno como Supervisor.');
    expect(mail!.text).toContain(`Aceitar o convite: https://portal.turno.test/convite-equipe/${token}`);
    expect(mail!.html).toContain(`href="https://portal.turno.test/convite-equipe/${token}"`);
  });

  it('sends nothing once the invitation is no longer open (revoked, expired, unknown)', async () => {
    const { token, invitation: made } = await invitation('tarde@example.com');
    const later = new Date(made.expiresAt.getTime() + 1_000);
    expect(await channel.sendMemberInvitation(token, later)).toBe('gone');
    expect(await channel.sendMemberInvitation('x'.repeat(32))).toBe('gone');
    expect(mailsTo('tarde@example.com')).toEqual([]);
  });
});
