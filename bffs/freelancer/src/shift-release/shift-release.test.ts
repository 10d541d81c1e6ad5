import { PaymentHistoryPageSchema, ShiftReleaseResponseSchema } from '@turno/contracts';
import { Assignment, Restaurant, cancelByRestaurant, OWNER_MEMBERSHIP } from '@turno/core';
import { insertJob, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/**
 * The freelancer's side of releasing a shift (issue 23): POST /api/freelancers/cancel-shift/:id,
 * and a business's late cancellation paid in "Finanças".
 */
let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let market: Restaurant;

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
  market = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const cancel = (id: number, json: unknown = {}) =>
  bff.request(`/api/freelancers/cancel-shift/${id}`, { method: 'POST', cookie, json });
const strikeReasons = async () =>
  (
    await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ reason: string; assignment_id: number }[]>(
        'select reason, assignment_id from freelancer_strikes where freelancer_id = ? order by id',
        [roles.freelancer.freelancerId],
      )
  ).map((row) => [row.assignment_id, row.reason]);

/** A 6 h shift of the demo freelancer starting `minutes` from now (R$ 149,00). */
async function shiftStartingIn(minutes: number, restaurant: Restaurant = market): Promise<number> {
  const at = new Date(Date.now() + minutes * 60_000);
  const em = bff.db.orm.em.fork();
  const job = await insertJob(em, restaurant, {
    dateNeeded: saoPauloDate(at),
    startTime: saoPauloTime(at),
    endTime: saoPauloTime(new Date(at.getTime() + 6 * 3600_000)),
    status: 'assigned',
    title: 'Repositor',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: roles.freelancer.freelancerId,
    status: 'assigned',
  });
  await em.flush();
  return assignment.id;
}

describe('POST /api/freelancers/cancel-shift/:id', () => {
  it('cancels a shift more than 12 h ahead with no strike, the vacancy reopened', async () => {
    const id = await shiftStartingIn(13 * 60);
    const response = await cancel(id);
    expect(response.status).toBe(200);
    expect(ShiftReleaseResponseSchema.parse(response.body)).toMatchObject({
      cancelledBy: 'freelancer',
      jobStatus: 'open',
      strikeGiven: false,
      message: MESSAGES.shiftRelease.shiftCancelled,
    });
    expect((await strikeReasons()).filter(([assignment]) => assignment === id)).toEqual([]);
  });

  it('gives a strike less than 12 h ahead, says so, and not twice on a retry', async () => {
    const id = await shiftStartingIn(3 * 60);
    const response = await cancel(id, { reason: 'Imprevisto familiar' });
    expect(ShiftReleaseResponseSchema.parse(response.body)).toMatchObject({
      strikeGiven: true,
      message: MESSAGES.shiftRelease.shiftCancelledWithStrike,
    });
    expect((await cancel(id)).body).toEqual(response.body);
    expect((await strikeReasons()).filter(([assignment]) => assignment === id)).toEqual([
      [id, 'late_cancel'],
    ]);
  });

  it("answers a bad body with a pt-BR 400 and another freelancer's shift with 404", async () => {
    const id = await shiftStartingIn(24 * 60);
    const bad = await cancel(id, { reason: 'x'.repeat(501) });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toContain(MESSAGES.shiftRelease.reasonTooLong(500));
    expect((await cancel(id, { motivo: 'x' })).status).toBe(400);

    const em = bff.db.orm.em.fork();
    const someone = await em.findOneOrFail(Assignment, {
      freelancer: { $ne: roles.freelancer.freelancerId },
    });
    const notMine = await cancel(someone.id);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toEqual({ error: MESSAGES.assignments.notFound });
  });
});

describe('a late cancellation by the business in "Finanças"', () => {
  it("lists the freelancer's share of the fee as a payment, not ratable", async () => {
    const restaurant = await insertRestaurant(bff.db.orm.em.fork());
    const id = await shiftStartingIn(2 * 60, restaurant);
    const release = await cancelByRestaurant(
      bff.db.orm.em.fork(),
      { role: 'restaurant', restaurantId: restaurant.id, userId: 0, member: OWNER_MEMBERSHIP },
      id,
      { reopen: false },
    );
    expect(release.cancellationPayoutCents).toBeGreaterThan(0);
    const page = PaymentHistoryPageSchema.parse(
      (await bff.request('/api/freelancers/payment-history?limit=100', { cookie })).body,
    );
    expect(page.items.find((entry) => entry.id === id)).toMatchObject({
      title: `${MESSAGES.shiftRelease.payoutLabel} — Repositor`,
      freelancer_payment_amount: release.cancellationPayoutCents / 100,
      can_rate: false,
    });
  });
});
