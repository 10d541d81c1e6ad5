import { PrivacyCasesPageSchema, PrivacyPeopleSchema } from '@turno/contracts';
import { requestAccountDeletion, requestDataExport, type EntityManager } from '@turno/core';
import { insertFreelancer } from '@turno/core/testing';
import { ACCOUNT_DELETION_MESSAGES, PRIVACY_ADMIN_MESSAGES } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * The admin's "Privacidade" (issue 27): open deletions and exports as one list by deadline, late ones
 * marked, paged on the server; a request made by e-mail acted on for the person (found by e-mail or
 * CPF), with a note, audited; a pending deletion called off.
 */
let bff: TestBff;
let roles: WalkRoles;
let admin: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  roles = await walkRoles(bff.db.orm.em);
  admin = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const em = (): EntityManager => bff.db.orm.em.fork();
const sql = <T>(text: string, params: unknown[] = []) => em().getConnection().execute<T[]>(text, params);
const DAY = 24 * 3_600_000;

describe('Privacidade', () => {
  it('lists deletions and exports together by deadline, late ones marked, a page at a time', async () => {
    const now = Date.now();
    const people = await Promise.all([0, 1, 2, 3].map(() => insertFreelancer(em())));
    // 20 days ago (late), 10 days ago, 5 days ago (an export), today.
    await requestAccountDeletion(
      em(),
      { by: 'self', userId: people[0]!.user.id },
      {},
      new Date(now - 20 * DAY),
    );
    await requestAccountDeletion(
      em(),
      { by: 'self', userId: people[1]!.user.id },
      {},
      new Date(now - 10 * DAY),
    );
    await requestDataExport(em(), { userId: people[2]!.user.id }, new Date(now - 5 * DAY));
    await requestAccountDeletion(em(), { by: 'self', userId: people[3]!.user.id }, {}, new Date(now));

    const seen: { kind: string; user_id: number | null; late: boolean }[] = [];
    let cursor: string | null = '';
    let pages = 0;
    let total = 0;
    while (cursor !== null) {
      const page = PrivacyCasesPageSchema.parse(
        (
          await bff.request(`/api/admin/privacy/requests?limit=1${cursor ? `&cursor=${cursor}` : ''}`, {
            cookie: admin,
          })
        ).body,
      );
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map(({ kind, user_id, late }) => ({ kind, user_id, late })));
      total = page.total;
      cursor = page.nextCursor;
      pages += 1;
      if (pages > 20) throw new Error('the pages never end');
    }
    const ours = seen.filter((item) => people.some((person) => person.user.id === item.user_id));
    expect(ours).toEqual([
      { kind: 'deletion', user_id: people[0]!.user.id, late: true },
      { kind: 'deletion', user_id: people[1]!.user.id, late: false },
      { kind: 'export', user_id: people[2]!.user.id, late: false },
      { kind: 'deletion', user_id: people[3]!.user.id, late: false },
    ]);
    expect(seen).toHaveLength(total);
    expect((await bff.request('/api/admin/privacy/requests?limit=500', { cookie: admin })).status).toBe(400);
  });

  it('acts on a request made by e-mail: finds the person by e-mail or CPF, schedules the deletion with a note, ends their sessions; cancels it', async () => {
    const person = await insertFreelancer(em(), { cpf: '11144477735' });
    const [row] = await sql<{ email: string }>('select email from users where id = ?', [person.user.id]);
    const userCookie = await bff.sessionCookie({ role: 'user', userId: person.user.id });

    for (const q of [row!.email.toUpperCase(), '111.444.777-35']) {
      const found = PrivacyPeopleSchema.parse(
        (await bff.request(`/api/admin/privacy/people?q=${encodeURIComponent(q)}`, { cookie: admin })).body,
      );
      expect(found.items).toEqual([
        expect.objectContaining({
          user_id: person.user.id,
          profile_type: 'freelancer',
          pending_deletion_id: null,
        }),
      ]);
    }
    // Signed in: a person's live session on an admin route is 403.
    expect((await bff.request('/api/admin/privacy/requests', { cookie: userCookie })).status).toBe(403);
    expect(
      (await bff.request(`/api/admin/privacy/people/${person.user.id}/deletion`, { cookie: admin, json: {} }))
        .status,
    ).toBe(400);
    const asked = await bff.request(`/api/admin/privacy/people/${person.user.id}/deletion`, {
      cookie: admin,
      json: { note: 'E-mail de 25/11 pedindo a exclusão' },
    });
    expect(asked).toMatchObject({ status: 200, body: { message: PRIVACY_ADMIN_MESSAGES.deletionRequested } });
    // Every session of the person ended: no longer resolves (401).
    expect((await bff.request('/api/admin/privacy/requests', { cookie: userCookie })).status).toBe(401);
    const [deletion] = await sql<{
      id: number;
      requested_by: string;
      requested_by_admin_id: number;
      admin_note: string;
    }>(
      `select id, requested_by, requested_by_admin_id, admin_note from account_deletions where user_id = ? and status = 'pending'`,
      [person.user.id],
    );
    expect(deletion).toMatchObject({
      requested_by: 'admin',
      requested_by_admin_id: roles.admin.adminId,
      admin_note: 'E-mail de 25/11 pedindo a exclusão',
    });
    const [audit] = await sql<{ actor_kind: string; actor_id: number; details: { note?: string } }>(
      `select actor_kind, actor_id, details from audit_events where action = 'account_deletion.requested' and target_id = ?`,
      [String(deletion!.id)],
    );
    expect(audit).toMatchObject({ actor_kind: 'admin', actor_id: roles.admin.adminId });
    expect(audit!.details.note).toBe('E-mail de 25/11 pedindo a exclusão');

    const exported = await bff.request(`/api/admin/privacy/people/${person.user.id}/export`, {
      cookie: admin,
      json: { note: 'Pedido de cópia por e-mail' },
    });
    expect(exported).toMatchObject({
      status: 200,
      body: { message: PRIVACY_ADMIN_MESSAGES.exportRequested },
    });
    expect(
      await sql(`select id from data_exports where user_id = ? and requested_by_admin_id = ?`, [
        person.user.id,
        roles.admin.adminId,
      ]),
    ).toHaveLength(1);

    const cancel = () =>
      bff.request(`/api/admin/privacy/deletions/${deletion!.id}/cancel`, { cookie: admin, json: {} });
    expect(await cancel()).toMatchObject({
      status: 200,
      body: { message: PRIVACY_ADMIN_MESSAGES.cancelled },
    });
    expect(await cancel()).toMatchObject({
      status: 409,
      body: { error: ACCOUNT_DELETION_MESSAGES.notPending },
    });
  });

  it('carries out the due deletions on demand, as the hourly job does', async () => {
    const person = await insertFreelancer(em());
    await requestAccountDeletion(
      em(),
      { by: 'self', userId: person.user.id },
      {},
      new Date(Date.now() - 8 * DAY),
    );
    const run = () => bff.request('/api/admin/privacy/deletions/run-due', { cookie: admin, json: {} });
    expect((await run()).status).toBe(200);
    expect(await sql('select id from freelancers where id = ?', [person.id])).toEqual([]);
    expect(
      await sql(`select status from account_deletions where user_id is null and profile_id = ?`, [person.id]),
    ).toEqual([{ status: 'done' }]);
    expect((await run()).body).toEqual({ success: true, message: PRIVACY_ADMIN_MESSAGES.ranDue(0, 0) });
  });
});
