import { BUSINESS_MEMBER_MESSAGES, MESSAGES } from '@turno/domain';
import { Assignment, Job, Restaurant, Store } from '../model';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '../testing';
import {
  HOUR,
  MINUTE,
  NOW,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertEligibleFreelancer,
  insertTodayJob,
} from '../shared/test-kit';
import { checkInByPresence } from './presence-check.service';
import { checkOutByPresence } from '../workflows/presence-check-out.service';
import { memoryPresenceCodeClaims } from './presence-claims';
import { presenceCodeAt } from './presence-code';
import { PresenceKeys } from './presence-keys';
import { currentPresenceCode, presenceSecretOf } from './presence-secret.service';

describe('proof of presence', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const keys = new PresenceKeys('a-test-presence-key-of-at-least-thirty-two-characters');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Av. Paulista 1578 (MASP) and points north of it. */
  const STORE = { latitude: -23.5614, longitude: -46.6559 };
  const north = (meters: number, accuracy = 10) => ({
    latitude: STORE.latitude + meters / 111_195,
    longitude: STORE.longitude,
    accuracy,
  });

  /** A store (with coordinates unless told) and an assigned 09:00–15:00 shift today (NOW is 09:00). */
  async function assignedShift(store: Partial<Restaurant> = STORE) {
    const restaurant = await insertRestaurant(em(), store);
    const freelancer = await insertEligibleFreelancer(em());
    const job = await insertTodayJob(em(), restaurant, {
      startTime: '09:00',
      endTime: '15:00',
      workloadMinutes: 360,
      chargeCents: 12_000,
      status: 'assigned',
    });
    const fork = em();
    const assignment = fork.create(Assignment, {
      job: job.id,
      freelancer: freelancer.id,
      status: 'assigned',
    });
    await fork.flush();
    return { restaurant, freelancer, job, assignmentId: assignment.id, actor: asFreelancer(freelancer) };
  }
  const deps = () => ({ keys, claims: memoryPresenceCodeClaims() });
  /** A business's first store (where its vacancies go unless told). */
  const mainStoreOf = async (restaurantId: number) =>
    (await em().findOneOrFail(Store, { restaurant: restaurantId }, { orderBy: { id: 'asc' } })).id;
  const row = (id: number) => em().findOneOrFail(Assignment, { id });
  const events = async (assignmentId: number) =>
    (
      await em()
        .getConnection()
        .execute<{ type: string; restaurant_id: number }[]>(
          `select type, restaurant_id from domain_events where (payload->>'assignmentId')::int = ? order by id`,
          [assignmentId],
        )
    ).map((event) => event.type);

  describe('check-in inside the geofence', () => {
    it('is recorded at once, with the distance, and the business hears it live', async () => {
      const shift = await assignedShift();
      const state = await checkInByPresence(
        em(),
        shift.actor,
        deps(),
        shift.assignmentId,
        {
          position: north(150),
        },
        NOW,
      );
      expect(state).toMatchObject({
        status: 'in_progress',
        method: 'geofence',
        distanceM: 150,
        checkInAt: NOW,
      });
      expect(await row(shift.assignmentId)).toMatchObject({
        status: 'in_progress',
        checkInMethod: 'geofence',
        checkInDistanceM: 150,
        checkInAt: NOW,
      });
      expect(await events(shift.assignmentId)).toEqual(['check_in']);
      // A retry answers the same and records nothing more.
      const again = await checkInByPresence(
        em(),
        shift.actor,
        deps(),
        shift.assignmentId,
        {
          position: north(900),
        },
        at(MINUTE),
      );
      expect(again).toMatchObject({ method: 'geofence', distanceM: 150, checkInAt: NOW });
      expect(await events(shift.assignmentId)).toEqual(['check_in']);
    });

    it('refuses outside the radius with the distance, and a store without coordinates', async () => {
      const shift = await assignedShift();
      await expectRefusal(
        checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, { position: north(1_200) }, NOW),
        409,
        MESSAGES.presence.outsideGeofence(1_200, 200),
      );
      const nowhere = await assignedShift({});
      await expectRefusal(
        checkInByPresence(em(), nowhere.actor, deps(), nowhere.assignmentId, { position: north(0) }, NOW),
        409,
        MESSAGES.presence.storeWithoutLocation,
      );
      expect(await row(shift.assignmentId)).toMatchObject({ status: 'assigned', checkInAt: null });
    });

    it("honours the store's radius, the accuracy allowance, and the time window", async () => {
      const wide = await assignedShift({ ...STORE, geofenceRadiusM: 500 });
      await expectRefusal(
        checkInByPresence(
          em(),
          wide.actor,
          deps(),
          wide.assignmentId,
          { position: north(150) },
          at(-61 * MINUTE),
        ),
        409,
        MESSAGES.shifts.checkInTooEarly,
      );
      expect(
        await checkInByPresence(
          em(),
          wide.actor,
          deps(),
          wide.assignmentId,
          { position: north(590, 95) },
          at(-HOUR),
        ),
      ).toMatchObject({ method: 'geofence', distanceM: 590 });
    });

    it("answers 404 for another freelancer's shift", async () => {
      const mine = await assignedShift();
      const other = await assignedShift();
      await expectRefusal(
        checkInByPresence(em(), other.actor, deps(), mine.assignmentId, { position: north(0) }, NOW),
        404,
        MESSAGES.assignments.notFound,
      );
    });
  });

  describe('the store code', () => {
    it('shows a 6-digit code to its own business, the same for a step, created once', async () => {
      const shift = await assignedShift();
      const shown = await currentPresenceCode(em(), asRestaurant(shift.restaurant), keys, NOW);
      expect(shown.code).toMatch(/^\d{6}$/);
      expect(shown.secondsLeft).toBe(30);
      expect((await currentPresenceCode(em(), asRestaurant(shift.restaurant), keys, at(29_000))).code).toBe(
        shown.code,
      );
      const sealed = await em().findOneOrFail(Store, { id: await mainStoreOf(shift.restaurant.id) });
      expect(sealed.presenceSecretSealed).toMatch(/^v1\./);
      expect(sealed.presenceSecretSealed).not.toContain(
        await presenceSecretOf(em(), keys, await mainStoreOf(shift.restaurant.id)),
      );
      // Two first uses at once keep one secret.
      const other = await insertRestaurant(em());
      const [a, b] = await Promise.all([
        presenceSecretOf(em(), keys, await mainStoreOf(other.id)),
        presenceSecretOf(em(), keys, await mainStoreOf(other.id)),
      ]);
      expect(a).toBe(b);
    });

    it('checks in and out with the current or the previous code, never an older one', async () => {
      const shift = await assignedShift({});
      const secret = await presenceSecretOf(em(), keys, await mainStoreOf(shift.restaurant.id));
      const shared = deps();
      await expectRefusal(
        checkInByPresence(
          em(),
          shift.actor,
          shared,
          shift.assignmentId,
          {
            code: presenceCodeAt(secret, at(-60_000)).code,
          },
          NOW,
        ),
        409,
        MESSAGES.presence.codeInvalid,
      );
      await expectRefusal(
        checkInByPresence(em(), shift.actor, shared, shift.assignmentId, { code: '12a456' }, NOW),
        400,
        MESSAGES.presence.codeFormat,
      );
      const previous = presenceCodeAt(secret, at(-30_000)).code;
      expect(
        await checkInByPresence(em(), shift.actor, shared, shift.assignmentId, { code: previous }, NOW),
      ).toMatchObject({ status: 'in_progress', method: 'code', distanceM: null });
      expect(await row(shift.assignmentId)).toMatchObject({ checkInMethod: 'code', checkInDistanceM: null });

      // Check-out at 14:00 (an hour early) with that hour's code: completed, paid by the worked time.
      const leaving = at(5 * HOUR);
      const out = await checkOutByPresence(
        em(),
        shift.actor,
        shared,
        shift.assignmentId,
        {
          code: presenceCodeAt(secret, leaving).code,
        },
        leaving,
      );
      expect(out).toMatchObject({ status: 'completed', method: 'code', checkOutAt: leaving });
      expect(await row(shift.assignmentId)).toMatchObject({
        status: 'completed',
        checkOutMethod: 'code',
        payBasis: 'worked',
        paidMinutes: 300,
        restaurantChargeCents: 10_000,
      });
      expect((await em().findOneOrFail(Job, { id: shift.job.id })).status).toBe('completed');
      expect(await events(shift.assignmentId)).toEqual(['check_in', 'job_completed', 'payout_updated']);
      // A retry answers the completed state.
      expect(
        await checkOutByPresence(em(), shift.actor, shared, shift.assignmentId, { code: '000000' }, leaving),
      ).toMatchObject({ status: 'completed', method: 'code' });
    });

    it("never takes another store's code", async () => {
      const shift = await assignedShift({});
      const elsewhere = await insertRestaurant(em());
      const code = presenceCodeAt(
        await presenceSecretOf(em(), keys, await mainStoreOf(elsewhere.id)),
        NOW,
      ).code;
      await presenceSecretOf(em(), keys, await mainStoreOf(shift.restaurant.id));
      await expectRefusal(
        checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, { code }, NOW),
        409,
        MESSAGES.presence.codeInvalid,
      );
    });

    it("takes the code of the vacancy's own store, not another store of the same business (issue 28)", async () => {
      const shift = await assignedShift({});
      const fork = em();
      const second = fork.create(Store, { restaurant: shift.restaurant.id, name: 'Loja Dois' });
      await fork.flush();
      const secondCode = presenceCodeAt(await presenceSecretOf(em(), keys, second.id), NOW).code;
      const mainCode = presenceCodeAt(
        await presenceSecretOf(em(), keys, await mainStoreOf(shift.restaurant.id)),
        NOW,
      ).code;
      expect(secondCode).not.toBe(mainCode);
      await expectRefusal(
        checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, { code: secondCode }, NOW),
        409,
        MESSAGES.presence.codeInvalid,
      );
      expect(
        await checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, { code: mainCode }, NOW),
      ).toMatchObject({ status: 'in_progress', method: 'code' });
    });

    it("shows a member their own store's code, 404 for another store's", async () => {
      const restaurant = await insertRestaurant(em());
      const fork = em();
      const second = fork.create(Store, { restaurant: restaurant.id, name: 'Loja Dois' });
      await fork.flush();
      const main = await mainStoreOf(restaurant.id);
      const owner = asRestaurant(restaurant);
      expect((await currentPresenceCode(em(), owner, keys, NOW)).storeId).toBe(main);
      expect((await currentPresenceCode(em(), owner, keys, NOW, second.id)).storeId).toBe(second.id);
      const manager = { ...owner, member: { role: 'manager' as const, storeIds: [second.id] } };
      expect((await currentPresenceCode(em(), manager, keys, NOW)).storeId).toBe(second.id);
      await expectRefusal(
        currentPresenceCode(em(), manager, keys, NOW, main),
        404,
        BUSINESS_MEMBER_MESSAGES.storeNotFound,
      );
      const stranger = await insertRestaurant(em());
      await expectRefusal(
        currentPresenceCode(em(), asRestaurant(stranger), keys, NOW, main),
        404,
        BUSINESS_MEMBER_MESSAGES.storeNotFound,
      );
    });

    it('cannot be replayed by another freelancer for another shift (the next code works)', async () => {
      const first = await assignedShift({});
      const restaurant = await em().findOneOrFail(Restaurant, { id: first.restaurant.id });
      const second = await insertEligibleFreelancer(em());
      const otherJob = await insertTodayJob(em(), restaurant, {
        startTime: '09:00',
        endTime: '15:00',
        status: 'assigned',
      });
      const fork = em();
      const otherAssignment = fork.create(Assignment, {
        job: otherJob.id,
        freelancer: second.id,
        status: 'assigned',
      });
      await fork.flush();

      const secret = await presenceSecretOf(em(), keys, await mainStoreOf(restaurant.id));
      const shared = deps();
      const { code } = presenceCodeAt(secret, NOW);
      await checkInByPresence(em(), first.actor, shared, first.assignmentId, { code }, NOW);
      await expectRefusal(
        checkInByPresence(em(), asFreelancer(second), shared, otherAssignment.id, { code }, at(5_000)),
        409,
        MESSAGES.presence.codeAlreadyUsed,
      );
      const next = at(30_000);
      expect(
        await checkInByPresence(
          em(),
          asFreelancer(second),
          shared,
          otherAssignment.id,
          {
            code: presenceCodeAt(secret, next).code,
          },
          next,
        ),
      ).toMatchObject({ status: 'in_progress', method: 'code' });
    });

    it('needs a position or a code', async () => {
      const shift = await assignedShift();
      await expectRefusal(
        checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, {}, NOW),
        400,
        MESSAGES.presence.positionOrCodeRequired,
      );
    });
  });

  it('checks out inside the geofence only after the check-in', async () => {
    const shift = await assignedShift();
    await expectRefusal(
      checkOutByPresence(em(), shift.actor, deps(), shift.assignmentId, { position: north(10) }, NOW),
      409,
      MESSAGES.shifts.checkInRequired,
    );
    await checkInByPresence(em(), shift.actor, deps(), shift.assignmentId, { position: north(10) }, NOW);
    const end = at(6 * HOUR);
    expect(
      await checkOutByPresence(em(), shift.actor, deps(), shift.assignmentId, { position: north(20) }, end),
    ).toMatchObject({ status: 'completed', method: 'geofence', distanceM: 20 });
    expect(await row(shift.assignmentId)).toMatchObject({ checkOutMethod: 'geofence', paidMinutes: 360 });
  });
});
