import {
  RestaurantAgendaPageSchema,
  ShiftConfirmationSettingsSchema,
  ShiftReleaseResponseSchema,
} from '@turno/contracts';
import { Assignment, Job, Restaurant } from '@turno/core';
import { insertFreelancer, insertJob, insertRestaurant } from '@turno/core/testing';
import { SHIFT_CONFIRMATION_MESSAGES, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * Confirmations on the business's side (issue 26): "Liberar vaga" (POST
 * /api/restaurant/assignments/:id/release-unconfirmed), the Perfil setting, and the agenda's
 * confirmation fields.
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

const HOUR = 3_600_000;

/** A shift of a new freelancer starting `hours` from now, accepted two days ago. */
async function allocatedShift(hours: number, fields: Partial<Assignment> = {}, restaurant: Restaurant = own) {
  const start = new Date(Date.now() + hours * HOUR);
  const em = bff.db.orm.em.fork();
  const freelancer = await insertFreelancer(em);
  const job = await insertJob(em, restaurant, {
    dateNeeded: saoPauloDate(start),
    startTime: saoPauloTime(start),
    endTime: saoPauloTime(new Date(start.getTime() + 4 * HOUR)),
    status: 'assigned',
    title: 'Repositor',
  });
  const assignment = em.create(Assignment, {
    job,
    freelancer: freelancer.id,
    status: 'assigned',
    createdAt: new Date(Date.now() - 48 * HOUR),
    ...fields,
  });
  await em.flush();
  return { assignmentId: assignment.id, jobId: job.id, date: saoPauloDate(start) };
}

const release = (id: number) =>
  bff.request(`/api/restaurant/assignments/${id}/release-unconfirmed`, { method: 'POST', cookie, json: {} });

describe('POST /api/restaurant/assignments/:id/release-unconfirmed ("Liberar vaga")', () => {
  it('releases an unconfirmed shift within 12 h, nothing owed, the vacancy open again; a retry answers the same', async () => {
    const shift = await allocatedShift(6, { unconfirmedAt: new Date(Date.now() - 6 * HOUR) });
    const first = await release(shift.assignmentId);
    expect(first.status).toBe(200);
    expect(ShiftReleaseResponseSchema.parse(first.body)).toMatchObject({
      message: SHIFT_CONFIRMATION_MESSAGES.releasedMessage,
      jobStatus: 'open',
      cancellationFee: 0,
      strikeGiven: false,
    });
    expect((await release(shift.assignmentId)).status).toBe(200);
    expect((await bff.db.orm.em.fork().findOneOrFail(Job, { id: shift.jobId })).status).toBe('open');
  });

  it('is refused in pt-BR for a confirmed shift and more than 12 h before the start', async () => {
    const confirmed = await allocatedShift(6, { confirmedAt: new Date() });
    const refused = await release(confirmed.assignmentId);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(SHIFT_CONFIRMATION_MESSAGES.releaseConfirmed);
    const early = await allocatedShift(20);
    const tooEarly = await release(early.assignmentId);
    expect(tooEarly.status).toBe(409);
    expect(JSON.stringify(tooEarly.body)).toContain(SHIFT_CONFIRMATION_MESSAGES.releaseTooEarly);
  });

  it("is 404 for another business's shift, and changes nothing", async () => {
    const other = await insertRestaurant(bff.db.orm.em.fork());
    const shift = await allocatedShift(6, {}, other);
    expect((await release(shift.assignmentId)).status).toBe(404);
    expect((await bff.db.orm.em.fork().findOneOrFail(Assignment, { id: shift.assignmentId })).status).toBe(
      'assigned',
    );
  });
});

describe('the agenda and the Perfil setting', () => {
  it('shows when the freelancer confirmed', async () => {
    const confirmedAt = new Date(Date.now() - HOUR);
    const shift = await allocatedShift(20, { confirmedAt });
    const page = RestaurantAgendaPageSchema.parse(
      (await bff.request(`/api/jobs?date=${shift.date}&limit=200`, { cookie })).body,
    );
    const job = page.items.find((item) => item.assignment_id === shift.assignmentId);
    expect(job?.assignment_confirmed_time).toBe(confirmedAt.toISOString());
  });

  it('reads and saves "Liberar automaticamente turnos não confirmados"', async () => {
    const path = '/api/restaurant/shift-confirmation-settings';
    expect(ShiftConfirmationSettingsSchema.parse((await bff.request(path, { cookie })).body)).toEqual({
      autoReleaseUnconfirmed: false,
    });
    const saved = await bff.request(path, { method: 'PUT', cookie, json: { autoReleaseUnconfirmed: true } });
    expect(saved.status).toBe(200);
    expect(
      (await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: own.id })).autoReleaseUnconfirmed,
    ).toBe(true);
    const refused = await bff.request(path, {
      method: 'PUT',
      cookie,
      json: { autoReleaseUnconfirmed: 'sim' },
    });
    expect(refused.status).toBe(400);
    await bff.request(path, { method: 'PUT', cookie, json: { autoReleaseUnconfirmed: false } });
  });
});
