import {
  AcceptApplicationResponseSchema,
  ApplicationCountListSchema,
  ApproveCheckoutResponseSchema,
  CreateJobsResponseSchema,
  RestaurantApplicationListSchema,
  ShiftStateSchema,
} from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate, saoPauloDateTimeToInstant } from '@turno/domain';
import { applyToJob, requestCheckIn, requestCheckOut, type Actor } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * The restaurant panel's applications modal and the shift approvals that follow an accept
 * (issue 8), through the real domain services on PostgreSQL.
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

function freelancerActor(freelancer: { id: number; user: { id: number } }): Actor {
  return { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id };
}

describe('applications and shift approvals', () => {
  it('lists the applicants, accepts one (rejecting the others), then approves check-in and check-out', async () => {
    const em = bff.db.orm.em.fork();
    const [jobId] = await createVacancy({ startTime: '10:00', positionType: 'Aux de Padaria' });
    const joana = await insertFreelancer(em, {
      name: 'Joana Prado',
      phone: '11987654321',
      profilePhotoUrl: '/fotos/joana.jpg',
      experienceYears: 4,
      totalJobs: 12,
      rating: 4.5,
      specialties: ['Aux de Padaria', 'Estoquista'],
    });
    const bruno = await insertFreelancer(em, { name: 'Bruno Reis', profilePhotoUrl: '/fotos/bruno.jpg' });
    const joanaApplied = await applyToJob(em.fork(), freelancerActor(joana), {
      jobId: jobId!,
      message: 'Trabalhei em padaria por 4 anos.',
    });
    const brunoApplied = await applyToJob(em.fork(), freelancerActor(bruno), { jobId: jobId! });

    const counts = ApplicationCountListSchema.parse(
      (await bff.request('/api/restaurant/jobs/applications-count', { cookie })).body,
    );
    expect(counts.find((row) => row.job_id === jobId)).toEqual({ job_id: jobId, application_count: 2 });

    const applicants = RestaurantApplicationListSchema.parse(
      (await bff.request(`/api/restaurant/jobs/${jobId}/applications`, { cookie })).body,
    );
    expect(applicants.map((a) => a.freelancer_name)).toEqual(['Joana Prado', 'Bruno Reis']);
    expect(applicants[0]).toMatchObject({
      id: joanaApplied.applicationId,
      freelancer_phone: '11987654321',
      profile_photo_url: '/fotos/joana.jpg',
      experience_years: 4,
      rating: 4.5,
      total_jobs: 12,
      specialties: ['Aux de Padaria', 'Estoquista'],
      application_message: 'Trabalhei em padaria por 4 anos.',
    });

    const accepted = await post(`/api/restaurant/applications/${joanaApplied.applicationId}/accept`);
    expect(accepted.status).toBe(200);
    const acceptance = AcceptApplicationResponseSchema.parse(accepted.body);
    expect(acceptance).toMatchObject({ jobId, freelancerId: joana.id, rejectedApplications: 1 });
    // Bruno's application went with it: nothing left to decide, the count has no row for the job.
    expect((await post(`/api/restaurant/applications/${brunoApplied.applicationId}/accept`)).status).toBe(
      409,
    );
    expect(
      RestaurantApplicationListSchema.parse(
        (await bff.request(`/api/restaurant/jobs/${jobId}/applications`, { cookie })).body,
      ),
    ).toEqual([]);
    expect(
      ApplicationCountListSchema.parse(
        (await bff.request('/api/restaurant/jobs/applications-count', { cookie })).body,
      ).some((row) => row.job_id === jobId),
    ).toBe(false);

    const assignment = acceptance.assignmentId;
    // Nothing to approve before the freelancer asks.
    expect(await post(`/api/restaurant/assignments/${assignment}/approve-checkin`)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.checkInRequestMissing },
    });
    // The freelancer asks at the shift's start (check-in requests open 1 h before it).
    const atStart = saoPauloDateTimeToInstant(tomorrow, '10:00');
    await requestCheckIn(em.fork(), freelancerActor(joana), assignment, atStart);
    const checkedIn = await post(`/api/restaurant/assignments/${assignment}/approve-checkin`);
    expect(checkedIn.status).toBe(200);
    expect(ShiftStateSchema.parse(checkedIn.body)).toMatchObject({
      status: 'in_progress',
      assignmentId: assignment,
    });
    expect(ShiftStateSchema.parse(checkedIn.body).checkInAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(await post(`/api/restaurant/assignments/${assignment}/approve-checkout`)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.checkOut.requestMissingYet(2) },
    });
    // Asked after the scheduled end: the whole shift is worked (the check-out is recorded at the request).
    const afterEnd = saoPauloDateTimeToInstant(tomorrow, '23:00');
    await requestCheckOut(em.fork(), freelancerActor(joana), assignment, afterEnd);
    const completed = await post(`/api/restaurant/assignments/${assignment}/approve-checkout`);
    expect(completed.status).toBe(200);
    expect(ApproveCheckoutResponseSchema.parse(completed.body)).toMatchObject({
      jobCompleted: true,
      assignmentId: assignment,
      jobId,
      jobTitle: 'Aux de Padaria',
      freelancerName: 'Joana Prado',
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
      commissionAmount: 29,
    });
    // A retry answers the same completion.
    expect((await post(`/api/restaurant/assignments/${assignment}/approve-checkout`)).body).toEqual(
      completed.body,
    );
    expect((await jobRow(jobId!))?.status).toBe('completed');
  });

  it('refuses to accept a freelancer into overlapping shifts with "CONFLITO DE HORÁRIO"', async () => {
    const em = bff.db.orm.em.fork();
    const [first] = await createVacancy({ startTime: '13:00' });
    const [second] = await createVacancy({ startTime: '15:00' });
    const carla = await insertFreelancer(em, { name: 'Carla Dias', profilePhotoUrl: '/fotos/carla.jpg' });
    const one = await applyToJob(em.fork(), freelancerActor(carla), { jobId: first! });
    const two = await applyToJob(em.fork(), freelancerActor(carla), { jobId: second! });
    expect((await post(`/api/restaurant/applications/${one.applicationId}/accept`)).status).toBe(200);
    const clash = await post(`/api/restaurant/applications/${two.applicationId}/accept`);
    expect(clash.status).toBe(409);
    expect((clash.body as { error: string }).error).toContain(MESSAGES.applications.scheduleConflictMarker);
    expect((await jobRow(second!))?.status).toBe('open');
  });

  it('rejects an application, which leaves the list', async () => {
    const em = bff.db.orm.em.fork();
    const [jobId] = await createVacancy({ startTime: '18:00' });
    const davi = await insertFreelancer(em, { name: 'Davi Luz', profilePhotoUrl: '/fotos/davi.jpg' });
    const applied = await applyToJob(em.fork(), freelancerActor(davi), { jobId: jobId! });
    expect(await post(`/api/restaurant/applications/${applied.applicationId}/reject`)).toMatchObject({
      status: 200,
      body: { applicationId: applied.applicationId, status: 'rejected' },
    });
    expect((await bff.request(`/api/restaurant/jobs/${jobId}/applications`, { cookie })).body).toEqual([]);
    expect((await jobRow(jobId!))?.status).toBe('open');
  });

  it("answers 404 for another business's vacancy, application and assignment", async () => {
    const em = bff.db.orm.em.fork();
    const other = await insertRestaurant(em);
    const foreign = await insertJob(em, other, {
      dateNeeded: tomorrow,
      startTime: '20:00',
      endTime: '02:00',
    });
    const eva = await insertFreelancer(em, { profilePhotoUrl: '/fotos/eva.jpg' });
    const applied = await applyToJob(em.fork(), freelancerActor(eva), { jobId: foreign.id });
    expect((await bff.request(`/api/restaurant/jobs/${foreign.id}/applications`, { cookie })).status).toBe(
      404,
    );
    expect((await post(`/api/restaurant/applications/${applied.applicationId}/accept`)).status).toBe(404);
    expect((await post(`/api/restaurant/applications/${applied.applicationId}/reject`)).status).toBe(404);
    expect((await jobRow(foreign.id))?.status).toBe('open');
  });
});
