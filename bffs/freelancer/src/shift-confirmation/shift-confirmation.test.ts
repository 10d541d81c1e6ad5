import { ConfirmShiftResponseSchema, FreelancerShiftsPageSchema } from '@turno/contracts';
import { Assignment, Restaurant } from '@turno/core';
import { insertFreelancer, insertJob } from '@turno/core/testing';
import { SHIFT_CONFIRMATION_MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

/** "Confirmar presença" (issue 26): POST /api/freelancers/confirm-shift/:id and the Trabalhos card's fields. */
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

const confirm = (id: number) =>
  bff.request(`/api/freelancers/confirm-shift/${id}`, { method: 'POST', cookie });

/** A shift starting `minutes` from now (negative: started), held by `freelancerId` (the demo freelancer's by default). */
async function shiftStartingIn(minutes: number, fields: Partial<Assignment> = {}, freelancerId?: number) {
  const at = new Date(Date.now() + minutes * 60_000);
  const em = bff.db.orm.em.fork();
  const job = await insertJob(em, market, {
    dateNeeded: saoPauloDate(at),
    startTime: saoPauloTime(at),
    endTime: saoPauloTime(new Date(at.getTime() + 4 * 3600_000)),
    status: 'assigned',
    title: 'Repositor',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: freelancerId ?? roles.freelancer.freelancerId,
    status: 'assigned',
    ...fields,
  });
  await em.flush();
  return assignment.id;
}

describe('POST /api/freelancers/confirm-shift/:id', () => {
  it('confirms the shift once (a retry answers the same time) and Trabalhos shows it confirmed', async () => {
    const id = await shiftStartingIn(20 * 60);
    const first = await confirm(id);
    expect(first.status).toBe(200);
    const body = ConfirmShiftResponseSchema.parse(first.body);
    expect(body).toMatchObject({ id, message: SHIFT_CONFIRMATION_MESSAGES.confirmedMessage });
    const again = ConfirmShiftResponseSchema.parse((await confirm(id)).body);
    expect(again.confirmed_time).toBe(body.confirmed_time);
    const page = FreelancerShiftsPageSchema.parse(
      (await bff.request('/api/freelancers/jobs?limit=100', { cookie })).body,
    );
    expect(page.items.find((shift) => shift.id === id)?.confirmed_time).toBe(body.confirmed_time);
  });

  it("is 404 for another freelancer's shift, and changes nothing", async () => {
    const other = await insertFreelancer(bff.db.orm.em.fork());
    const id = await shiftStartingIn(20 * 60, {}, other.id);
    expect((await confirm(id)).status).toBe(404);
    expect((await bff.db.orm.em.fork().findOneOrFail(Assignment, { id })).confirmedAt ?? null).toBeNull();
  });

  it('is refused in pt-BR once the shift started or was cancelled', async () => {
    const started = await shiftStartingIn(-5);
    const refusedStart = await confirm(started);
    expect(refusedStart.status).toBe(409);
    expect(JSON.stringify(refusedStart.body)).toContain(SHIFT_CONFIRMATION_MESSAGES.refusedStarted);
    const cancelled = await shiftStartingIn(20 * 60, { status: 'cancelled', cancelledBy: 'restaurant' });
    const refusedCancel = await confirm(cancelled);
    expect(refusedCancel.status).toBe(409);
    expect(JSON.stringify(refusedCancel.body)).toContain(SHIFT_CONFIRMATION_MESSAGES.refusedCancelled);
  });
});
