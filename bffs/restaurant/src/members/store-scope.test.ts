import { Application, Assignment, Store } from '@turno/core';
import { insertBusinessMember, insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { BUSINESS_MEMBER_MESSAGES, MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Chains (issue 28): a store manager or supervisor reaches the stores given to them only. Another
 * store's vacancy, application, assignment and timesheets answer 404, as another business's do, and
 * their lists and counts leave that store out; the owner sees every store.
 */
let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(() => bff.close());

const HOUR = 3_600_000;
const inDays = (days: number) => saoPauloDate(new Date(Date.now() + days * 24 * HOUR));

/** A business with two stores, at each an open vacancy with a live application and a shift whose check-in waits. */
async function twoStores() {
  const em = bff.db.orm.em.fork();
  const restaurant = await insertRestaurant(em);
  const first = await em.findOneOrFail(Store, { restaurant: restaurant.id });
  const second = em.create(Store, { restaurant, name: 'Loja Centro' });
  await em.flush();
  const atStore = async (at: Store) => {
    const store = em.getReference(Store, at.id, { wrapped: true });
    const open = await insertJob(em, restaurant, { store, dateNeeded: inDays(2) });
    const applicant = await insertFreelancer(em);
    const application = em.create(Application, {
      job: open,
      freelancer: applicant,
      appliedAt: new Date(),
      expiresAt: new Date(Date.now() + HOUR),
    });
    const today = await insertJob(em, restaurant, {
      store,
      dateNeeded: saoPauloDate(new Date()),
      status: 'assigned',
    });
    const assignment = em.create(Assignment, {
      job: today,
      freelancer: await insertFreelancer(em),
      status: 'assigned',
      checkinRequestedAt: new Date(),
    });
    await em.flush();
    return {
      openJobId: open.id,
      applicationId: application.id,
      assignmentId: assignment.id,
      todayJobId: today.id,
    };
  };
  return { restaurant, first: await atStore(first), second: await atStore(second), secondStoreId: second.id };
}

async function managerOfFirstStore(role: 'manager' | 'supervisor' = 'manager') {
  const business = await twoStores();
  const em = bff.db.orm.em.fork();
  const { user, storeIds } = await insertBusinessMember(em, business.restaurant, role);
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: business.restaurant.id,
    userId: user.id,
    member: { role, storeIds },
  });
  return { ...business, cookie };
}

const notFoundVacancy = { error: MESSAGES.jobs.notFound };

it("answers 404 to a manager on another store's vacancy, application, assignment and timesheets", async () => {
  const { cookie, second } = await managerOfFirstStore();
  const refused = async (path: string, method = 'GET', json?: unknown) => {
    const response = await bff.request(path, { method, cookie, json });
    return { path, status: response.status };
  };
  const answers = [
    await refused(`/api/restaurant/jobs/${second.openJobId}/applications`),
    await refused(`/api/jobs/${second.openJobId}/repeat`),
    await refused(`/api/jobs/${second.openJobId}`, 'DELETE'),
    await refused(`/api/restaurant/applications/${second.applicationId}/accept`, 'POST'),
    await refused(`/api/restaurant/applications/${second.applicationId}/reject`, 'POST'),
    await refused(`/api/restaurant/assignments/${second.assignmentId}/approve-checkin`, 'POST'),
    await refused(`/api/restaurant/assignments/${second.assignmentId}/no-show`, 'POST'),
    await refused(`/api/restaurant/assignments/${second.assignmentId}/cancel`, 'POST', { reopen: true }),
    await refused(`/api/restaurant/assignments/${second.assignmentId}/timesheets`),
  ];
  expect(answers).toEqual(answers.map(({ path }) => ({ path, status: 404 })));
  expect(
    (await bff.request(`/api/restaurant/jobs/${second.openJobId}/applications`, { cookie })).body,
  ).toEqual(notFoundVacancy);

  // Nothing of the other store changed.
  const [row] = await bff.db.orm.em
    .fork()
    .execute<{ job: number; application: string; assignment: string }[]>(
      `select (select count(*) from jobs where id = ?)::int as job,
            (select status from applications where id = ?) as application,
            (select status from assignments where id = ?) as assignment`,
      [second.openJobId, second.applicationId, second.assignmentId],
    );
  expect(row).toEqual({ job: 1, application: 'pending', assignment: 'assigned' });
});

