import {
  ApplyResponseSchema,
  FreelancerApplicationsPageSchema,
  FreelancerJobsPageSchema,
} from '@turno/contracts';
import { acceptApplication, Application, type Job, Restaurant } from '@turno/core';
import { insertJob } from '@turno/core/testing';
import { addDays, APPLICATION_MESSAGE_MAX_LENGTH, MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';
import { idOf, pendingFreelancerCookie } from '../test-support';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let market: Restaurant;
let otherMarket: Restaurant;
// Two days ahead: clear of the demo freelancer's shift of today, even one running past midnight.
const baseDay = addDays(saoPauloDate(new Date()), 2);

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
  const em = bff.db.orm.em.fork();
  market = await em.findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
  otherMarket = await em.findOneOrFail(Restaurant, { businessName: 'Hortifruti Vila Madalena' });
});
afterAll(() => bff.close());

const apply = (jobId: number, json: unknown = {}, as = cookie) =>
  bff.request(`/api/jobs/${jobId}/apply`, { method: 'POST', cookie: as, json });
const applications = async (query = '') =>
  FreelancerApplicationsPageSchema.parse(
    (await bff.request(`/api/freelancers/applications${query}`, { cookie })).body,
  );
/** An open vacancy at `restaurant` (the demo restaurant by default), two days ahead, 05:00–11:00 unless said. */
const vacancy = (fields: Partial<Job> = {}, restaurant = market) =>
  insertJob(bff.db.orm.em.fork(), restaurant, {
    dateNeeded: baseDay,
    startTime: '05:00',
    endTime: '11:00',
    title: 'Empacotador/Embalador',
    positionType: 'Empacotador/Embalador',
    ...fields,
  });

describe('POST /api/jobs/:id/apply', () => {
  it('applies with a message: 201, pending for 2 h, listed first under Candidaturas without the business name', async () => {
    const before = await applications();
    const job = await vacancy();
    const listed = async () =>
      FreelancerJobsPageSchema.parse(
        (await bff.request(`/api/jobs?date=${baseDay}&limit=200`, { cookie })).body,
      ).items.find((item) => item.id === job.id);
    expect(await listed()).toMatchObject({ has_applied: false });
    const { status, body } = await apply(job.id, { message: '  Tenho experiência com embalagem.  ' });
    expect(status).toBe(201);
    const answer = ApplyResponseSchema.parse(body);
    expect(answer).toMatchObject({
      success: true,
      message: MESSAGES.applications.applied,
      application: { job_id: job.id, status: 'pending' },
    });
    const { applied_at, expires_at } = answer.application;
    expect(Date.parse(expires_at) - Date.parse(applied_at)).toBe(2 * 3600 * 1000);
    expect(await listed()).toMatchObject({ has_applied: true });

    const after = await applications();
    expect(after.items[0]).toMatchObject({
      id: answer.application.id,
      job_id: job.id,
      title: 'Empacotador/Embalador',
      status: 'pending',
      message: 'Tenho experiência com embalagem.',
      hourly_rate: 149,
      freelancer_payment_amount: 120,
      restaurant_name: null,
      restaurant_neighborhood: 'Vila Mariana',
      restaurant_city: 'São Paulo - SP',
    });
    expect(after.counts.pending).toBe(before.counts.pending + 1);
    expect(after.total).toBe(before.total + 1);
  });

  it('refuses a second application, a message too long and an unknown vacancy', async () => {
    const job = await vacancy({ startTime: '13:00', endTime: '19:00' });
    expect((await apply(job.id)).status).toBe(201);
    expect(await apply(job.id)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.applications.alreadyApplied },
    });
    const other = await vacancy({ dateNeeded: addDays(baseDay, 1) });
    const tooLong = await apply(other.id, { message: 'a'.repeat(APPLICATION_MESSAGE_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { error: string }).error).toContain(
      MESSAGES.applications.messageTooLong(APPLICATION_MESSAGE_MAX_LENGTH),
    );
    expect((await apply(2_000_000_000)).status).toBe(404);
    expect((await apply(0)).status).toBe(400);
  });

  it('refuses a time clash with a held shift with the server\'s "CONFLITO DE HORÁRIO" text', async () => {
    const [held] = await bff.db.orm.em
      .getConnection()
      .execute<{ date: string; start: string; end: string }[]>(
        `select to_char(j.date_needed, 'YYYY-MM-DD') as date, j.start_time as start, j.end_time as "end"
         from assignments a join jobs j on j.id = a.job_id
        where a.freelancer_id = ? and a.status in ('assigned', 'in_progress') and j.date_needed >= ?::date
        order by j.date_needed limit 1`,
        [roles.freelancer.freelancerId, saoPauloDate(new Date())],
      );
    const clash = await vacancy(
      { dateNeeded: held!.date, startTime: held!.start, endTime: held!.end },
      otherMarket,
    );
    const { status, body } = await apply(clash.id, { message: 'Posso ir' });
    expect(status).toBe(409);
    expect((body as { error: string }).error).toBe(MESSAGES.applications.scheduleConflictOwn);
    expect((body as { error: string }).error).toContain('CONFLITO DE HORÁRIO');
  });

  it('refuses a freelancer awaiting approval with the reason', async () => {
    const job = await vacancy({ dateNeeded: addDays(baseDay, 2) });
    expect(await apply(job.id, {}, await pendingFreelancerCookie(bff))).toMatchObject({
      status: 403,
      body: { error: MESSAGES.applications.freelancerNotApproved },
    });
  });
});

