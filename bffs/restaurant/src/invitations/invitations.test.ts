import { CreateJobsResponseSchema, PastWorkersListSchema, RepeatableVacancySchema } from '@turno/contracts';
import { INVITATION_MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Issue 26 "Ask again the people who came", through the restaurant BFF on PostgreSQL: the vacancy
 * form with invitees (POST /api/jobs), "Repetir vaga" (GET /api/jobs/:id/repeat) and the invitee
 * picker (GET /api/past-workers), each scoped to the signed-in business.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
const today = saoPauloDate(new Date());
const tomorrow = addDays(today, 1);
const uniqueName = `Zélia Retorno ${Date.now()}`;
let pastWorkerId: number;
let elsewhereWorkerId: number;
let elsewhereJobId: number;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  const em = bff.db.orm.em.fork();
  const restaurant = await em.findOneOrFail('Restaurant', { id: roles.restaurant.restaurantId });
  const elsewhere = await insertRestaurant(em);
  const pastWorker = await insertFreelancer(em, { name: uniqueName });
  const elsewhereWorker = await insertFreelancer(em, { name: `${uniqueName} de outro mercado` });
  // A shift of the month before last: it counts nowhere near the cap of this month or the next.
  const shiftDay = addDays(today, -62);
  await insertCompletedAssignment(
    em,
    await insertJob(em, restaurant as never, { dateNeeded: shiftDay, status: 'completed' }),
    pastWorker,
  );
  const elsewhereJob = await insertJob(em, elsewhere, { dateNeeded: shiftDay, status: 'completed' });
  await insertCompletedAssignment(em, elsewhereJob, elsewhereWorker);
  pastWorkerId = pastWorker.id;
  elsewhereWorkerId = elsewhereWorker.id;
  elsewhereJobId = elsewhereJob.id;
});
afterAll(() => bff.close());

const vacancy = {
  positionType: 'Estoquista',
  dates: [tomorrow],
  workload: 6,
  startTime: '16:00',
  quantity: 2,
  description: 'Reposição de gôndolas',
};

describe('GET /api/past-workers', () => {
  it("lists who completed a shift with the business, searched by name, never another business's", async () => {
    const { status, body } = await bff.request(`/api/past-workers?q=${encodeURIComponent('zelia retorno')}`, {
      cookie,
    });
    expect(status).toBe(200);
    const { items } = PastWorkersListSchema.parse(body);
    expect(items.map((item) => item.freelancer_id)).toEqual([pastWorkerId]);
    expect(items[0]).toMatchObject({ name: uniqueName, completed_shifts: 1 });
  });

  it('answers at most 50, and refuses more in pt-BR', async () => {
    const { status, body } = await bff.request('/api/past-workers?limit=51', { cookie });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('Itens por página');
  });
});

describe('POST /api/jobs with invitees', () => {
  it('creates the vacancies with their invitations and says how many were invited', async () => {
    const { status, body } = await bff.request('/api/jobs', {
      cookie,
      json: { ...vacancy, inviteFreelancerIds: [pastWorkerId], exclusiveHours: 6 },
    });
    expect(status).toBe(201);
    const created = CreateJobsResponseSchema.parse(body);
    expect(created).toMatchObject({ jobsCreated: 2, invitedFreelancers: 1 });
    const rows = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>(
        'select count(*) as n from job_invitations where freelancer_id = ? and job_id in (?, ?)',
        [pastWorkerId, ...created.jobIds],
      );
    expect(Number(rows[0]!.n)).toBe(2);
  });

  it("refuses another business's freelancer (403) and a window not offered (400), creating nothing", async () => {
    for (const [json, status, error] of [
      [
        { ...vacancy, inviteFreelancerIds: [elsewhereWorkerId], exclusiveHours: 2 },
        403,
        INVITATION_MESSAGES.inviteeNotPastWorker,
      ],
      [
        { ...vacancy, inviteFreelancerIds: [pastWorkerId], exclusiveHours: 3 },
        400,
        INVITATION_MESSAGES.invalidWindow,
      ],
    ] as const) {
      const answer = await bff.request('/api/jobs', { cookie, json });
      expect([answer.status, answer.body]).toEqual([status, { error }]);
    }
  });
});

describe('GET /api/jobs/:id/repeat', () => {
  it("fills the form from the business's vacancy and answers 404 for another business's", async () => {
    // "How many were posted together" counts the same vacancy made within 100 ms: a description of its
    // own keeps the earlier tests' identical vacancies (made moments before on a fast machine) apart.
    const repeatable = { ...vacancy, description: 'Reposição de gôndolas (repetir)' };
    const { body } = await bff.request('/api/jobs', { cookie, json: repeatable });
    const [jobId] = CreateJobsResponseSchema.parse(body).jobIds;
    const repeated = await bff.request(`/api/jobs/${jobId}/repeat`, { cookie });
    expect(repeated.status).toBe(200);
    expect(RepeatableVacancySchema.parse(repeated.body)).toMatchObject({
      position_type: 'Estoquista',
      workload: 6,
      start_time: '16:00',
      quantity: 2,
      description: 'Reposição de gôndolas (repetir)',
      date: tomorrow,
    });
    const other = await bff.request(`/api/jobs/${elsewhereJobId}/repeat`, { cookie });
    expect([other.status, other.body]).toEqual([404, { error: INVITATION_MESSAGES.repeatNotFound }]);
  });
});
