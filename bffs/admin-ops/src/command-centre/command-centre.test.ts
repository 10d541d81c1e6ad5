import {
  AdminJobApplicationsPageSchema,
  AdminJobUpdateResponseSchema,
  ApplicationCountsSchema,
  ApproveCheckoutResponseSchema,
  PendingActionsPageSchema,
  ShiftStateSchema,
} from '@turno/contracts';
import { Application, type EntityManager, type Freelancer, type Job } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

let bff: TestBff;
let admin: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  admin = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

const em = (): EntityManager => bff.db.orm.em.fork();
const sql = <T>(text: string, params: unknown[] = []) => em().getConnection().execute<T[]>(text, params);
const today = saoPauloDate(new Date());
/** A shift that has started whatever the hour of the test: today 00:00–06:00 in Sao Paulo. */
const started = { dateNeeded: today, startTime: '00:00', endTime: '06:00' };
const post = (path: string, json?: unknown) =>
  bff.request(path, { method: 'POST', cookie: admin, json: json ?? {} });

async function applyAs(job: Job, freelancer: Freelancer): Promise<number> {
  const fork = em();
  const application = fork.create(Application, {
    job: job.id,
    freelancer: freelancer.id,
    status: 'pending',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await fork.flush();
  return application.id;
}

async function pendingActions() {
  return PendingActionsPageSchema.parse(
    (await bff.request('/api/admin/pending-actions', { cookie: admin })).body,
  );
}

describe('command centre actions', () => {
  it('assigns, approves a check-in request, checks out manually with the amounts, and the urgent area follows', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, started);
    const ana = await insertFreelancer(em());

    const assigned = await post('/api/admin/assignments', { jobId: job.id, freelancerId: ana.id });
    expect(assigned.status).toBe(201);
    const { assignmentId } = assigned.body as { assignmentId: number };
    expect(await sql('select status from jobs where id = ?', [job.id])).toEqual([{ status: 'assigned' }]);
    // A second freelancer on a taken job is refused in pt-BR.
    const other = await insertFreelancer(em());
    expect(await post('/api/admin/assignments', { jobId: job.id, freelancerId: other.id })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.assignments.jobAlreadyAssigned },
    });

    // The freelancer asks for check-in: the urgent area lists it.
    await sql('update assignments set checkin_requested_at = now() where id = ?', [assignmentId]);
    const waiting = await pendingActions();
    expect(waiting.items.filter((p) => p.assignment_id === assignmentId)).toEqual([
      expect.objectContaining({ job_id: job.id, action: 'check_in', freelancer_name: ana.name }),
    ]);

    const approved = await post(`/api/admin/assignments/${assignmentId}/approve-checkin`);
    expect(ShiftStateSchema.parse(approved.body)).toMatchObject({ status: 'in_progress' });
    expect((await pendingActions()).items.some((p) => p.assignment_id === assignmentId)).toBe(false);

    // Minutes after the check-in: by worked time it pays nothing (issue 23); the admin pays in full.
    const done = await post(`/api/admin/assignments/${assignmentId}/checkout`, { pay: 'full' });
    expect(done.body).toMatchObject({ payBasis: 'full' });
    expect(ApproveCheckoutResponseSchema.parse(done.body)).toMatchObject({
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
      commissionAmount: 29,
    });
    expect(MESSAGES.shifts.checkOutApprovedWithAmounts(120, 149)).toBe(
      'Check-out aprovado! Freelancer receberá R$ 120,00, mercado pagará R$ 149,00',
    );
    // Completed work cannot be unassigned.
    expect(
      await bff.request(`/api/admin/assignments/${assignmentId}`, { method: 'DELETE', cookie: admin }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.assignments.completedCannotBeUnassigned } });
  });

  it('approves a check-out request and checks in manually', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, started);
    const bruno = await insertFreelancer(em());
    const { assignmentId } = (await post('/api/admin/assignments', { jobId: job.id, freelancerId: bruno.id }))
      .body as { assignmentId: number };
    expect(await post(`/api/admin/assignments/${assignmentId}/approve-checkin`)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.checkInRequestMissing },
    });
    expect((await post(`/api/admin/assignments/${assignmentId}/checkin`)).body).toMatchObject({
      status: 'in_progress',
    });
    await sql('update assignments set checkout_requested_at = now() where id = ?', [assignmentId]);
    expect((await pendingActions()).items.find((p) => p.assignment_id === assignmentId)?.action).toBe(
      'check_out',
    );
    const completed = await post(`/api/admin/assignments/${assignmentId}/approve-checkout`, { pay: 'full' });
    expect(completed.body).toMatchObject({
      payBasis: 'full',
      freelancerPaymentAmount: 120,
      restaurantPaymentAmount: 149,
    });
  });

  it('manual check-in and check-out outside the window need a reason, kept in the audit trail', async () => {
    const restaurant = await insertRestaurant(em());
    // Dated 3 days ahead: "a shift dated 02/12 completed and billed on 26/11".
    const job = await insertJob(em(), restaurant, { dateNeeded: addDays(today, 3) });
    const carol = await insertFreelancer(em());
    const { assignmentId } = (await post('/api/admin/assignments', { jobId: job.id, freelancerId: carol.id }))
      .body as { assignmentId: number };
    const checkin = `/api/admin/assignments/${assignmentId}/checkin`;
    const checkout = `/api/admin/assignments/${assignmentId}/checkout`;

    expect(await post(checkin)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.manualCheckInOutsideWindow },
    });
    expect(await post(checkin, { reason: 'ok' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.shifts.correctionReasonLength(5, 500) },
    });
    expect(await post(checkin, { reason: 'x'.repeat(501) })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.shifts.correctionReasonLength(5, 500) },
    });
    expect(await sql('select status from assignments where id = ?', [assignmentId])).toEqual([
      { status: 'assigned' },
    ]);

    const reason = 'Freelancer chegou sem celular; confirmado por telefone';
    expect(ShiftStateSchema.parse((await post(checkin, { reason })).body)).toMatchObject({
      status: 'in_progress',
    });
    expect(await post(checkout)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.manualCheckOutOutsideWindow },
    });
    const done = await post(checkout, { reason: 'Turno encerrado antes, combinado com o mercado' });
    expect(ApproveCheckoutResponseSchema.parse(done.body)).toMatchObject({ jobCompleted: true });

    const trail = await sql<{ outcome: string; status: number; details: { input: { reason?: string } } }>(
      `select outcome, status, details from audit_events
        where action = 'POST /api/admin/assignments/:id/checkin' and target_id = ? order by id`,
      [String(assignmentId)],
    );
    // (The trail shortens long texts: the first characters are enough here.)
    const kept = (row: (typeof trail)[number]) => row.details.input?.reason?.slice(0, 60) ?? null;
    expect(trail.map((row) => [row.outcome, row.status, kept(row)])).toEqual([
      ['refused', 409, null],
      ['refused', 400, 'ok'],
      ['refused', 400, 'x'.repeat(60)],
      ['success', 200, reason],
    ]);
    // The Auditoria screen's read shows it: "Correção manual #<assignment> · Motivo da correção".
    const shown = (
      await bff.request(
        `/api/admin/audit-events?action=${encodeURIComponent('POST /api/admin/assignments/:id/checkin')}&outcome=success&limit=200`,
        { cookie: admin },
      )
    ).body as {
      items: { target_id: string | null; after: Record<string, Record<string, unknown>> | null }[];
    };
    expect(shown.items.find((row) => row.target_id === String(assignmentId))?.after).toMatchObject({
      [`corrections:${assignmentId}`]: { correction_reason: reason },
    });
    // The answer itself carries no reason (the response schema).
    expect(JSON.stringify(done.body)).not.toContain('Turno encerrado');
  });

  it('lists applications with counts and badges; accepting one rejects the others; desalocar reopens', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, { dateNeeded: today });
    const [carla, diego] = [await insertFreelancer(em()), await insertFreelancer(em())];
    const first = await applyAs(job, carla);
    await applyAs(job, diego);

    const badges = ApplicationCountsSchema.parse(
      (await bff.request(`/api/admin/jobs/application-counts?ids=${job.id},999999`, { cookie: admin })).body,
    );
    expect(badges.counts).toEqual({ [String(job.id)]: 2, '999999': 0 });
    const list = AdminJobApplicationsPageSchema.parse(
      (await bff.request(`/api/admin/jobs/${job.id}/applications`, { cookie: admin })).body,
    );
    expect(list.items.map((a) => a.freelancer_name)).toEqual([carla.name, diego.name]);
    expect(list.counts).toEqual({ all: 2, pending: 2, accepted: 0, rejected: 0 });

    const accepted = await post(`/api/admin/applications/${first}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { rejectedApplications: 1 } });
    const after = AdminJobApplicationsPageSchema.parse(
      (await bff.request(`/api/admin/jobs/${job.id}/applications`, { cookie: admin })).body,
    );
    expect(after.items.map((a) => a.status)).toEqual(['accepted', 'rejected']);

    const { assignmentId } = accepted.body as { assignmentId: number };
    const unassigned = await bff.request(`/api/admin/assignments/${assignmentId}`, {
      method: 'DELETE',
      cookie: admin,
    });
    expect(ShiftStateSchema.parse(unassigned.body).status).toBe('cancelled');
    expect(await sql('select status from jobs where id = ?', [job.id])).toEqual([{ status: 'open' }]);
    expect((await bff.request('/api/admin/jobs/999999/applications', { cookie: admin })).body).toEqual({
      error: MESSAGES.jobs.notFound,
    });
    expect((await bff.request('/api/admin/jobs/application-counts?ids=1,,2', { cookie: admin })).status).toBe(
      400,
    );
  });

  it('rejects one pending application, which leaves the job open; accepting it afterwards is refused', async () => {
    const restaurant = await insertRestaurant(em());
    const job = await insertJob(em(), restaurant, { dateNeeded: today });
    const application = await applyAs(job, await insertFreelancer(em()));

    expect(await post(`/api/admin/applications/${application}/reject`)).toMatchObject({
      status: 200,
      body: { applicationId: application, status: 'rejected' },
    });
    expect(await sql('select status from applications where id = ?', [application])).toEqual([
      { status: 'rejected' },
    ]);
    expect(await sql('select status from jobs where id = ?', [job.id])).toEqual([{ status: 'open' }]);
    // A second reject is a harmless retry; accepting a rejected application is refused.
    expect(await post(`/api/admin/applications/${application}/reject`)).toMatchObject({
      status: 200,
      body: { applicationId: application, status: 'rejected' },
    });
    expect((await post(`/api/admin/applications/${application}/accept`)).status).toBe(409);
    expect(await sql('select count(*)::int as n from assignments where job_id = ?', [job.id])).toEqual([
      { n: 0 },
    ]);
    expect((await post('/api/admin/applications/999999/reject')).status).toBe(404);
  });

  it('edits a job with the price recomputed by the server, and deletes it', async () => {
    const restaurant = await insertRestaurant(em());
    // Tomorrow: a 09:00 start today would be in the past after 09:00 (the test runs at any hour).
    const tomorrow = addDays(today, 1);
    const job = await insertJob(em(), restaurant, { dateNeeded: tomorrow, mealTime: '10:00 às 10:30' });
    const edited = await bff.request(`/api/admin/jobs/${job.id}`, {
      method: 'PUT',
      cookie: admin,
      json: { workload: 10, startTime: '09:00', hourlyRate: 1, endTime: '23:00' },
    });
    // Moving it to today 00:00, which has always started, is refused in pt-BR.
    expect(
      await bff.request(`/api/admin/jobs/${job.id}`, {
        method: 'PUT',
        cookie: admin,
        json: { dateNeeded: saoPauloDate(new Date()), startTime: '00:00' },
      }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.jobs.startInPast } });
    expect(AdminJobUpdateResponseSchema.parse(edited.body)).toEqual({
      jobId: job.id,
      endTime: '19:00',
      hourlyRate: 189,
      mealTime: null,
    });
    expect(
      await bff.request(`/api/admin/jobs/${job.id}`, {
        method: 'PUT',
        cookie: admin,
        json: { positionType: '' },
      }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.jobs.requiredFields } });
    expect(
      (await bff.request(`/api/admin/jobs/${job.id}`, { method: 'DELETE', cookie: admin })).body,
    ).toEqual({ jobId: job.id, deleted: true });
    expect(await bff.request(`/api/admin/jobs/${job.id}`, { method: 'DELETE', cookie: admin })).toMatchObject(
      { status: 404, body: { error: MESSAGES.jobs.notFound } },
    );
  });
});