it('lets the manager act on their own store: accept, approve the check-in, post a vacancy there only', async () => {
  const { cookie, first, secondStoreId } = await managerOfFirstStore();
  expect(
    (
      await bff.request(`/api/restaurant/applications/${first.applicationId}/accept`, {
        method: 'POST',
        cookie,
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await bff.request(`/api/restaurant/assignments/${first.assignmentId}/approve-checkin`, {
        method: 'POST',
        cookie,
      })
    ).status,
  ).toBe(200);

  const vacancy = { positionType: 'Estoquista', workload: 6, startTime: '08:00', dates: [inDays(3)] };
  // Their only store is taken without naming it; the other store is "not found".
  expect((await bff.request('/api/jobs', { method: 'POST', cookie, json: vacancy })).status).toBe(201);
  const elsewhere = await bff.request('/api/jobs', {
    method: 'POST',
    cookie,
    json: { ...vacancy, storeId: secondStoreId },
  });
  expect(elsewhere.status).toBe(404);
  expect(elsewhere.body).toEqual({ error: BUSINESS_MEMBER_MESSAGES.storeNotFound });
});

it("leaves another store out of a supervisor's agenda and counts, and shows the owner both", async () => {
  const { cookie, restaurant, first, second } = await managerOfFirstStore('supervisor');
  const agendaIds = async (sessionCookie: string) => {
    const page = await bff.request('/api/jobs?period=month', { cookie: sessionCookie });
    expect(page.status).toBe(200);
    return (page.body as { items: { id: number }[] }).items.map((item) => item.id).sort((a, b) => a - b);
  };
  expect(await agendaIds(cookie)).toEqual([first.openJobId, first.todayJobId].sort((a, b) => a - b));
  const pending = await bff.request('/api/restaurant/assignments/pending-requests', { cookie });
  expect(pending.body).toEqual({ count: 1, checkIns: 1, checkOuts: 0 });

  const owner = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: { role: 'owner', storeIds: null },
  });
  expect(await agendaIds(owner)).toEqual(
    [first.openJobId, first.todayJobId, second.openJobId, second.todayJobId].sort((a, b) => a - b),
  );
  expect((await bff.request('/api/restaurant/assignments/pending-requests', { cookie: owner })).body).toEqual(
    {
      count: 2,
      checkIns: 2,
      checkOuts: 0,
    },
  );
  const counts = await bff.request('/api/restaurant/jobs/applications-count', { cookie: owner });
  const jobIds = (counts.body as { job_id: number }[]).map((row) => row.job_id);
  expect(jobIds.sort((a, b) => a - b)).toEqual([first.openJobId, second.openJobId].sort((a, b) => a - b));
});

it("gives a manager's applications badge only their store's vacancies", async () => {
  const { cookie, first } = await managerOfFirstStore();
  const counts = await bff.request('/api/restaurant/jobs/applications-count', { cookie });
  expect(counts.body).toEqual([{ job_id: first.openJobId, application_count: 1 }]);
});

it("narrows the agenda to one store on request: the owner's any of theirs, a member's own only", async () => {
  const { cookie, restaurant, first, second, secondStoreId } = await managerOfFirstStore();
  const agenda = (sessionCookie: string, storeId: number) =>
    bff.request(`/api/jobs?period=month&storeId=${storeId}`, { cookie: sessionCookie });
  const idsOf = (body: unknown) =>
    (body as { items: { id: number }[]; counts: { all: number } }).items
      .map((item) => item.id)
      .sort((a, b) => a - b);

  const owner = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: { role: 'owner', storeIds: null },
  });
  const ownerSecond = await agenda(owner, secondStoreId);
  expect(ownerSecond.status).toBe(200);
  expect(idsOf(ownerSecond.body)).toEqual([second.openJobId, second.todayJobId].sort((a, b) => a - b));
  expect((ownerSecond.body as { counts: { all: number } }).counts.all).toBe(2);

  const [firstStoreId] = (
    await bff.db.orm.em
      .fork()
      .execute<{ id: number }[]>('select id from stores where restaurant_id = ? and id <> ?', [
        restaurant.id,
        secondStoreId,
      ])
  ).map((row) => row.id);
  const own = await agenda(cookie, firstStoreId!);
  expect(idsOf(own.body)).toEqual([first.openJobId, first.todayJobId].sort((a, b) => a - b));
  expect(await agenda(cookie, secondStoreId)).toMatchObject({
    status: 404,
    body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound },
  });
  // Another business's store is 404, for the owner too.
  const other = await insertRestaurant(bff.db.orm.em.fork());
  const [otherStore] = await bff.db.orm.em
    .fork()
    .execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [other.id]);
  expect(await agenda(owner, otherStore!.id)).toMatchObject({
    status: 404,
    body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound },
  });
});
