import { PresenceResponseSchema } from '@turno/contracts';
import { Assignment, Restaurant, PresenceKeys, presenceCodeAt, presenceSecretOf } from '@turno/core';
import { insertJob } from '@turno/core/testing';
import { MESSAGES, PRIVACY_MESSAGES, USER_RATE_LIMITS, saoPauloDate, saoPauloTime } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
let market: Restaurant;
const keys = new PresenceKeys();

beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
  market = await bff.db.orm.em.fork().findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
});
afterAll(() => bff.close());

const presence = (step: 'check-in' | 'check-out', id: number | string, json: unknown, as = cookie) =>
  bff.request(`/api/freelancers/presence/${id}/${step}`, { method: 'POST', cookie: as, json });

/** A point `meters` north of the demo store (seeded with its coordinates). */
const near = (meters: number, accuracy = 10) => ({
  latitude: Number(market.latitude) + meters / 111_195,
  longitude: Number(market.longitude),
  accuracy,
});

/** A shift of the demo freelancer at the demo store starting `minutes` from now (6 h). */
async function shiftStartingIn(
  minutes: number,
  freelancerId = roles.freelancer.freelancerId,
): Promise<number> {
  const at = new Date(Date.now() + minutes * 60_000);
  const em = bff.db.orm.em.fork();
  const job = await insertJob(em, market, {
    dateNeeded: saoPauloDate(at),
    startTime: saoPauloTime(at),
    endTime: saoPauloTime(new Date(at.getTime() + 6 * 3600_000)),
    status: 'assigned',
    title: 'Repositor',
    positionType: 'Repositor',
  });
  const assignment = em.create(Assignment, { job, freelancer: freelancerId, status: 'assigned' });
  await em.flush();
  return assignment.id;
}

describe('POST /api/freelancers/presence/:id/check-in', () => {
  it('checks in at once inside the geofence, and says why outside', async () => {
    const id = await shiftStartingIn(20);
    expect(await presence('check-in', id, { position: near(1_500) })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.presence.outsideGeofence(1_500, 200) },
    });
    const { status, body } = await presence('check-in', id, { position: near(120) });
    expect(status).toBe(200);
    expect(PresenceResponseSchema.parse(body)).toMatchObject({
      message: MESSAGES.presence.checkedInByLocation,
      assignment_status: 'in_progress',
      method: 'geofence',
      distance_m: 120,
    });
    // A retry answers the same.
    expect((await presence('check-in', id, { position: near(120) })).status).toBe(200);
  });

  it('takes the store code, and checks out with it', async () => {
    const id = await shiftStartingIn(-6 * 60 + 10);
    const [store] = await bff.db.orm.em
      .fork()
      .execute<{ id: number }[]>('select id from stores where restaurant_id = ? order by id limit 1', [
        market.id,
      ]);
    const secret = await presenceSecretOf(bff.db.orm.em.fork(), keys, store!.id);
    const { code } = presenceCodeAt(secret, new Date());
    const checkedIn = await presence('check-in', id, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(checkedIn).toMatchObject({
      status: 200,
      body: { method: 'code', message: MESSAGES.presence.checkedInByCode },
    });
    const out = await presence('check-out', id, { code });
    expect(out).toMatchObject({
      status: 200,
      body: { method: 'code', assignment_status: 'completed', message: MESSAGES.presence.checkedOutByCode },
    });
  });

  it('refuses a position after the freelancer withdrew the location consent, takes it once granted again', async () => {
    const id = await shiftStartingIn(20);
    const record = (action: 'accepted' | 'withdrawn') =>
      bff.db.orm.em
        .fork()
        .getConnection()
        .execute(
          "insert into consents (user_id, kind, version, action) values (?, 'location_check_in', '2026-11-27', ?)",
          [roles.freelancer.userId, action],
        );
    await record('withdrawn');
    try {
      expect(await presence('check-in', id, { position: near(50) })).toMatchObject({
        status: 409,
        body: { error: PRIVACY_MESSAGES.locationWithdrawn },
      });
      expect((await bff.db.orm.em.fork().findOneOrFail(Assignment, { id })).checkInAt).toBeNull();
    } finally {
      // Granted again (the other tests send positions for the same freelancer).
      await record('accepted');
    }
    expect(await presence('check-in', id, { position: near(50) })).toMatchObject({
      status: 200,
      body: { method: 'geofence' },
    });
  });

  it('answers bad input with a pt-BR 400', async () => {
    const id = await shiftStartingIn(20);
    expect(await presence('check-in', id, {})).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.presence.positionOrCodeRequired) },
    });
    expect(await presence('check-in', id, { code: '12ab56' })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining(MESSAGES.presence.codeFormat) },
    });
    expect(
      await presence('check-in', id, { position: { latitude: 120, longitude: 0, accuracy: 5 } }),
    ).toMatchObject({ status: 400 });
    expect((await presence('check-in', 'abc', { code: '123456' })).status).toBe(400);
  });

  it("answers 404 for another freelancer's shift", async () => {
    const [row] = await bff.db.orm.em
      .getConnection()
      .execute<{ id: number }[]>(
        "select id from assignments where freelancer_id <> ? and status <> 'cancelled' limit 1",
        [roles.freelancer.freelancerId],
      );
    for (const step of ['check-in', 'check-out'] as const) {
      expect(await presence(step, row!.id, { position: near(0) })).toMatchObject({
        status: 404,
        body: { error: MESSAGES.assignments.notFound },
      });
    }
  });

  it('limits code attempts per user (429), not position ones', async () => {
    const id = await shiftStartingIn(20);
    const other = await bff.sessionCookie({ ...roles.freelancer });
    const { limit } = USER_RATE_LIMITS.presenceCode;
    const statuses: number[] = [];
    // The same user in another session shares the count (earlier tests used a few).
    for (let i = 0; i < limit + 1; i++)
      statuses.push((await presence('check-in', id, { code: '000000' }, other)).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 409)).toBe(true);
    expect((await presence('check-in', id, { position: near(10) })).status).toBe(200);
  });
});
