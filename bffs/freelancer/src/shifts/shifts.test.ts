import { FreelancerShiftsPageSchema, ShiftActionResponseSchema } from '@turno/contracts';
import { approveCheckIn, approveCheckOut, Assignment, Restaurant } from '@turno/core';
import { insertJob } from '@turno/core/testing';
import { MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

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

const shifts = async (query = '') =>
  FreelancerShiftsPageSchema.parse((await bff.request(`/api/freelancers/jobs${query}`, { cookie })).body);
const act = (action: 'on-the-way' | 'checkin' | 'checkout', id: number) =>
  bff.request(`/api/freelancers/${action}/${id}`, { method: 'POST', cookie, json: {} });

/** A shift of the demo freelancer at the demo restaurant starting `minutes` from now (6 h). */
async function shiftStartingIn(minutes: number): Promise<number> {
  const at = new Date(Date.now() + minutes * 60_000);
  const em = bff.db.orm.em.fork();
  const job = await insertJob(em, market, {
    dateNeeded: saoPauloDate(at),
    startTime: saoPauloTime(at),
    endTime: saoPauloTime(new Date(at.getTime() + 6 * 3600_000)),
    status: 'assigned',
    title: 'Estoquista',
    positionType: 'Estoquista',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: roles.freelancer.freelancerId,
    status: 'assigned',
  });
  await em.flush();
  return assignment.id;
}

describe('GET /api/freelancers/jobs', () => {
  it("lists the held shifts soonest first with the business's name and full address", async () => {
    const page = await shifts();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBe(page.counts.active);
    for (const shift of page.items) {
      expect(['assigned', 'in_progress']).toContain(shift.assignment_status);
    }
    const keys = page.items.map((shift) => `${shift.date_needed} ${shift.start_time}`);
    expect(keys).toEqual([...keys].sort());
    expect(page.items.find((shift) => shift.restaurant_name === 'Supermercado Bom Preço')).toMatchObject({
      restaurant_address: 'Rua Vergueiro, Vila Mariana, São Paulo - SP, 1500',
      on_the_way_time: expect.any(String),
    });
  });

  it("lists the completed ones newest first with the frozen payout, and never another freelancer's", async () => {
    const page = await shifts('?scope=completed&limit=200');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((shift) => shift.assignment_status === 'completed')).toBe(true);
    const keys = page.items.map((shift) => `${shift.date_needed} ${shift.start_time}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const [row] = await bff.db.orm.em
      .getConnection()
      .execute<{ n: string }[]>(
        `select count(*) as n from assignments where freelancer_id = ? and status = 'completed'`,
        [roles.freelancer.freelancerId],
      );
    expect(page.total).toBe(Number(row!.n));
    expect((await bff.request('/api/freelancers/jobs?scope=cancelled', { cookie })).status).toBe(400);
  });
});

describe('shift calls', () => {
  it('"a caminho" only from 3 h before to 1 h after the start', async () => {
    const far = await shiftStartingIn(5 * 60);
    expect(await act('on-the-way', far)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.onTheWayOutsideWindow },
    });
    const soon = await shiftStartingIn(2 * 60);
    const { status, body } = await act('on-the-way', soon);
    expect(status).toBe(200);
    expect(ShiftActionResponseSchema.parse(body)).toMatchObject({
      message: MESSAGES.shifts.onTheWaySent,
      id: soon,
      assignment_status: 'assigned',
      on_the_way_time: expect.any(String),
    });
  });

  it('refuses a check-in asked more than 1 h before the start, then takes it', async () => {
    const early = await shiftStartingIn(2 * 60);
    expect(await act('checkin', early)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.checkInTooEarly },
    });
    const soon = await shiftStartingIn(30);
    const asked = await act('checkin', soon);
    expect(asked.status).toBe(200);
    expect(ShiftActionResponseSchema.parse(asked.body)).toMatchObject({
      message: MESSAGES.shifts.checkInRequested,
      freelancer_checkin_request_time: expect.any(String),
      check_in_time: null,
    });
  });

  it('asks check-out only once checked in, may resend it, and shows the shift completed after approval', async () => {
    const id = await shiftStartingIn(-60);
    expect(await act('checkout', id)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.checkInRequired },
    });
    expect((await act('checkin', id)).status).toBe(200);
    await approveCheckIn(bff.db.orm.em.fork(), roles.restaurant, id);
    const first = ShiftActionResponseSchema.parse((await act('checkout', id)).body);
    expect(first).toMatchObject({
      message: MESSAGES.shifts.checkOutRequested,
      assignment_status: 'in_progress',
    });
    const resent = ShiftActionResponseSchema.parse((await act('checkout', id)).body);
    expect(resent.freelancer_checkout_request_time).not.toBeNull();

    // Left minutes after arriving: the business pays the full shift (issue 23), said on the row.
    await approveCheckOut(bff.db.orm.em.fork(), roles.restaurant, id, new Date(), { payBasis: 'full' });
    expect((await shifts('?limit=200')).items.map((shift) => shift.id)).not.toContain(id);
    const done = (await shifts('?scope=completed&limit=200')).items.find((shift) => shift.id === id);
    expect(done).toMatchObject({
      assignment_status: 'completed',
      freelancer_payment_amount: 120,
      early_departure_paid_minutes: null,
    });
    expect(await act('checkout', id)).toMatchObject({
      status: 409,
      body: { error: MESSAGES.shifts.alreadyCompleted },
    });
  });

  it("answers 404 for another freelancer's shift", async () => {
    const [row] = await bff.db.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select id from assignments where freelancer_id <> ? limit 1', [
        roles.freelancer.freelancerId,
      ]);
    for (const action of ['on-the-way', 'checkin', 'checkout'] as const) {
      expect(await act(action, row!.id)).toMatchObject({
        status: 404,
        body: { error: MESSAGES.assignments.notFound },
      });
    }
  });
});
