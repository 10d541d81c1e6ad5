import { RestaurantAgendaPageSchema, ShiftReleaseResponseSchema } from '@turno/contracts';
import { Assignment, Restaurant } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Releasing an allocated shift through the restaurant BFF (issue 23): POST
 * /api/restaurant/assignments/:id/cancel and …/no-show, on the real domain services.
 */
let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let own: Restaurant;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
  own = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const post = (path: string, json?: unknown) =>
  bff.request(path, { method: 'POST', cookie, json: json ?? {} });

const strikesOf = async (freelancerId: number) =>
  (
    await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ reason: string }[]>('select reason from freelancer_strikes where freelancer_id = ?', [
        freelancerId,
      ])
  ).map((row) => row.reason);

/** A 6 h shift of a new freelancer at `restaurant`, starting `minutes` from now (R$ 149,00). */
async function allocatedShift(minutes: number, restaurant: Restaurant = own) {
  const start = new Date(Date.now() + minutes * 60_000);
  const em = bff.db.orm.em.fork();
  const freelancer = await insertFreelancer(em, { name: 'Bruna Lima', phone: '11987650000' });
  const job = await insertJob(em, restaurant, {
    dateNeeded: saoPauloDate(start),
    startTime: saoPauloTime(start),
    endTime: saoPauloTime(new Date(start.getTime() + 6 * 3600_000)),
    status: 'assigned',
  });
  const assignment = em.create(Assignment, { job, freelancer, status: 'assigned' });
  await em.flush();
  return { assignmentId: assignment.id, jobId: job.id, freelancerId: freelancer.id, date: job.dateNeeded };
}

describe("the agenda's freelancer_phone", () => {
  it('shows the allocated freelancer’s phone to the business, and no phone once released', async () => {
    const { assignmentId, jobId, date } = await allocatedShift(24 * 60);
    const agendaJob = async () =>
      RestaurantAgendaPageSchema.parse(
        (await bff.request(`/api/jobs?date=${date}&limit=200`, { cookie })).body,
      ).items.find((job) => job.id === jobId);
    expect(await agendaJob()).toMatchObject({ assignment_id: assignmentId, freelancer_phone: '11987650000' });
    await post(`/api/restaurant/assignments/${assignmentId}/cancel`, { reopen: true });
    expect(await agendaJob()).toMatchObject({ assignment_id: null, freelancer_phone: null });
  });
});

describe('POST /api/restaurant/assignments/:id/cancel', () => {
  it('cancels late with the 4-hour fee in the answer and its message; a retry answers the same', async () => {
    const { assignmentId } = await allocatedShift(120);
    const response = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, {
      reopen: true,
      reason: 'Mudança de escala',
    });
    expect(response.status).toBe(200);
    const body = ShiftReleaseResponseSchema.parse(response.body);
    // 4 h of a 6 h shift of R$ 149,00 = R$ 99,33.
    expect(body).toMatchObject({
      cancelledBy: 'restaurant',
      jobStatus: 'open',
      reopened: true,
      cancellationFee: 99.33,
      strikeGiven: false,
    });
    expect(body.message).toBe(
      `${MESSAGES.shiftRelease.cancelledReopened}${MESSAGES.shiftRelease.cancelledWithFee('R$ 99,33')}`,
    );
    const again = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, { reopen: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);
  });

  it('answers a bad body with a pt-BR 400, and changes nothing', async () => {
    const { assignmentId } = await allocatedShift(24 * 60);
    for (const json of [
      {},
      { reopen: 'sim' },
      { reopen: true, reason: 'x'.repeat(501) },
      { reopen: true, extra: 1 },
    ]) {
      const response = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, json);
      expect(response.status).toBe(400);
      expect(typeof (response.body as { error: string }).error).toBe('string');
    }
    const tooLong = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, {
      reopen: true,
      reason: 'x'.repeat(501),
    });
    expect((tooLong.body as { error: string }).error).toContain(MESSAGES.shiftRelease.reasonTooLong(500));
    const saved = await bff.db.orm.em.fork().findOneOrFail(Assignment, { id: assignmentId });
    expect(saved.status).toBe('assigned');
  });

  it("answers another business's assignment with 404, and a freelancer's session with 403", async () => {
    const other = await insertRestaurant(bff.db.orm.em.fork());
    const { assignmentId } = await allocatedShift(24 * 60, other);
    const response = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, { reopen: false });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: MESSAGES.assignments.notFound });
    const freelancerCookie = await bff.sessionCookie(roles.freelancer);
    const forbidden = await bff.request(`/api/restaurant/assignments/${assignmentId}/cancel`, {
      method: 'POST',
      cookie: freelancerCookie,
      json: { reopen: false },
    });
    expect(forbidden.status).toBe(403);
  });

  it('refuses to reopen a shift that started (409, pt-BR)', async () => {
    const { assignmentId } = await allocatedShift(-5);
    const response = await post(`/api/restaurant/assignments/${assignmentId}/cancel`, { reopen: true });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: MESSAGES.shiftRelease.reopenAfterStart });
  });
});

describe('POST /api/restaurant/assignments/:id/no-show', () => {
  it('is refused before start + 10 min, then releases the shift with a strike', async () => {
    const early = await allocatedShift(-5);
    const refused = await post(`/api/restaurant/assignments/${early.assignmentId}/no-show`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: MESSAGES.shiftRelease.noShowTooEarly });

    const { assignmentId, freelancerId } = await allocatedShift(-15);
    const response = await post(`/api/restaurant/assignments/${assignmentId}/no-show`);
    expect(response.status).toBe(200);
    expect(ShiftReleaseResponseSchema.parse(response.body)).toMatchObject({
      cancelledBy: 'no_show',
      jobStatus: 'open',
      strikeGiven: true,
      message: MESSAGES.shiftRelease.noShowRecorded,
    });
    expect(await strikesOf(freelancerId)).toEqual(['no_show']);
    expect((await post(`/api/restaurant/assignments/${assignmentId}/no-show`)).status).toBe(200);
    expect(await strikesOf(freelancerId)).toEqual(['no_show']);
  });
});
