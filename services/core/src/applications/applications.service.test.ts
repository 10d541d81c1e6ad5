import { MESSAGES } from '@turno/domain';
import { initOrm, type Orm } from '../db/orm';
import { Application, Assignment, Block, Job } from '../model';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import { expireDueApplications, rejectApplication } from './applications.service';
import { DomainError } from '../shared/domain-error';
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
  whileJobMovesToAnotherBusiness,
} from '../shared/test-kit';
import { acceptApplication, applyToJob } from '../workflows/staffing.service';

/** A shift still ahead at NOW (09:00): one a freelancer may apply to. */
const LATER_TODAY = { startTime: '14:00', endTime: '20:00' };

describe('applications service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  describe('applyToJob', () => {
    it('creates a pending application that expires 2 h later', async () => {
      const job = await insertTodayJob(em(), await insertRestaurant(em()), LATER_TODAY);
      const freelancer = await insertEligibleFreelancer(em());

      const result = await applyToJob(
        em(),
        asFreelancer(freelancer),
        { jobId: job.id, message: ' Tenho experiência ' },
        NOW,
      );

      expect(result).toEqual({
        applicationId: expect.any(Number),
        jobId: job.id,
        status: 'pending',
        appliedAt: NOW,
        expiresAt: new Date('2026-03-02T14:00:00Z'),
      });
      const stored = await em().findOneOrFail(Application, { id: result.applicationId });
      expect(stored).toMatchObject({ status: 'pending', message: 'Tenho experiência', appliedAt: NOW });
      expect(stored.expiresAt.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    });

    it('refuses a freelancer who is inactive, unapproved or has no photo', async () => {
      const job = await insertTodayJob(em(), await insertRestaurant(em()));
      const apply = async (fields: Parameters<typeof insertEligibleFreelancer>[1]) =>
        applyToJob(em(), asFreelancer(await insertEligibleFreelancer(em(), fields)), { jobId: job.id }, NOW);

      await expectRefusal(
        apply({ isApproved: false, isAvailable: false }),
        403,
        MESSAGES.applications.freelancerNotAvailable,
      );
      await expectRefusal(apply({ isApproved: false }), 403, MESSAGES.applications.freelancerNotApproved);
      await expectRefusal(apply({ profilePhotoUrl: null }), 403, MESSAGES.applications.photoRequired);
      expect(await em().count(Application, { job: job.id })).toBe(0);
    });

    it('refuses jobs that are not open, past, missing or at an unapproved restaurant', async () => {
      const restaurant = await insertRestaurant(em());
      const actor = asFreelancer(await insertEligibleFreelancer(em()));
      const assigned = await insertTodayJob(em(), restaurant, { status: 'assigned' });
      const yesterday = await insertTodayJob(em(), restaurant, { dateNeeded: '2026-03-01' });
      const atPending = await insertTodayJob(em(), await insertRestaurant(em(), { isApproved: false }));

      for (const job of [assigned, yesterday, atPending]) {
        await expectRefusal(
          applyToJob(em(), actor, { jobId: job.id }, NOW),
          409,
          MESSAGES.applications.jobNotOpen,
        );
      }
      await expectRefusal(applyToJob(em(), actor, { jobId: 999_999 }, NOW), 404, MESSAGES.jobs.notFound);
    });

    it('refuses a shift that has started (Sao Paulo time), and takes one a minute before', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      const actor = asFreelancer(freelancer);
      // "Hoje 05:00" applied to at 09:00 (NOW), and an 08:00 shift at 08:00 itself.
      const dawn = await insertTodayJob(em(), restaurant, { startTime: '05:00', endTime: '11:00' });
      await expectRefusal(
        applyToJob(em(), actor, { jobId: dawn.id }, NOW),
        409,
        MESSAGES.applications.shiftStarted,
      );
      const morning = await insertTodayJob(em(), restaurant); // 08:00
      await expectRefusal(
        applyToJob(em(), actor, { jobId: morning.id }, at(-HOUR)),
        409,
        MESSAGES.applications.shiftStarted,
      );
      expect(await em().count(Application, { freelancer: freelancer.id })).toBe(0);
      await expect(applyToJob(em(), actor, { jobId: morning.id }, at(-HOUR - MINUTE))).resolves.toMatchObject(
        {
          status: 'pending',
        },
      );
    });

    it('refuses a second application to the same job, also when both are sent at once', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant, LATER_TODAY);
      const actor = asFreelancer(await insertEligibleFreelancer(em()));
      await applyToJob(em(), actor, { jobId: job.id }, NOW);
      await expectRefusal(
        applyToJob(em(), actor, { jobId: job.id }, NOW),
        409,
        MESSAGES.applications.alreadyApplied,
      );

      const other = await insertTodayJob(em(), restaurant, LATER_TODAY);
      const outcomes = await Promise.allSettled([
        applyToJob(em(), actor, { jobId: other.id }, NOW),
        applyToJob(em(), actor, { jobId: other.id }, NOW),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
        reason: { status: 409, message: MESSAGES.applications.alreadyApplied },
      });
      expect(await em().count(Application, { job: other.id })).toBe(1);
    });

    it('refuses a shift overlapping one the freelancer holds, overnight shifts included', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      const night = await insertTodayJob(em(), restaurant, {
        status: 'assigned',
        startTime: '22:00',
        endTime: '06:00',
      });
      const setup = em();
      setup.create(Assignment, { job: night.id, freelancer: freelancer.id, status: 'in_progress' });
      await setup.flush();
      const earlyTomorrow = await insertTodayJob(em(), restaurant, {
        dateNeeded: TOMORROW,
        startTime: '05:00',
        endTime: '11:00',
      });
      const laterTomorrow = await insertTodayJob(em(), restaurant, {
        dateNeeded: TOMORROW,
        startTime: '06:00',
        endTime: '12:00',
      });

      await expectRefusal(
        applyToJob(em(), asFreelancer(freelancer), { jobId: earlyTomorrow.id }, NOW),
        409,
        MESSAGES.applications.scheduleConflictOwn,
      );
      expect(MESSAGES.applications.scheduleConflictOwn).toContain('CONFLITO DE HORÁRIO');
      await expect(
        applyToJob(em(), asFreelancer(freelancer), { jobId: laterTomorrow.id }, NOW),
      ).resolves.toMatchObject({ status: 'pending' });
    });

    it('refuses a message that is too long and any role but a freelancer', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const actor = asFreelancer(await insertEligibleFreelancer(em()));

      await expectRefusal(
        applyToJob(em(), actor, { jobId: job.id, message: 'x'.repeat(501) }, NOW),
        400,
        MESSAGES.applications.messageTooLong(500),
      );
      await expectRefusal(
        applyToJob(em(), asRestaurant(restaurant), { jobId: job.id }, NOW),
        403,
        MESSAGES.common.forbidden,
      );
    });
  });

  describe('acceptApplication', () => {
    it('accepts, rejects the other pending applications, assigns the freelancer and the job', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const [chosen, other, third] = await Promise.all([1, 2, 3].map(() => insertEligibleFreelancer(em())));
      const accepted = await insertPendingApplication(em(), job, chosen!);
      const rejected = await insertPendingApplication(em(), job, other!);
      const alreadyRejected = await insertPendingApplication(em(), job, third!);
      await em().nativeUpdate(Application, { id: alreadyRejected.id }, { status: 'rejected' });

      const result = await acceptApplication(em(), asRestaurant(restaurant), accepted.id, at(30 * MINUTE));

      expect(result).toEqual({
        applicationId: accepted.id,
        jobId: job.id,
        freelancerId: chosen!.id,
        assignmentId: expect.any(Number),
        rejectedApplications: 1,
      });
      const read = em();
      expect(await read.findOneOrFail(Application, { id: accepted.id })).toMatchObject({
        status: 'accepted',
        reviewedAt: at(30 * MINUTE),
      });
      expect(await read.findOneOrFail(Application, { id: rejected.id })).toMatchObject({
        status: 'rejected',
      });
      expect(await read.findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'assigned' });
      const assignment = await read.findOneOrFail(Assignment, { id: result.assignmentId });
      expect(assignment).toMatchObject({ status: 'assigned' });
      expect(assignment.freelancer.id).toBe(chosen!.id);

      // A retry answers the same, without a second assignment.
      await expect(acceptApplication(em(), admin, accepted.id, at(31 * MINUTE))).resolves.toEqual({
        ...result,
        rejectedApplications: 0,
      });
      expect(await em().count(Assignment, { job: job.id })).toBe(1);
      await expectRefusal(
        acceptApplication(em(), admin, rejected.id, at(32 * MINUTE)),
        409,
        MESSAGES.assignments.jobAlreadyAssigned,
      );
    });

    it("answers 404 for another restaurant's application and refuses freelancers", async () => {
      const job = await insertTodayJob(em(), await insertRestaurant(em()));
      const freelancer = await insertEligibleFreelancer(em());
      const application = await insertPendingApplication(em(), job, freelancer);
      const stranger = await insertRestaurant(em());

      await expectRefusal(
        acceptApplication(em(), asRestaurant(stranger), application.id, NOW),
        404,
        MESSAGES.applications.notFound,
      );
      await expectRefusal(
        acceptApplication(em(), asFreelancer(freelancer), application.id, NOW),
        403,
        MESSAGES.common.forbidden,
      );
      await expectRefusal(acceptApplication(em(), admin, 999_999, NOW), 404, MESSAGES.applications.notFound);
      expect(await em().findOneOrFail(Application, { id: application.id })).toMatchObject({
        status: 'pending',
      });
    });

    it('checks ownership again after the lock: a job moved to another business meanwhile answers 404', async () => {
      const owner = await insertRestaurant(em());
      const other = await insertRestaurant(em());
      const job = await insertTodayJob(em(), owner);
      const application = await insertPendingApplication(em(), job, await insertEligibleFreelancer(em()));
      const outcome = await whileJobMovesToAnotherBusiness(em(), job.id, other.id, () =>
        acceptApplication(em(), asRestaurant(owner), application.id, NOW),
      );
      expect(outcome.status).toBe('rejected');
      await expectRefusal(
        Promise.reject((outcome as PromiseRejectedResult).reason),
        404,
        MESSAGES.applications.notFound,
      );
      expect(await em().findOneOrFail(Application, { id: application.id })).toMatchObject({
        status: 'pending',
      });
    });

    it('re-checks the schedule: a freelancer already holding an overlapping shift → CONFLITO DE HORÁRIO', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      const first = await insertTodayJob(em(), restaurant);
      const second = await insertTodayJob(em(), restaurant, { startTime: '12:00', endTime: '18:00' });
      const toFirst = await insertPendingApplication(em(), first, freelancer);
      const toSecond = await insertPendingApplication(em(), second, freelancer);

      await acceptApplication(em(), asRestaurant(restaurant), toFirst.id, NOW);
      await expectRefusal(
        acceptApplication(em(), asRestaurant(restaurant), toSecond.id, NOW),
        409,
        MESSAGES.applications.scheduleConflict,
      );
      expect(await em().findOneOrFail(Job, { id: second.id })).toMatchObject({ status: 'open' });
    });

    it('refuses a freelancer no longer approved or blocked since applying', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const rejected = await insertEligibleFreelancer(em(), { isApproved: false, isAvailable: false });
      const blocked = await insertEligibleFreelancer(em());
      const fromRejected = await insertPendingApplication(em(), job, rejected);
      const fromBlocked = await insertPendingApplication(em(), job, blocked);
      const setup = em();
      setup.create(Block, { freelancer: blocked.id, restaurant: restaurant.id, blockedBy: 'admin' });
      await setup.flush();

      await expectRefusal(
        acceptApplication(em(), admin, fromRejected.id, NOW),
        409,
        MESSAGES.assignments.freelancerNotEligible,
      );
      await expectRefusal(
        acceptApplication(em(), admin, fromBlocked.id, NOW),
        409,
        MESSAGES.assignments.freelancerBlocked,
      );
    });

    it('20 concurrent accepts of one job: exactly one succeeds, the 19 others are refused cleanly', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const freelancers = await Promise.all(Array.from({ length: 20 }, () => insertEligibleFreelancer(em())));
      const applications = [];
      for (const freelancer of freelancers)
        applications.push(await insertPendingApplication(em(), job, freelancer));

      // A pool as large as the crowd, so all 20 transactions really run at once.
      const crowd: Orm = await initOrm({ url: db.url, poolMax: 21 });
      try {
        const actor = asRestaurant(restaurant);
        const outcomes = await Promise.allSettled(
          applications.map((application) => acceptApplication(crowd.em.fork(), actor, application.id, NOW)),
        );

        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(19);
        for (const error of losers) {
          expect(error).toBeInstanceOf(DomainError);
          expect(error).toMatchObject({ status: 409, message: MESSAGES.assignments.jobAlreadyAssigned });
        }
      } finally {
        await crowd.close(true);
      }
      const read = em();
      expect(await read.count(Application, { job: job.id, status: 'accepted' })).toBe(1);
      expect(await read.count(Application, { job: job.id, status: 'rejected' })).toBe(19);
      expect(await read.count(Assignment, { job: job.id })).toBe(1);
      expect(await read.findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'assigned' });
    });
  });

  describe('expiry', () => {
    it('an application expires 2 h after it was made: pending at +1h59, expired at +2h', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant, LATER_TODAY);
      const applied = await applyToJob(
        em(),
        asFreelancer(await insertEligibleFreelancer(em())),
        { jobId: job.id },
        NOW,
      );
      const status = async () =>
        (await em().findOneOrFail(Application, { id: applied.applicationId })).status;

      expect(await expireDueApplications(em(), at(119 * MINUTE), applied.applicationId)).toBe(0);
      expect(await status()).toBe('pending');
      expect(await expireDueApplications(em(), at(2 * HOUR), applied.applicationId)).toBe(1);
      expect(await status()).toBe('expired');
      expect(await expireDueApplications(em(), at(3 * HOUR), applied.applicationId)).toBe(0);
      expect(await em().findOneOrFail(Application, { id: applied.applicationId })).toMatchObject({
        reviewedAt: at(2 * HOUR),
      });
    });

    it('sweeps every due application and leaves the others pending', async () => {
      const job = await insertTodayJob(em(), await insertRestaurant(em()));
      const early = await insertPendingApplication(em(), job, await insertFreelancer(em()), at(-3 * HOUR));
      const recent = await insertPendingApplication(em(), job, await insertFreelancer(em()), at(-HOUR));

      const expired = await expireDueApplications(em(), NOW);

      expect(expired).toBeGreaterThanOrEqual(1);
      expect(await em().findOneOrFail(Application, { id: early.id })).toMatchObject({ status: 'expired' });
      expect(await em().findOneOrFail(Application, { id: recent.id })).toMatchObject({ status: 'pending' });
      expect(await expireDueApplications(em(), NOW)).toBe(0);
    });

    it('accepting after expiry is refused even if the expiry job never ran; at +1h59 it is accepted', async () => {
      const restaurant = await insertRestaurant(em());
      const late = await insertPendingApplication(
        em(),
        await insertTodayJob(em(), restaurant),
        await insertEligibleFreelancer(em()),
      );
      const inTime = await insertPendingApplication(
        em(),
        await insertTodayJob(em(), restaurant),
        await insertEligibleFreelancer(em()),
      );

      await expectRefusal(
        acceptApplication(em(), asRestaurant(restaurant), late.id, at(2 * HOUR)),
        409,
        MESSAGES.applications.expired,
      );
      expect(await em().findOneOrFail(Application, { id: late.id })).toMatchObject({ status: 'pending' });
      await expect(
        acceptApplication(em(), asRestaurant(restaurant), inTime.id, at(119 * MINUTE)),
      ).resolves.toMatchObject({ applicationId: inTime.id });
      await expireDueApplications(em(), at(2 * HOUR));
      await expectRefusal(
        acceptApplication(em(), admin, late.id, at(2 * HOUR)),
        409,
        MESSAGES.applications.expired,
      );
    });
  });

  describe('rejectApplication', () => {
    it('rejects a pending application once; a retry changes nothing; an accepted one is refused', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const pending = await insertPendingApplication(em(), job, await insertEligibleFreelancer(em()));
      const toAccept = await insertPendingApplication(em(), job, await insertEligibleFreelancer(em()));
      const actor = asRestaurant(restaurant);

      await expect(rejectApplication(em(), actor, pending.id, NOW)).resolves.toEqual({
        applicationId: pending.id,
        status: 'rejected',
      });
      await expect(rejectApplication(em(), actor, pending.id, at(HOUR))).resolves.toMatchObject({
        status: 'rejected',
      });
      expect(await em().findOneOrFail(Application, { id: pending.id })).toMatchObject({
        status: 'rejected',
        reviewedAt: NOW,
      });

      await acceptApplication(em(), actor, toAccept.id, NOW);
      await expectRefusal(
        rejectApplication(em(), actor, toAccept.id, NOW),
        409,
        MESSAGES.applications.notPending,
      );
      await expectRefusal(
        rejectApplication(em(), asRestaurant(await insertRestaurant(em())), pending.id, NOW),
        404,
        MESSAGES.applications.notFound,
      );
    });
  });
});
