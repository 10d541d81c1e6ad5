import { insertBusinessMember, insertJob, insertRestaurant } from '@turno/core/testing';
import { OWNER_MEMBERSHIP } from '@turno/core';
import { BUSINESS_MEMBER_MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Chains (issue 28): every business route names the member action it needs, and the caller's role
 * is read from the database at every request: a supervisor only sees shifts, approves attendance
 * and rates; a store manager does not see billing; a removed member is refused at once.
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(() => bff.close());

const vacancy = () => ({
  positionType: 'Estoquista',
  workload: 6,
  startTime: '08:00',
  dates: [saoPauloDate(new Date(Date.now() + 3 * 24 * 3_600_000))],
});

async function memberCookie(role: 'manager' | 'supervisor') {
  const em = bff.db.orm.em.fork();
  const restaurant = await insertRestaurant(em);
  await insertJob(em, restaurant, { dateNeeded: saoPauloDate(new Date()) });
  const { user, member, storeIds } = await insertBusinessMember(em, restaurant, role);
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: user.id,
    member: { role, storeIds },
  });
  return { cookie, restaurant, member, userId: user.id };
}

it('every business route names the member action it needs', () => {
  const routes = bff.app.endpoints().filter((endpoint) => endpoint.definition?.access === 'restaurant');
  expect(routes.length).toBeGreaterThan(30);
  expect(routes.filter((endpoint) => !endpoint.definition?.memberAction).map((e) => e.path)).toEqual([]);
});

it('lets a supervisor read the agenda but refuses them a new vacancy and the invoices, in pt-BR', async () => {
  const { cookie } = await memberCookie('supervisor');
  expect((await bff.request('/api/jobs', { cookie })).status).toBe(200);
  expect((await bff.request('/api/restaurant/assignments/pending-requests', { cookie })).status).toBe(200);

  const created = await bff.request('/api/jobs', {
    method: 'POST',
    cookie,
    json: vacancy(),
  });
  expect(created.status).toBe(403);
  expect(created.body).toMatchObject({ error: BUSINESS_MEMBER_MESSAGES.forbiddenForRole('supervisor') });
  expect((await bff.request('/api/restaurant/invoices', { cookie })).status).toBe(403);
  expect((await bff.request('/api/restaurant/jobs/applications-count', { cookie })).status).toBe(403);
});

it('lets a store manager create a vacancy at their store but not see billing or change the business', async () => {
  const { cookie, restaurant } = await memberCookie('manager');
  const created = await bff.request('/api/jobs', {
    method: 'POST',
    cookie,
    json: vacancy(),
  });
  expect(created.status).toBe(201);
  const [row] = await bff.db.orm.em
    .fork()
    .execute<{ n: string }[]>(
      'select count(*) as n from jobs where restaurant_id = ? and store_id is not null',
      [restaurant.id],
    );
  expect(Number(row!.n)).toBe(2);
  expect((await bff.request('/api/restaurant/invoices', { cookie })).status).toBe(403);
  expect((await bff.request('/api/restaurant/spending-analytics', { cookie })).status).toBe(403);
  const profile = await bff.request('/api/restaurant/profile', {
    method: 'PUT',
    cookie,
    json: { name: 'Outro Nome' },
  });
  expect(profile.status).toBe(403);
});

it('refuses a removed member at once, and a member whose role changed by their new role', async () => {
  const { cookie, member } = await memberCookie('manager');
  expect((await bff.request('/api/restaurant/jobs/applications-count', { cookie })).status).toBe(200);
  await bff.db.orm.em
    .fork()
    .execute(`update restaurant_members set role = 'supervisor' where id = ?`, [member.id]);
  expect((await bff.request('/api/restaurant/jobs/applications-count', { cookie })).status).toBe(403);
  await bff.db.orm.em.fork().execute('delete from restaurant_members where id = ?', [member.id]);
  expect((await bff.request('/api/jobs', { cookie })).status).toBe(403);
});

it('leaves the owner every route, as before chains', async () => {
  const em = bff.db.orm.em.fork();
  const restaurant = await insertRestaurant(em);
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  for (const path of ['/api/restaurant/invoices', '/api/restaurant/spending-analytics', '/api/jobs'])
    expect((await bff.request(path, { cookie })).status).toBe(200);
});

it("writes every member's change to the audit trail with the person and their role, refused ones too", async () => {
  const manager = await memberCookie('manager');
  const supervisor = await memberCookie('supervisor');
  expect(
    (await bff.request('/api/jobs', { method: 'POST', cookie: manager.cookie, json: vacancy() })).status,
  ).toBe(201);
  expect(
    (await bff.request('/api/jobs', { method: 'POST', cookie: supervisor.cookie, json: vacancy() })).status,
  ).toBe(403);
  const trail = await bff.db.orm.em
    .fork()
    .execute<
      { actor_id: number; outcome: string; status: number; role: string; business: number; name: string }[]
    >(
      `select e.actor_id, e.outcome, e.status, e.details->'business'->>'role' as role,
            (e.details->'business'->>'id')::int as business, u.name
       from audit_events e join users u on u.id = e.actor_id
      where e.actor_kind = 'user' and e.action = 'POST /api/jobs' and e.actor_id in (?, ?)
      order by e.id`,
      [manager.userId, supervisor.userId],
    );
  expect(trail).toEqual([
    expect.objectContaining({ actor_id: manager.userId, outcome: 'success', status: 201, role: 'manager' }),
    expect.objectContaining({
      actor_id: supervisor.userId,
      outcome: 'refused',
      status: 403,
      role: 'supervisor',
    }),
  ]);
  expect(trail[0]!.business).toBe(manager.restaurant.id);
  expect(trail[0]!.name).toMatch(/^Membro /);
});
