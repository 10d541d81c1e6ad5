import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_DELETION_MESSAGES, accountDeletionDueAt, accountDeletionScheduledFor } from '@turno/domain';
import { completedShift, scheduledJob, sp } from '../invoices/invoices-test-data';
import { SYSTEM_ACTOR, generateWeeklyInvoices } from '../invoices/invoices.service';
import { LocalPhotoStorage, freelancerPhotoKey, freelancerPhotoUrl } from '../photos';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import {
  cancelAccountDeletionByAdmin,
  cancelAccountDeletionOnSignIn,
  carryOutDueAccountDeletions,
  pendingAccountDeletion,
  requestAccountDeletion,
  takeDeletionCancelNotice,
} from './account-deletions.service';
import { findPrivacyPerson, listOpenAccountDeletions } from './privacy-requests.queries';

const DAY = 24 * 3_600_000;
const T0 = new Date('2026-11-25T15:00:00Z');
const after = (days: number) => new Date(T0.getTime() + days * DAY);

describe('account deletions (issue 27): "Excluir minha conta" with a 7-day grace', () => {
  let db: TestDatabase;
  let directory: string;
  let storage: LocalPhotoStorage;
  const em = () => db.orm.em.fork();
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    em().getConnection().execute<T[]>(text, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'turno-deletions-'));
    storage = new LocalPhotoStorage(directory);
    await sql(
      `insert into admins (id, email, name, password_hash) values (1, 'a1@turno.test', 'A1', 'x'), (7, 'a7@turno.test', 'A7', 'x')`,
    );
  });
  afterAll(async () => {
    await db.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('is refused while the freelancer has accepted shifts to come, naming day, time and store', async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Mercado Bom Preço' });
    const freelancer = await insertFreelancer(em());
    await scheduledJob(em(), restaurant, {
      date: '2026-12-03',
      start: '08:00',
      status: 'assigned',
      freelancer,
    });

    const refusal = requestAccountDeletion(em(), { by: 'self', userId: freelancer.user.id }, {}, T0);
    await expect(refusal).rejects.toMatchObject({ status: 409, code: 'account_deletion_blocked' });
    await expect(refusal).rejects.toThrow(/03\/12\/2026, 08:00–14:00, Mercado Bom Preço/);
    expect(await pendingAccountDeletion(em(), freelancer.user.id)).toBeNull();

    // The business with that accepted freelancer is refused as well.
    await expect(
      requestAccountDeletion(em(), { by: 'self', userId: restaurant.user.id }, {}, T0),
    ).rejects.toThrow(/vagas com freelancers aceitos.*03\/12\/2026/);
    const [audit] = await sql<{ outcome: string }>(
      `select outcome from audit_events where action = 'account_deletion.requested' and actor_id = ? order by id desc limit 1`,
      [freelancer.user.id],
    );
    expect(audit?.outcome).toBe('refused');
  });

  it('signing in again within the grace cancels it, the person is told once; after the grace it does not', async () => {
    const freelancer = await insertFreelancer(em());
    const userId = freelancer.user.id;
    const requested = await requestAccountDeletion(em(), { by: 'self', userId }, {}, T0);
    expect(requested).toMatchObject({
      status: 'pending',
      requestedBy: 'self',
      scheduledFor: accountDeletionScheduledFor(T0),
      dueAt: accountDeletionDueAt(T0),
    });
    expect(requested.scheduledFor.getTime() - T0.getTime()).toBe(7 * DAY);
    expect(requested.dueAt.getTime() - T0.getTime()).toBe(15 * DAY);
    // Asking again answers the same request.
    expect((await requestAccountDeletion(em(), { by: 'self', userId }, {}, after(1))).id).toBe(requested.id);

    expect(await cancelAccountDeletionOnSignIn(em(), userId, {}, after(6))).toBe(true);
    expect(await pendingAccountDeletion(em(), userId)).toBeNull();
    expect(await takeDeletionCancelNotice(em(), userId)).toBe(true);
    expect(await takeDeletionCancelNotice(em(), userId)).toBe(false);
    const [row] = await sql<{ status: string; cancelled_by: string }>(
      'select status, cancelled_by from account_deletions where id = ?',
      [requested.id],
    );
    expect(row).toEqual({ status: 'cancelled', cancelled_by: 'sign_in' });
    const audits = await sql<{ action: string }>(
      `select action from audit_events where target_type = 'account_deletion' and target_id = ? order by id`,
      [String(requested.id)],
    );
    expect(audits.map((audit) => audit.action)).toEqual([
      'account_deletion.requested',
      'account_deletion.cancelled',
    ]);
    // The job finds nothing of this person to carry out.
    await carryOutDueAccountDeletions(em(), after(8), storage);
    expect(await sql('select id from freelancers where id = ?', [freelancer.id])).toHaveLength(1);

    // Asked again: a sign-in after the grace ended does not call it off.
    const again = await requestAccountDeletion(em(), { by: 'self', userId }, {}, after(10));
    expect(again.id).not.toBe(requested.id);
    expect(await cancelAccountDeletionOnSignIn(em(), userId, {}, after(17.5))).toBe(false);
    expect((await pendingAccountDeletion(em(), userId))?.id).toBe(again.id);
  });

  it('carries out due deletions as the admin deletion does: the photo leaves storage, the invoice lines still add up; rerun is harmless', async () => {
    const restaurant = await insertRestaurant(em());
    const worker = await insertFreelancer(em(), { name: 'Joana Trabalhadora', cpf: '52998224725' });
    const newcomer = await insertFreelancer(em());
    // Joana worked (billed) and has an uploaded photo; the newcomer never worked.
    await completedShift(em(), restaurant, worker, { date: '2026-11-16' });
    await completedShift(em(), restaurant, worker, { date: '2026-11-18', hours: 8 });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, sp('2026-11-23', '01:00'));
    const key = freelancerPhotoKey(worker.id, 'abcdef1234567890');
    await storage.put(key, Buffer.from('jpeg'), 'image/jpeg');
    await sql('update freelancers set profile_photo_url = ? where id = ?', [
      freelancerPhotoUrl(worker.id, 'abcdef1234567890'),
      worker.id,
    ]);
    const invoiceBefore = await sql<{ amount_cents: number; lines: string; names: string }>(
      `select i.amount_cents, sum(l.amount_cents)::text as lines, string_agg(distinct l.freelancer_name, ',') as names
         from invoices i join invoice_lines l on l.invoice_id = i.id where i.restaurant_id = ? group by i.id`,
      [restaurant.id],
    );

    const a = await requestAccountDeletion(em(), { by: 'self', userId: worker.user.id }, {}, T0);
    const b = await requestAccountDeletion(
      em(),
      { by: 'admin', userId: newcomer.user.id, adminId: 1, note: 'Pedido por e-mail em 25/11' },
      {},
      T0,
    );
    expect(b).toMatchObject({
      requestedBy: 'admin',
      requestedByAdminId: 1,
      adminNote: 'Pedido por e-mail em 25/11',
    });

    // Before the 7 days: nothing happens.
    expect(await carryOutDueAccountDeletions(em(), after(6.9), storage)).toMatchObject({
      deleted: 0,
      anonymized: 0,
    });
    expect(await storage.get(key)).not.toBeNull();

    const report = await carryOutDueAccountDeletions(em(), after(7), storage);
    expect(report).toEqual({ deleted: 1, anonymized: 1, failed: 0, photosRemoved: 1 });
    expect(await storage.get(key)).toBeNull();
    const [anonymized] = await sql<{ name: string; cpf: string | null; user_id: number }>(
      'select name, cpf, user_id from freelancers where id = ?',
      [worker.id],
    );
    expect(anonymized).toMatchObject({ name: 'Freelancer removido', cpf: null });
    expect(await sql('select id from users where id = ?', [worker.user.id])).toEqual([]);
    expect(await sql('select id from freelancers where id = ?', [newcomer.id])).toEqual([]);
    const invoiceAfter = await sql<{ amount_cents: number; lines: string; names: string }>(
      `select i.amount_cents, sum(l.amount_cents)::text as lines, string_agg(distinct l.freelancer_name, ',') as names
         from invoices i join invoice_lines l on l.invoice_id = i.id where i.restaurant_id = ? group by i.id`,
      [restaurant.id],
    );
    expect(invoiceAfter).toEqual(invoiceBefore);
    expect(invoiceAfter[0]!.amount_cents).toBe(Number(invoiceAfter[0]!.lines));
    const done = await sql<{ status: string; outcome: string; user_id: number | null }>(
      'select status, outcome, user_id from account_deletions where id in (?, ?) order by id',
      [a.id, b.id],
    );
    expect(done).toEqual([
      { status: 'done', outcome: 'anonymized', user_id: null },
      { status: 'done', outcome: 'deleted', user_id: null },
    ]);
    const [run] = await sql<{ details: { counts: Record<string, number> } }>(
      `select details from audit_events where action = 'account_deletions.carried_out' order by id desc limit 1`,
    );
    expect(run?.details.counts).toEqual(report);

    // Safe to rerun: nothing more is due, nothing changes.
    expect(await carryOutDueAccountDeletions(em(), after(8), storage)).toEqual({
      deleted: 0,
      anonymized: 0,
      failed: 0,
      photosRemoved: 0,
    });
    // A crash between the removal and the marking: the request is carried out again without harm.
    const c = await insertFreelancer(em());
    const request = await requestAccountDeletion(em(), { by: 'self', userId: c.user.id }, {}, T0);
    await sql('delete from freelancers where id = ?', [c.id]);
    expect(await carryOutDueAccountDeletions(em(), after(7), storage)).toMatchObject({
      deleted: 1,
      failed: 0,
    });
    expect(
      (await sql<{ status: string }>('select status from account_deletions where id = ?', [request.id]))[0],
    ).toEqual({
      status: 'done',
    });
  });

  it("the admin's view: open requests by deadline, late ones marked, paged; the person found by e-mail or CPF; cancel", async () => {
    await sql(`update account_deletions set status = 'cancelled' where status = 'pending'`);
    const people = await Promise.all([0, 1, 2].map(() => insertFreelancer(em())));
    const ids: number[] = [];
    for (const [index, person] of people.entries())
      ids.push(
        (await requestAccountDeletion(em(), { by: 'self', userId: person.user.id }, {}, after(index))).id,
      );
    const now = after(15.5); // the first request is past its 15 days
    const first = await listOpenAccountDeletions(em(), { limit: 2 }, now);
    expect(first.rows.map((row) => [row.id, row.late])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
    expect(first.next).not.toBeNull();
    const second = await listOpenAccountDeletions(em(), { limit: 2, after: first.next }, now);
    expect(second.rows.map((row) => row.id)).toEqual([ids[2]]);
    expect(second.next).toBeNull();

    const [person] = await sql<{ email: string }>('select email from users where id = ?', [
      people[0]!.user.id,
    ]);
    const [byEmail] = await findPrivacyPerson(em(), person!.email.toUpperCase());
    expect(byEmail).toMatchObject({ userId: people[0]!.user.id, profileType: 'freelancer' });
    const withCpf = await insertFreelancer(em(), { cpf: '11144477735' });
    expect(await findPrivacyPerson(em(), '111.444.777-35')).toEqual([
      expect.objectContaining({ userId: withCpf.user.id, profileId: withCpf.id }),
    ]);
    expect(await findPrivacyPerson(em(), 'nada')).toEqual([]);

    const cancelled = await cancelAccountDeletionByAdmin(em(), 7, ids[1]!, {}, now);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'admin' });
    await expect(cancelAccountDeletionByAdmin(em(), 7, ids[1]!, {}, now)).rejects.toMatchObject({
      status: 409,
      message: ACCOUNT_DELETION_MESSAGES.notPending,
    });
    await expect(cancelAccountDeletionByAdmin(em(), 7, 999_999, {}, now)).rejects.toMatchObject({
      status: 404,
    });
  });
});
