import {
  CreateJobsResponseSchema,
  RestaurantJobsPageSchema,
  RestaurantProfileSchema,
} from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate, shiftEndTime, shiftPrice } from '@turno/domain';
import { applyToJob, type Actor, OWNER_MEMBERSHIP } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * The restaurant panel's job writes (issue 8): the vacancy form (POST /api/jobs) and deletion
 * (DELETE /api/jobs/:id), through the real domain services on PostgreSQL.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
const today = saoPauloDate(new Date());
const tomorrow = addDays(today, 1);

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const post = (path: string, json: unknown = {}, as = cookie) => bff.request(path, { cookie: as, json });
const jobCount = async (restaurantId: number) =>
  Number(
    (
      await bff.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>('select count(*) as n from jobs where restaurant_id = ?', [restaurantId])
    )[0]!.n,
  );
const jobRow = async (id: number) =>
  (
    await bff.db.orm.em.fork().getConnection().execute<
      {
        status: string;
        start_time: string;
        end_time: string;
        charge_cents: number;
        meal_time: string | null;
        restaurant_id: number;
      }[]
    >('select status, start_time, end_time, charge_cents, meal_time, restaurant_id from jobs where id = ?', [id])
  )[0];

/** A vacancy of the demo restaurant made through the form's call, for the tests that need one. */
async function createVacancy(fields: Record<string, unknown> = {}): Promise<number[]> {
  const { status, body } = await post('/api/jobs', {
    positionType: 'Operador de Caixa',
    dates: [tomorrow],
    workload: 6,
    startTime: '08:00',
    quantity: 1,
    ...fields,
  });
  expect(status).toBe(201);
  return CreateJobsResponseSchema.parse(body).jobIds;
}

describe('POST /api/jobs', () => {
  it('creates quantity × dates vacancies priced by the server, whatever the client sends', async () => {
    const before = await jobCount(roles.restaurant.restaurantId);
    const { status, body } = await post('/api/jobs', {
      restaurantId: roles.restaurant.restaurantId + 1,
      positionType: 'Estoquista',
      // Tomorrow and the day after: a 16:00 start today would pass at 16:00 (the test runs at any hour).
      dates: [tomorrow, addDays(today, 2)],
      workload: 8.33,
      startTime: '16:00',
      endTime: '01:00',
      hourlyRate: 1,
      mealTime: '18:00 às 19:00',
      recommendedAttire: 'Calça preta',
      description: 'Reposição de gôndolas',
      quantity: 3,
    });
    expect(status).toBe(201);
    const created = CreateJobsResponseSchema.parse(body);
    expect(created.jobsCreated).toBe(6);
    expect(created.jobIds).toHaveLength(6);
    expect(await jobCount(roles.restaurant.restaurantId)).toBe(before + 6);
    // 16:00 + 8h20 ends 00:20: a night shift, R$ 179,00 (libs/domain), never the client's price.
    expect(shiftEndTime('16:00', 8.33)).toBe('00:20');
    expect(await jobRow(created.jobIds[0]!)).toEqual({
      status: 'open',
      start_time: '16:00',
      end_time: '00:20',
      charge_cents: shiftPrice(8.33, '16:00') * 100,
      meal_time: '18:00 às 19:00',
      restaurant_id: roles.restaurant.restaurantId,
    });
    expect(shiftPrice(8.33, '16:00')).toBe(179);

    // The agenda shows them on both days.
    const agenda = RestaurantJobsPageSchema.parse(
      (await bff.request(`/api/jobs?date=${tomorrow}&status=open&q=estoquista&limit=200`, { cookie })).body,
    );
    expect(agenda.items.filter((job) => created.jobIds.includes(job.id))).toHaveLength(3);
  });

  it('refuses what the rules refuse, in pt-BR, creating nothing', async () => {
    const before = await jobCount(roles.restaurant.restaurantId);
    const valid = {
      positionType: 'Estoquista',
      dates: [tomorrow],
      workload: 6,
      startTime: '08:00',
      quantity: 1,
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...valid, dates: [] }, 400, MESSAGES.jobs.selectDate],
      [{ ...valid, positionType: 'Garçom' }, 400, MESSAGES.jobs.invalidPositionType],
      [{ ...valid, workload: 8 }, 400, MESSAGES.jobs.workloadNotAllowedForBusiness],
      [{ ...valid, workload: 11.5 }, 400, MESSAGES.jobs.workloadNotAllowedForBusiness],
      [{ ...valid, startTime: '' }, 400, MESSAGES.jobs.startTimeRequired],
      [{ ...valid, dates: [addDays(today, 7)] }, 400, MESSAGES.jobs.dateOutOfRange],
      [{ ...valid, dates: [addDays(today, -1)] }, 400, MESSAGES.jobs.dateOutOfRange],
      [{ ...valid, quantity: 6 }, 400, MESSAGES.jobs.quantityOutOfRange(5)],
      // Today at 00:00 has always started (Sao Paulo time): "Hoje 05:00" created at 10:10.
      [
        { ...valid, dates: [tomorrow, saoPauloDate(new Date())], startTime: '00:00' },
        400,
        MESSAGES.jobs.startInPast,
      ],
      [{ ...valid, mealTime: '08:30 às 09:00' }, 400, MESSAGES.jobs.invalidMealTime],
    ];
    for (const [body, status, error] of cases) {
      expect({ body, answer: await post('/api/jobs', body).then((r) => [r.status, r.body]) }).toEqual({
        body,
        answer: [status, { error }],
      });
    }
    // The contract bounds: a description beyond 2000 characters, eleven dates, a date that is none.
    for (const body of [
      { ...valid, description: 'x'.repeat(2001) },
      { ...valid, dates: Array.from({ length: 15 }, () => tomorrow) },
      { ...valid, dates: ['amanhã'] },
      { ...valid, quantity: 'muitas' },
    ]) {
      const answer = await post('/api/jobs', body);
      expect(answer.status).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/[a-zà-ú]/);
    }
    expect(await jobCount(roles.restaurant.restaurantId)).toBe(before);
  });

  it('refuses a business that is not approved yet with the spec message', async () => {
    const em = bff.db.orm.em.fork();
    const pending = await insertRestaurant(em, { isApproved: false, businessName: 'Mercado Novo' });
    const pendingCookie = await bff.sessionCookie({
      role: 'restaurant',
      restaurantId: pending.id,
      userId: pending.user.id,
      member: OWNER_MEMBERSHIP,
    });
    const answer = await post(
      '/api/jobs',
      { positionType: 'Estoquista', dates: [tomorrow], workload: 6, startTime: '08:00', quantity: 1 },
      pendingCookie,
    );
    expect(answer).toMatchObject({ status: 403, body: { error: MESSAGES.jobs.notApproved } });
    expect(await jobCount(pending.id)).toBe(0);
    const profile = await bff.request('/api/restaurant/profile', { cookie: pendingCookie });
    expect(RestaurantProfileSchema.parse(profile.body).is_approved).toBe(false);
  });
});

