/**
 * Claiming and ending deliveries in batches against a real PostgreSQL: a new one is claimed, an
 * ended one is `done`, a failed one is claimed again (attempt 2), one another try is sending is
 * `busy` until its lease is past; ending a batch is one statement per batch.
 */
import { createTestDatabase, insertFreelancer, type TestDatabase } from '../testing';
import { DELIVERY_LEASE_SECONDS, claimDeliveries, deliveriesOf, finishDeliveries } from './deliveries';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const sql = <T extends object[]>(text: string, params: unknown[] = []) =>
  db.orm.em.fork().getConnection().execute<T>(text, params);

async function notifications(count: number): Promise<number[]> {
  const freelancer = await insertFreelancer(db.orm.em.fork(), { name: 'Lia Campos' });
  const rows = await sql<{ id: string }[]>(
    `insert into notifications (user_id, kind, subject_type, subject_id, title, body, link)
     select ?, 'application_accepted', 'application', n, 'Candidatura aceita', 'Até lá!', '/freelancer'
       from generate_series(1, ?) n returning id`,
    [freelancer.user.id, count],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

it('claims new and failed deliveries of a batch, answers done for ended ones and busy for one being sent', async () => {
  const [sent, failed, sending, fresh] = await notifications(4);
  const em = () => db.orm.em.fork();
  const first = await claimDeliveries(em(), [sent!, failed!, sending!], 'web_push');
  expect([...first.values()]).toEqual([
    { action: 'send', attempts: 1 },
    { action: 'send', attempts: 1 },
    { action: 'send', attempts: 1 },
  ]);
  await finishDeliveries(em(), 'web_push', [
    { notificationId: sent!, status: 'sent', detail: '1 navegador(es)' },
    { notificationId: failed!, status: 'failed', detail: 'rede: ECONNRESET' },
  ]);

  const again = await claimDeliveries(em(), [fresh!, sending!, failed!, sent!], 'web_push');
  expect(again.get(sent!)).toEqual({ action: 'done', status: 'sent' });
  expect(again.get(failed!)).toEqual({ action: 'send', attempts: 2 });
  expect(again.get(sending!)).toEqual({ action: 'busy' });
  expect(again.get(fresh!)).toEqual({ action: 'send', attempts: 1 });
  // Another channel is a delivery of its own.
  expect((await claimDeliveries(em(), [sent!], 'email')).get(sent!)).toEqual({ action: 'send', attempts: 1 });

  // A try that died mid-way: once its lease is past, the next claim takes it over.
  await sql(
    `update notification_deliveries set created_at = now() - make_interval(secs => ?)
      where notification_id = ? and channel = 'web_push'`,
    [DELIVERY_LEASE_SECONDS + 1, sending],
  );
  expect((await claimDeliveries(em(), [sending!], 'web_push')).get(sending!)).toEqual({
    action: 'send',
    attempts: 2,
  });
  expect(await deliveriesOf(em(), sent!)).toEqual([
    expect.objectContaining({ channel: 'email', status: 'sending' }),
    expect.objectContaining({
      channel: 'web_push',
      status: 'sent',
      detail: '1 navegador(es)',
      sentAt: expect.any(Date),
    }),
  ]);
  expect(await deliveriesOf(em(), failed!)).toEqual([
    expect.objectContaining({ status: 'sending', attempts: 2, detail: 'rede: ECONNRESET', sentAt: null }),
  ]);
});
