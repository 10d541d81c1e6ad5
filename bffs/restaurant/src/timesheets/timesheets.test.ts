import { TimesheetProposalListSchema, TimesheetStateSchema } from '@turno/contracts';
import { Assignment, Restaurant, answerTimesheet } from '@turno/core';
import { insertJob, insertRestaurant } from '@turno/core/testing';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;

beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A shift of `restaurant` that ran from 9 h ago to 1 h ago, checked in and out on time (R$ 149 → R$ 120). */
async function completedShift(restaurant?: Restaurant): Promise<number> {
  const em = bff.db.orm.em.fork();
  const market = restaurant ?? (await em.findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId }));
  const start = hoursAgo(9);
  const end = hoursAgo(1);
  const job = await insertJob(em, market, {
    dateNeeded: saoPauloDate(start),
    startTime: saoPauloTime(start),
    endTime: saoPauloTime(end),
    workloadMinutes: 480,
    status: 'completed',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: roles.freelancer.freelancerId,
    status: 'completed',
    checkInAt: start,
    checkOutAt: end,
    completedAt: end,
    restaurantChargeCents: 14_900,
    freelancerPayoutCents: 12_000,
    commissionCents: 2_900,
  });
  await em.flush();
  return assignment.id;
}

const propose = (assignmentId: number, json: unknown) =>
  bff.request(`/api/restaurant/assignments/${assignmentId}/timesheet`, { method: 'POST', cookie, json });

describe('timesheet corrections (restaurant)', () => {
  it('proposes corrected times, lists them, and the freelancer’s answer settles the shift', async () => {
    const assignmentId = await completedShift();
    const proposed = await propose(assignmentId, {
      checkInAt: hoursAgo(9).toISOString(),
      checkOutAt: hoursAgo(5).toISOString(),
      reason: 'Saiu 4 horas antes do fim',
    });
    expect(proposed.status).toBe(201);
    const state = TimesheetStateSchema.parse(proposed.body);
    expect(state).toMatchObject({ status: 'pending', proposedBy: 'restaurant' });

    const list = await bff.request(`/api/restaurant/assignments/${assignmentId}/timesheets`, { cookie });
    expect(list.status).toBe(200);
    expect(TimesheetProposalListSchema.parse(list.body)).toMatchObject([
      { proposalId: state.proposalId, reason: 'Saiu 4 horas antes do fim', status: 'pending' },
    ]);

    // The business cannot answer its own proposal; the freelancer accepts it.
    const own = await bff.request(`/api/restaurant/timesheets/${state.proposalId}/answer`, {
      method: 'POST',
      cookie,
      json: { accept: true },
    });
    expect(own).toMatchObject({ status: 409, body: { error: MESSAGES.timesheets.ownProposal } });
    await answerTimesheet(bff.db.orm.em.fork(), roles.freelancer, state.proposalId, { accept: true });
    const settled = await bff.db.orm.em.fork().findOneOrFail(Assignment, { id: assignmentId });
    expect(settled).toMatchObject({
      paidMinutes: 240,
      restaurantChargeCents: 7_450,
      freelancerPayoutCents: 6_000,
    });
  });

  it('answers bad input with a pt-BR 400 and another business’s shift with 404', async () => {
    const assignmentId = await completedShift();
    for (const json of [
      {},
      { checkInAt: 'ontem', checkOutAt: hoursAgo(1).toISOString(), reason: 'Motivo válido' },
      {
        checkInAt: hoursAgo(9).toISOString(),
        checkOutAt: hoursAgo(1).toISOString(),
        reason: 'x'.repeat(2_000),
      },
    ]) {
      const answer = await propose(assignmentId, json);
      expect(answer.status).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/[a-zà-ú]/);
    }
    const reversed = await propose(assignmentId, {
      checkInAt: hoursAgo(1).toISOString(),
      checkOutAt: hoursAgo(9).toISOString(),
      reason: 'Horários trocados',
    });
    expect(reversed).toMatchObject({ status: 400, body: { error: MESSAGES.timesheets.timesOrder } });

    const elsewhere = await completedShift(await insertRestaurant(bff.db.orm.em.fork()));
    const foreign = await propose(elsewhere, {
      checkInAt: hoursAgo(9).toISOString(),
      checkOutAt: hoursAgo(5).toISOString(),
      reason: 'Não é meu turno',
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: MESSAGES.assignments.notFound } });
    expect(
      (await bff.request(`/api/restaurant/assignments/${elsewhere}/timesheets`, { cookie })).status,
    ).toBe(404);
  });
});
