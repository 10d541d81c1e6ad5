import { TEST_PUBLIC_URL, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { NotificationsResponseSchema } from '@turno/contracts';
import { User, createNotifications } from '@turno/core';
import { NOTIFICATION_MESSAGES } from '@turno/domain';
import { createShellBff } from './app';
import { shellSettingsFromEnv } from './settings';

/**
 * Issue 26: the bell's calls — the caller's notifications newest first with the unread count, one
 * marked read (another person's: 404), all marked read.
 */
const settings = shellSettingsFromEnv({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_CLIENT_SECRET: 'not-used-here' });

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest((deps) => createShellBff(deps, settings), { seed: false });
});
afterAll(() => bff.close());

async function personWith(count: number) {
  const em = bff.db.orm.em.fork();
  const user = em.create(User, { email: `${Math.random().toString(36).slice(2)}@example.com`, name: 'Rita' });
  await em.flush();
  const ids = await createNotifications(
    bff.db.orm.em.fork(),
    Array.from({ length: count }, (_unused, index) => ({
      eventId: index + 1,
      userId: user.id,
      kind: 'application_accepted' as const,
      subjectType: 'application' as const,
      subjectId: user.id * 1000 + index,
      title: 'Candidatura aceita',
      body: `Sua candidatura ${index + 1} foi aceita.`,
      link: '/dashboard/trabalhos',
      audience: { freelancerId: 1 },
    })),
  );
  return { ids, cookie: await bff.sessionCookie({ role: 'user', userId: user.id }) };
}

const list = async (cookie: string, query = '') => {
  const answer = await bff.request(`/api/notifications${query}`, { cookie });
  expect(answer.status).toBe(200);
  return NotificationsResponseSchema.parse(answer.body);
};

describe('notifications', () => {
  it('lists the caller’s own, newest first, a page at a time, with the unread count', async () => {
    const { cookie } = await personWith(3);
    await personWith(2); // someone else's
    const first = await list(cookie, '?limit=2');
    expect(first.unread).toBe(3);
    expect(first.items.map((item) => item.body)).toEqual([
      'Sua candidatura 3 foi aceita.',
      'Sua candidatura 2 foi aceita.',
    ]);
    expect(first.items[0]).toMatchObject({
      kind: 'application_accepted',
      link: '/dashboard/trabalhos',
      read_at: null,
    });
    const next = await list(cookie, `?limit=2&cursor=${first.nextCursor}`);
    expect(next.items.map((item) => item.body)).toEqual(['Sua candidatura 1 foi aceita.']);
    expect(next.nextCursor).toBeNull();
  });

  it('marks one read, refuses another person’s with 404, and marks all read', async () => {
    const mine = await personWith(3);
    const theirs = await personWith(1);
    const read = await bff.request(`/api/notifications/${mine.ids[0]}/read`, {
      cookie: mine.cookie,
      json: {},
    });
    expect(read).toMatchObject({ status: 200, body: { unread: 2 } });
    const foreign = await bff.request(`/api/notifications/${theirs.ids[0]}/read`, {
      cookie: mine.cookie,
      json: {},
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: NOTIFICATION_MESSAGES.notFound } });
    expect((await list(theirs.cookie)).unread).toBe(1);
    const all = await bff.request('/api/notifications/read-all', { cookie: mine.cookie, json: {} });
    expect(all).toMatchObject({ status: 200, body: { unread: 0 } });
    const after = await list(mine.cookie);
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.read_at !== null)).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await bff.request('/api/notifications')).status).toBe(401);
  });

  it("serves an admin's own bell under /api/admin (another admin's: 404; a user's session: 403)", async () => {
    const sql = <T extends object[]>(text: string) => bff.db.orm.em.fork().getConnection().execute<T>(text);
    const admins = await sql<{ id: number }[]>(
      `insert into admins (email, name, password_hash) values
         ('sino1@turno.test', 'Sino 1', 'x'), ('sino2@turno.test', 'Sino 2', 'x') returning id`,
    );
    const [mine, theirs] = admins.map((admin) => admin.id) as [number, number];
    const made = await sql<{ id: number; admin_id: number }[]>(
      `insert into notifications (admin_id, kind, subject_type, subject_id, title, body, link)
       select a.id, 'payout_failed', 'payout', n, 'Repasse com falha', 'O Pix ' || n || ' falhou.', '/admin/dashboard?tab=repasses'
         from unnest(array[${mine}, ${theirs}]) as a(id) cross join generate_series(1, 2) as n
       returning id, admin_id`,
    );
    const cookie = await bff.sessionCookie({ role: 'admin', adminId: mine });
    const page = await bff.request('/api/admin/notifications', { cookie });
    expect(page.status).toBe(200);
    const answer = NotificationsResponseSchema.parse(page.body);
    expect(answer.unread).toBe(2);
    expect(answer.items.map((item) => item.body)).toEqual(['O Pix 2 falhou.', 'O Pix 1 falhou.']);
    expect(answer.items[0]).toMatchObject({ kind: 'payout_failed', link: '/admin/dashboard?tab=repasses' });

    const own = made.find((row) => row.admin_id === mine)!.id;
    const foreign = made.find((row) => row.admin_id === theirs)!.id;
    expect(await bff.request(`/api/admin/notifications/${own}/read`, { cookie, json: {} })).toMatchObject({
      status: 200,
      body: { unread: 1 },
    });
    expect(await bff.request(`/api/admin/notifications/${foreign}/read`, { cookie, json: {} })).toMatchObject(
      {
        status: 404,
        body: { error: NOTIFICATION_MESSAGES.notFound },
      },
    );
    expect(await bff.request('/api/admin/notifications/read-all', { cookie, json: {} })).toMatchObject({
      status: 200,
      body: { unread: 0 },
    });
    const theirCookie = await bff.sessionCookie({ role: 'admin', adminId: theirs });
    expect(
      NotificationsResponseSchema.parse(
        (await bff.request('/api/admin/notifications', { cookie: theirCookie })).body,
      ).unread,
    ).toBe(2);
    const user = await personWith(1);
    expect((await bff.request('/api/admin/notifications', { cookie: user.cookie })).status).toBe(403);
    expect((await bff.request('/api/notifications', { cookie })).status).toBe(403);
  });
});