describe('GET /api/freelancers/applications', () => {
  it('hides expired applications, stored or past their expiry, and counts each status', async () => {
    const freelancerId = roles.freelancer.freelancerId;
    const storedExpired = await idOf(
      bff,
      `select id from applications where freelancer_id = ? and status = 'expired' limit 1`,
      [freelancerId],
    );
    const job = await vacancy({ dateNeeded: addDays(baseDay, 3) });
    const em = bff.db.orm.em.fork();
    const lapsed = em.create(Application, {
      job: job.id,
      freelancer: freelancerId,
      status: 'pending',
      appliedAt: new Date(Date.now() - 3 * 3600 * 1000),
      expiresAt: new Date(Date.now() - 3600 * 1000),
    });
    await em.flush();

    const page = await applications('?limit=200');
    const ids = page.items.map((item) => item.id);
    expect(ids).not.toContain(storedExpired);
    expect(ids).not.toContain(lapsed.id);
    expect(page.items.every((item) => item.status !== ('expired' as string))).toBe(true);
    const count = (status: string) => page.items.filter((item) => item.status === status).length;
    expect(page.counts).toEqual({
      all: page.items.length,
      pending: count('pending'),
      accepted: count('accepted'),
      rejected: count('rejected'),
    });
    expect((await applications('?status=pending&limit=200')).items.map((item) => item.id)).not.toContain(
      lapsed.id,
    );
  });

  it('names the business once the application is accepted', async () => {
    const job = await vacancy({ dateNeeded: addDays(baseDay, 4) });
    const applied = ApplyResponseSchema.parse((await apply(job.id)).body);
    await acceptApplication(bff.db.orm.em.fork(), roles.restaurant, applied.application.id);
    const accepted = (await applications('?status=accepted&limit=200')).items.find(
      (item) => item.id === applied.application.id,
    );
    expect(accepted).toMatchObject({ status: 'accepted', restaurant_name: 'Supermercado Bom Preço' });
    expect(accepted?.reviewed_at).toEqual(expect.any(String));
  });

  it('pages newest first without repeating, answers 304 while unchanged and refuses a bad filter', async () => {
    const all = await applications('?limit=200');
    expect(all.items.length).toBeGreaterThan(2);
    const first = await applications('?limit=2');
    const second = await applications(`?limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(
      all.items.slice(0, 4).map((item) => item.id),
    );
    const applied = all.items.map((item) => item.applied_at);
    expect(applied).toEqual([...applied].sort().reverse());

    const response = await bff.request('/api/freelancers/applications', { cookie });
    const again = await bff.request('/api/freelancers/applications', {
      cookie,
      headers: { 'if-none-match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect((await bff.request('/api/freelancers/applications?status=expired', { cookie })).status).toBe(400);
    expect((await bff.request('/api/freelancers/applications?limit=201', { cookie })).status).toBe(400);
  });
});