describe('DELETE /api/jobs/:id', () => {
  it('deletes an open vacancy of the business once; the second time is 404', async () => {
    const [jobId] = await createVacancy();
    const first = await bff.request(`/api/jobs/${jobId}`, { cookie, method: 'DELETE' });
    expect(first).toMatchObject({ status: 200, body: { jobId, deleted: true } });
    expect(await jobRow(jobId!)).toBeUndefined();
    const again = await bff.request(`/api/jobs/${jobId}`, { cookie, method: 'DELETE' });
    expect(again).toMatchObject({ status: 404, body: { error: MESSAGES.jobs.notFound } });
  });

  it("refuses another business's vacancy (404) and an allocated one (409), changing nothing", async () => {
    const em = bff.db.orm.em.fork();
    const other = await insertRestaurant(em);
    const foreign = await insertJob(em, other, { dateNeeded: tomorrow });
    expect(await bff.request(`/api/jobs/${foreign.id}`, { cookie, method: 'DELETE' })).toMatchObject({
      status: 404,
    });
    expect(await jobRow(foreign.id)).toBeDefined();

    const [jobId] = await createVacancy({ startTime: '05:00' });
    const freelancer = await insertFreelancer(em, { profilePhotoUrl: '/fotos/teste.jpg' });
    const application = await applyToJob(em.fork(), freelancerActor(freelancer), { jobId: jobId! });
    expect((await post(`/api/restaurant/applications/${application.applicationId}/accept`)).status).toBe(200);
    expect(await bff.request(`/api/jobs/${jobId}`, { cookie, method: 'DELETE' })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.jobs.notOpen },
    });
    expect((await jobRow(jobId!))?.status).toBe('assigned');
  });
});

function freelancerActor(freelancer: { id: number; user: { id: number } }): Actor {
  return { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id };
}
