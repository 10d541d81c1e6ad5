import { MESSAGES, freelancerPayoutCents, saoPauloDateTimeToInstant } from '@turno/domain';
import { Application, Assignment, Job, Strike } from '../model';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '../testing';
import { approveCheckIn, requestCheckIn } from '../assignments/assignments.service';
import {
  HOUR,
  MINUTE,
  NOW,
  TOMORROW,
  admin,
  asFreelancer,
  asRestaurant,
  at,
  expectRefusal,
  insertEligibleFreelancer,
  insertPendingApplication,
  insertTodayJob,
} from '../shared/test-kit';
import { cancelByFreelancer, cancelByRestaurant, reportNoShow } from './release.service';
import { assignFreelancer } from '../workflows/staffing.service';

describe('releasing an allocated shift', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Tomorrow 08:00–16:00 São Paulo (8 h, R$ 200,00), accepted from an application. */
  const START = saoPauloDateTimeToInstant(TOMORROW, '08:00');
  async function acceptedShift() {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertEligibleFreelancer(em(), { name: 'Bruna Lima' });
    const job = await insertTodayJob(em(), restaurant, {
      dateNeeded: TOMORROW,
      startTime: '08:00',
      endTime: '16:00',
      workloadMinutes: 480,
      chargeCents: 20_000,
    });
    await insertPendingApplication(em(), job, freelancer);
    const { assignmentId } = await assignFreelancer(
      em(),
      admin,
      { jobId: job.id, freelancerId: freelancer.id },
      NOW,
    );
    return { restaurant, freelancer, job, assignmentId };
  }

  const read = async (assignmentId: number) => {
    const assignment = await em().findOneOrFail(Assignment, { id: assignmentId }, { populate: ['job'] });
    return { assignment, job: assignment.job.$ };
  };
  const strikesOf = (freelancerId: number) => em().find(Strike, { freelancer: freelancerId });
  const eventsOf = async (assignmentId: number) =>
    em()
      .getConnection()
      .execute<{ type: string; restaurant_id: number; freelancer_id: number; all_freelancers: boolean }[]>(
        `select type, restaurant_id, freelancer_id, all_freelancers from domain_events
          where (payload->>'assignmentId')::int = ? and type = 'job_assignment' order by id`,
        [assignmentId],
      );

  describe('cancelByRestaurant', () => {
    it('more than 12 h before: no fee, the vacancy reopens, the application is released, both sides hear it', async () => {
      const { restaurant, freelancer, job, assignmentId } = await acceptedShift();
      const result = await cancelByRestaurant(
        em(),
        asRestaurant(restaurant),
        assignmentId,
        { reopen: true, reason: '  Loja fechada para inventário  ' },
        NOW,
      );
      expect(result).toMatchObject({
        assignmentStatus: 'cancelled',
        jobStatus: 'open',
        cancelledBy: 'restaurant',
        reopened: true,
        cancellationFeeCents: 0,
        strikeGiven: false,
      });
      const saved = await read(assignmentId);
      expect(saved.assignment).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'restaurant',
        cancelledAt: NOW,
        cancellationReason: 'Loja fechada para inventário',
      });
      expect(saved.assignment.cancellationFeeCents ?? null).toBeNull();
      expect(saved.job.status).toBe('open');
      const application = await em().findOneOrFail(Application, { job: job.id, freelancer: freelancer.id });
      expect(application.status).toBe('rejected');
      // The assignment's events: its filling, then its release.
      const events = await eventsOf(assignmentId);
      expect(events).toHaveLength(2);
      expect(events[1]).toEqual(
        expect.objectContaining({
          restaurant_id: restaurant.id,
          freelancer_id: freelancer.id,
          all_freelancers: true,
        }),
      );
      expect(await strikesOf(freelancer.id)).toHaveLength(0);

      // A retry answers the same and records nothing more.
      const again = await cancelByRestaurant(
        em(),
        asRestaurant(restaurant),
        assignmentId,
        { reopen: true },
        at(MINUTE),
      );
      expect(again).toEqual(result);
      expect(await eventsOf(assignmentId)).toHaveLength(2);
    });

    it('less than 12 h before: owes 4 h of the shift (half of 8 h), the vacancy cancelled, never a strike', async () => {
      const { restaurant, freelancer, assignmentId } = await acceptedShift();
      const late = new Date(START.getTime() - 12 * HOUR + MINUTE);
      const result = await cancelByRestaurant(
        em(),
        asRestaurant(restaurant),
        assignmentId,
        { reopen: false },
        late,
      );
      expect(result).toMatchObject({
        jobStatus: 'cancelled',
        reopened: false,
        cancellationFeeCents: 10_000,
        cancellationPayoutCents: freelancerPayoutCents(20_000) / 2,
        strikeGiven: false,
      });
      const saved = await read(assignmentId);
      expect(saved.assignment.cancellationFeeCents).toBe(10_000);
      expect(saved.job.status).toBe('cancelled');
      expect(await strikesOf(freelancer.id)).toHaveLength(0);
      expect((await eventsOf(assignmentId))[1]?.all_freelancers).toBe(false);
    });

    it('exactly 12 h before is not late', async () => {
      const { restaurant, assignmentId } = await acceptedShift();
      const result = await cancelByRestaurant(
        em(),
        asRestaurant(restaurant),
        assignmentId,
        { reopen: true },
        new Date(START.getTime() - 12 * HOUR),
      );
      expect(result.cancellationFeeCents).toBe(0);
    });

    it('refuses to reopen a started shift (409), and cancels it with the full fee rule', async () => {
      const { restaurant, assignmentId } = await acceptedShift();
      const started = new Date(START.getTime() + 5 * MINUTE);
      await expectRefusal(
        cancelByRestaurant(em(), asRestaurant(restaurant), assignmentId, { reopen: true }, started),
        409,
        MESSAGES.shiftRelease.reopenAfterStart,
      );
      expect((await read(assignmentId)).assignment.status).toBe('assigned');
      const result = await cancelByRestaurant(
        em(),
        asRestaurant(restaurant),
        assignmentId,
        { reopen: false },
        started,
      );
      expect(result).toMatchObject({ jobStatus: 'cancelled', cancellationFeeCents: 10_000 });
    });

    it("refuses another business's assignment (404), a freelancer (403), a checked-in shift (409)", async () => {
      const { restaurant, freelancer, assignmentId } = await acceptedShift();
      const other = await insertRestaurant(em());
      await expectRefusal(
        cancelByRestaurant(em(), asRestaurant(other), assignmentId, { reopen: true }, NOW),
        404,
        MESSAGES.assignments.notFound,
      );
      await expectRefusal(
        cancelByRestaurant(em(), asFreelancer(freelancer), assignmentId, { reopen: true }, NOW),
        403,
        MESSAGES.common.forbidden,
      );
      const early = new Date(START.getTime() - 30 * MINUTE);
      await requestCheckIn(em(), asFreelancer(freelancer), assignmentId, early);
      await approveCheckIn(em(), asRestaurant(restaurant), assignmentId, early);
      await expectRefusal(
        cancelByRestaurant(em(), asRestaurant(restaurant), assignmentId, { reopen: false }, early),
        409,
        MESSAGES.shiftRelease.notCancellable,
      );
    });
  });

  describe('cancelByFreelancer', () => {
    it('more than 12 h before: no strike, the vacancy reopens', async () => {
      const { freelancer, assignmentId } = await acceptedShift();
      const result = await cancelByFreelancer(em(), asFreelancer(freelancer), assignmentId, {}, NOW);
      expect(result).toMatchObject({ cancelledBy: 'freelancer', jobStatus: 'open', strikeGiven: false });
      expect(await strikesOf(freelancer.id)).toHaveLength(0);
    });

    it('less than 12 h before: a late_cancel strike, said in the answer and again on a retry', async () => {
      const { restaurant, freelancer, assignmentId } = await acceptedShift();
      const late = new Date(START.getTime() - 2 * HOUR);
      const result = await cancelByFreelancer(
        em(),
        asFreelancer(freelancer),
        assignmentId,
        { reason: 'Doente' },
        late,
      );
      expect(result).toMatchObject({ jobStatus: 'open', strikeGiven: true, cancellationFeeCents: 0 });
      expect((await strikesOf(freelancer.id)).map((strike) => strike.reason)).toEqual(['late_cancel']);
      const again = await cancelByFreelancer(em(), asFreelancer(freelancer), assignmentId, {}, late);
      expect(again).toEqual(result);
      expect(await strikesOf(freelancer.id)).toHaveLength(1);
      // The business cannot release it again another way.
      await expectRefusal(
        cancelByRestaurant(em(), asRestaurant(restaurant), assignmentId, { reopen: false }, late),
        409,
        MESSAGES.shiftRelease.alreadyReleased,
      );
    });

    it("refuses another freelancer's shift (404)", async () => {
      const { assignmentId } = await acceptedShift();
      const stranger = await insertEligibleFreelancer(em());
      await expectRefusal(
        cancelByFreelancer(em(), asFreelancer(stranger), assignmentId, {}, NOW),
        404,
        MESSAGES.assignments.notFound,
      );
    });
  });

  describe('reportNoShow', () => {
    it('is refused before start + 10 min, then releases the shift with a strike and reopens it', async () => {
      const { restaurant, freelancer, assignmentId } = await acceptedShift();
      await expectRefusal(
        reportNoShow(
          em(),
          asRestaurant(restaurant),
          assignmentId,
          new Date(START.getTime() + 10 * MINUTE - 1),
        ),
        409,
        MESSAGES.shiftRelease.noShowTooEarly,
      );
      const when = new Date(START.getTime() + 10 * MINUTE);
      const result = await reportNoShow(em(), asRestaurant(restaurant), assignmentId, when);
      expect(result).toMatchObject({ cancelledBy: 'no_show', jobStatus: 'open', strikeGiven: true });
      expect((await strikesOf(freelancer.id)).map((strike) => strike.reason)).toEqual(['no_show']);
      expect(await reportNoShow(em(), asRestaurant(restaurant), assignmentId, at(MINUTE, when))).toEqual(
        result,
      );
      expect(await strikesOf(freelancer.id)).toHaveLength(1);
    });

    it('cancels the vacancy when less than 2 h of the shift are left', async () => {
      const { restaurant, assignmentId } = await acceptedShift();
      const late = new Date(START.getTime() + 6 * HOUR + MINUTE);
      const result = await reportNoShow(em(), asRestaurant(restaurant), assignmentId, late);
      expect(result).toMatchObject({ jobStatus: 'cancelled', reopened: false, strikeGiven: true });
      expect((await em().findOneOrFail(Job, { id: result.jobId })).status).toBe('cancelled');
    });
  });
});
