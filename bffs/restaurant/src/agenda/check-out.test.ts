import { CheckOutCompletionSchema, PendingShiftRequestsSchema } from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate, saoPauloDateTimeToInstant } from '@turno/domain';
import { assignFreelancer, requestCheckIn, requestCheckOut, type Actor } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { Restaurant } from '@turno/core';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Approving a check-out (issue 23, "First, the hole"): the optional `{ pay }` body, the answer with
 * how the shift was paid, and the count of pending requests for the Agenda tab and the Dashboard.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
const tomorrow = addDays(saoPauloDate(new Date()), 1);
const admin: Actor = { role: 'admin', adminId: 1 };

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const post = (path: string, json: unknown = {}) => bff.request(path, { cookie, json });
const pending = async () =>
  PendingShiftRequestsSchema.parse(
    (await bff.request('/api/restaurant/assignments/pending-requests', { cookie })).body,
  );

/** A shift of the demo business tomorrow 10:45–19:05 (R$ 149,00) with a check-in request. */
async function requestedShift(restaurantId = (roles.restaurant as { restaurantId: number }).restaurantId) {
  const em = bff.db.orm.em.fork();
  const restaurant = await em.findOneOrFail(Restaurant, { id: restaurantId });
  const job = await insertJob(em, restaurant, {
    dateNeeded: tomorrow,
    startTime: '10:45',
    endTime: '19:05',
    workloadMinutes: 500,
    chargeCents: 14_900,
    status: 'open',
  });
  const freelancer = await insertFreelancer(em, { name: 'Caio Souza' });
  const { assignmentId } = await assignFreelancer(bff.db.orm.em.fork(), admin, {
    jobId: job.id,
    freelancerId: freelancer.id,
  });
  const worker: Actor = { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id };
  await requestCheckIn(
    bff.db.orm.em.fork(),
    worker,
    assignmentId,
    saoPauloDateTimeToInstant(tomorrow, '10:40'),
  );
  return { assignmentId, worker };
}

describe('POST /api/restaurant/assignments/:id/approve-checkout', () => {
  it('answers a bad pay choice with a pt-BR 400 and changes nothing', async () => {
    const { assignmentId } = await requestedShift();
    const answer = await post(`/api/restaurant/assignments/${assignmentId}/approve-checkout`, {
      pay: 'metade',
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: string }).error).toContain(MESSAGES.checkOut.invalidPay);
  });

  it('an early departure is paid by worked time with an empty body, or in full when asked', async () => {
    const before = await pending();
    const first = await requestedShift();
    const second = await requestedShift();
    expect((await pending()).checkIns).toBe(before.checkIns + 2);

    for (const shift of [first, second]) {
      expect((await post(`/api/restaurant/assignments/${shift.assignmentId}/approve-checkin`)).status).toBe(
        200,
      );
      // Two hours of the 8h20 shift, then asked to leave.
      await requestCheckOut(
        bff.db.orm.em.fork(),
        shift.worker,
        shift.assignmentId,
        saoPauloDateTimeToInstant(tomorrow, '12:45'),
      );
    }
    expect(await pending()).toEqual({ ...before, checkOuts: before.checkOuts + 2, count: before.count + 2 });

    const worked = await bff.request(`/api/restaurant/assignments/${first.assignmentId}/approve-checkout`, {
      cookie,
      method: 'POST',
    });
    expect(worked.status).toBe(200);
    expect(CheckOutCompletionSchema.parse(worked.body)).toMatchObject({
      payBasis: 'worked',
      paidMinutes: 120,
      workedMinutes: 120,
      scheduledMinutes: 500,
      earlyDeparture: true,
      restaurantPaymentAmount: 35.76,
      freelancerPaymentAmount: 28.8,
      checkOutAt: saoPauloDateTimeToInstant(tomorrow, '12:45').toISOString(),
    });

    const full = await post(`/api/restaurant/assignments/${second.assignmentId}/approve-checkout`, {
      pay: 'full',
    });
    expect(CheckOutCompletionSchema.parse(full.body)).toMatchObject({
      payBasis: 'full',
      paidMinutes: 500,
      earlyDeparture: true,
      restaurantPaymentAmount: 149,
      freelancerPaymentAmount: 120,
    });
    // A retry answers the same; another choice after completion is a pt-BR 409.
    expect(
      (await post(`/api/restaurant/assignments/${second.assignmentId}/approve-checkout`, { pay: 'full' }))
        .body,
    ).toEqual(full.body);
    expect(
      await post(`/api/restaurant/assignments/${second.assignmentId}/approve-checkout`, { pay: 'worked' }),
    ).toMatchObject({
      status: 409,
      body: { error: MESSAGES.checkOut.payBasisChanged },
    });
    expect(await pending()).toEqual(before);
  });

  it("answers 404 on another business's assignment", async () => {
    const other = await insertRestaurant(bff.db.orm.em.fork());
    const { assignmentId } = await requestedShift(other.id);
    expect(
      await post(`/api/restaurant/assignments/${assignmentId}/approve-checkout`, { pay: 'full' }),
    ).toMatchObject({
      status: 404,
      body: { error: MESSAGES.assignments.notFound },
    });
  });
});
