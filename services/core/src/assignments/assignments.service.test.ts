import { MESSAGES } from '@turno/domain';
import { Application, Assignment, Block, Freelancer, Job } from '../model';
import { inTransaction } from '../shared/transaction';
import { createTestDatabase, insertRestaurant, type TestDatabase } from '../testing';
import {
  approveCheckIn,
  approveCheckOut,
  completeAssignment,
  manualCheckIn,
  manualCheckOut,
  markOnTheWay,
  requestCheckIn,
  requestCheckOut,
  unassignFreelancer,
} from './assignments.service';
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
import { acceptApplication, assignFreelancer } from '../workflows/staffing.service';

describe('assignments service', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** An assigned 10 h job today 08:00–18:00 (R$ 189,00) at a new restaurant, with its freelancer. */
  async function assignedShift() {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertEligibleFreelancer(em(), { name: 'Bruna Lima' });
    const job = await insertTodayJob(em(), restaurant, {
      title: 'Estoquista',
      positionType: 'Estoquista',
      endTime: '18:00',
      workloadMinutes: 600,
      chargeCents: 18_900,
    });
    const { assignmentId } = await assignFreelancer(
      em(),
      admin,
      { jobId: job.id, freelancerId: freelancer.id },
      NOW,
    );
    return { restaurant, freelancer, job, assignmentId };
  }

  it('checks ownership again after the lock: a job moved to another business meanwhile answers 404', async () => {
    const { restaurant, freelancer, job, assignmentId } = await assignedShift();
    await requestCheckIn(em(), asFreelancer(freelancer), assignmentId, NOW);
    const other = await insertRestaurant(em());
    const outcome = await whileJobMovesToAnotherBusiness(em(), job.id, other.id, () =>
      approveCheckIn(em(), asRestaurant(restaurant), assignmentId, at(MINUTE)),
    );
    expect(outcome.status).toBe('rejected');
    await expectRefusal(
      Promise.reject((outcome as PromiseRejectedResult).reason),
      404,
      MESSAGES.assignments.notFound,
    );
    expect((await em().findOneOrFail(Assignment, { id: assignmentId })).checkInAt ?? null).toBeNull();
  });

  describe('assignFreelancer', () => {
    it('assigns an eligible freelancer: the job is assigned, their application accepted, the others rejected', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const freelancer = await insertEligibleFreelancer(em());
      const own = await insertPendingApplication(em(), job, freelancer);
      const other = await insertPendingApplication(em(), job, await insertEligibleFreelancer(em()));

      const result = await assignFreelancer(em(), admin, { jobId: job.id, freelancerId: freelancer.id }, NOW);

      expect(result).toEqual({
        assignmentId: expect.any(Number),
        jobId: job.id,
        freelancerId: freelancer.id,
      });
      const read = em();
      expect(await read.findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'assigned' });
      expect(await read.findOneOrFail(Assignment, { id: result.assignmentId })).toMatchObject({
        status: 'assigned',
      });
      expect(await read.findOneOrFail(Application, { id: own.id })).toMatchObject({ status: 'accepted' });
      expect(await read.findOneOrFail(Application, { id: other.id })).toMatchObject({ status: 'rejected' });

      // A retry with the same freelancer answers the same assignment.
      await expect(
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId: freelancer.id }, NOW),
      ).resolves.toEqual(result);
      const second = await insertEligibleFreelancer(em());
      await expectRefusal(
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId: second.id }, NOW),
        409,
        MESSAGES.assignments.jobAlreadyAssigned,
      );
    });

    it('refuses freelancers not approved, unavailable, blocked or busy at that time, and non-admins', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const assign = (freelancerId: number) =>
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId }, NOW);

      const pending = await insertEligibleFreelancer(em(), { isApproved: false });
      const unavailable = await insertEligibleFreelancer(em(), { isAvailable: false });
      await expectRefusal(assign(pending.id), 409, MESSAGES.assignments.freelancerNotEligible);
      await expectRefusal(assign(unavailable.id), 409, MESSAGES.assignments.freelancerNotEligible);

      const blocked = await insertEligibleFreelancer(em());
      const setup = em();
      setup.create(Block, { freelancer: blocked.id, restaurant: restaurant.id, blockedBy: 'restaurant' });
      await setup.flush();
      await expectRefusal(assign(blocked.id), 409, MESSAGES.assignments.freelancerBlocked);

      const busy = await insertEligibleFreelancer(em());
      const overlapping = await insertTodayJob(em(), restaurant, { startTime: '13:00', endTime: '19:00' });
      await assignFreelancer(em(), admin, { jobId: overlapping.id, freelancerId: busy.id }, NOW);
      await expectRefusal(assign(busy.id), 409, MESSAGES.applications.scheduleConflict);

      await expectRefusal(assign(999_999), 404, MESSAGES.freelancers.notFound);
      await expectRefusal(
        assignFreelancer(em(), asRestaurant(restaurant), { jobId: job.id, freelancerId: busy.id }, NOW),
        403,
        MESSAGES.common.forbidden,
      );
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'open' });
    });

    it('two concurrent assigns of one job: one wins, the other is refused', async () => {
      const job = await insertTodayJob(em(), await insertRestaurant(em()));
      const [first, second] = [await insertEligibleFreelancer(em()), await insertEligibleFreelancer(em())];

      const outcomes = await Promise.allSettled([
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId: first.id }, NOW),
        assignFreelancer(em(), admin, { jobId: job.id, freelancerId: second.id }, NOW),
      ]);

      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refusal = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
      expect(refusal.reason).toBeInstanceOf(DomainError);
      expect(refusal.reason).toMatchObject({ status: 409, message: MESSAGES.assignments.jobAlreadyAssigned });
      expect(await em().count(Assignment, { job: job.id })).toBe(1);
    });
  });

  describe('unassignFreelancer', () => {
    it('cancels the assignment, reopens the job and lets another application be accepted', async () => {
      const restaurant = await insertRestaurant(em());
      const job = await insertTodayJob(em(), restaurant);
      const first = await insertPendingApplication(em(), job, await insertEligibleFreelancer(em()));
      const { assignmentId } = await acceptApplication(em(), admin, first.id, NOW);

      const state = await unassignFreelancer(em(), admin, assignmentId, at(MINUTE));

      expect(state).toMatchObject({ assignmentId, jobId: job.id, status: 'cancelled' });
      expect(await em().findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'open' });
      expect(await em().findOneOrFail(Application, { id: first.id })).toMatchObject({ status: 'rejected' });
      await expect(unassignFreelancer(em(), admin, assignmentId, at(2 * MINUTE))).resolves.toMatchObject({
        status: 'cancelled',
      });

      const second = await insertPendingApplication(
        em(),
        job,
        await insertEligibleFreelancer(em()),
        at(3 * MINUTE),
      );
      await expect(
        acceptApplication(em(), asRestaurant(restaurant), second.id, at(4 * MINUTE)),
      ).resolves.toMatchObject({
        jobId: job.id,
      });
      expect(await em().count(Assignment, { job: job.id, status: { $ne: 'cancelled' } })).toBe(1);
    });

    it('refuses to unassign a completed shift', async () => {
      const { assignmentId } = await assignedShift();
      await manualCheckIn(em(), admin, assignmentId, NOW);
      await manualCheckOut(em(), admin, assignmentId, at(10 * HOUR));
      await expectRefusal(
        unassignFreelancer(em(), admin, assignmentId, NOW),
        409,
        MESSAGES.assignments.completedCannotBeUnassigned,
      );
    });
  });

  describe('the shift flow', () => {
    it('on the way → check-in → check-out → completion with the amounts of the price table', async () => {
      const { restaurant, freelancer, job, assignmentId } = await assignedShift();
      const worker = asFreelancer(freelancer);
      const business = asRestaurant(restaurant);

      // "A caminho": from 3 h before the 08:00 start (11:00 UTC) to 1 h after.
      await expectRefusal(
        markOnTheWay(em(), worker, assignmentId, new Date('2026-03-02T07:59:00Z')),
        409,
        MESSAGES.shifts.onTheWayOutsideWindow,
      );
      await expectRefusal(
        markOnTheWay(em(), worker, assignmentId, new Date('2026-03-02T12:01:00Z')),
        409,
        MESSAGES.shifts.onTheWayOutsideWindow,
      );
      const onTheWay = new Date('2026-03-02T08:00:00Z');
      expect(await markOnTheWay(em(), worker, assignmentId, onTheWay)).toMatchObject({
        onTheWayAt: onTheWay,
      });
      expect(await markOnTheWay(em(), worker, assignmentId, at(-MINUTE))).toMatchObject({
        onTheWayAt: onTheWay,
      });

      await expectRefusal(
        approveCheckIn(em(), business, assignmentId, NOW),
        409,
        MESSAGES.shifts.checkInRequestMissing,
      );
      await expectRefusal(
        requestCheckOut(em(), worker, assignmentId, NOW),
        409,
        MESSAGES.shifts.checkInRequired,
      );
      const asked = await requestCheckIn(em(), worker, assignmentId, at(-90 * MINUTE));
      expect(asked).toMatchObject({
        status: 'assigned',
        checkinRequestedAt: at(-90 * MINUTE),
        checkInAt: null,
      });
      expect(await requestCheckIn(em(), worker, assignmentId, NOW)).toMatchObject({
        checkinRequestedAt: at(-90 * MINUTE),
      });

      expect(await approveCheckIn(em(), business, assignmentId, at(-85 * MINUTE))).toMatchObject({
        status: 'in_progress',
        checkInAt: at(-85 * MINUTE),
      });
      expect(await approveCheckIn(em(), business, assignmentId, NOW)).toMatchObject({
        checkInAt: at(-85 * MINUTE),
      });
      await expectRefusal(
        requestCheckIn(em(), worker, assignmentId, NOW),
        409,
        MESSAGES.shifts.checkInAlreadyDone,
      );
      await expectRefusal(
        markOnTheWay(em(), worker, assignmentId, NOW),
        409,
        MESSAGES.shifts.checkInAlreadyDone,
      );
      await expectRefusal(
        approveCheckOut(em(), business, assignmentId, NOW),
        409,
        MESSAGES.checkOut.requestMissingYet(2),
      );

      // The check-out request may be resent: its time is updated.
      await requestCheckOut(em(), worker, assignmentId, at(9 * HOUR));
      expect(await requestCheckOut(em(), worker, assignmentId, at(9 * HOUR + 5 * MINUTE))).toMatchObject({
        checkoutRequestedAt: at(9 * HOUR + 5 * MINUTE),
      });

      const completedAt = at(9 * HOUR + 10 * MINUTE);
      const result = await approveCheckOut(em(), business, assignmentId, completedAt);
      expect(result).toEqual({
        jobCompleted: true,
        assignmentId,
        jobId: job.id,
        jobTitle: 'Estoquista',
        freelancerName: 'Bruna Lima',
        freelancerPaymentAmount: 150,
        restaurantPaymentAmount: 189,
        commissionAmount: 39,
        completedAt,
        payBasis: 'worked',
        paidMinutes: 600,
        workedMinutes: 600,
        scheduledMinutes: 600,
        earlyDeparture: false,
        // The requested time (18:05), not the approval's (18:10).
        checkOutAt: at(9 * HOUR + 5 * MINUTE),
      });
      const read = em();
      expect(await read.findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        status: 'completed',
        checkInMethod: 'manager',
        checkOutMethod: 'manager',
        payBasis: 'worked',
        paidMinutes: 600,
        checkOutAt: at(9 * HOUR + 5 * MINUTE),
        completedAt,
        restaurantChargeCents: 18_900,
        freelancerPayoutCents: 15_000,
        commissionCents: 3_900,
      });
      expect(await read.findOneOrFail(Job, { id: job.id })).toMatchObject({ status: 'completed' });
      expect(await read.findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });

      // Approving again answers the same result and changes nothing.
      await expect(approveCheckOut(em(), business, assignmentId, at(12 * HOUR))).resolves.toEqual(result);
      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });
      await expectRefusal(
        requestCheckOut(em(), worker, assignmentId, NOW),
        409,
        MESSAGES.shifts.alreadyCompleted,
      );
      await expectRefusal(
        markOnTheWay(em(), worker, assignmentId, NOW),
        409,
        MESSAGES.shifts.alreadyCompleted,
      );
    });

    it('concurrent approvals of one check-out complete the shift once, with one amount', async () => {
      const { restaurant, freelancer, assignmentId } = await assignedShift();
      await manualCheckIn(em(), admin, assignmentId, NOW);
      await requestCheckOut(em(), asFreelancer(freelancer), assignmentId, at(10 * HOUR));

      const results = await Promise.all([
        approveCheckOut(em(), asRestaurant(restaurant), assignmentId, at(10 * HOUR + MINUTE)),
        approveCheckOut(em(), admin, assignmentId, at(10 * HOUR + 2 * MINUTE)),
      ]);

      expect(results[0]).toEqual(results[1]);
      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });
    });

    it('manual check-in opens 1 h before the start; earlier it is a correction that needs a reason', async () => {
      // The job is TODAY 08:00; NOW is 09:00. A week before, and at 06:59, the window is closed.
      const { assignmentId } = await assignedShift();
      const weekBefore = at(-7 * 24 * HOUR);
      await expectRefusal(
        manualCheckIn(em(), admin, assignmentId, weekBefore),
        409,
        MESSAGES.shifts.manualCheckInOutsideWindow,
      );
      await expectRefusal(
        manualCheckIn(em(), admin, assignmentId, at(-2 * HOUR - MINUTE)),
        409,
        MESSAGES.shifts.manualCheckInOutsideWindow,
      );
      await expectRefusal(
        manualCheckIn(em(), admin, assignmentId, weekBefore, { reason: ' ok ' }),
        400,
        MESSAGES.shifts.correctionReasonLength(5, 500),
      );
      await expectRefusal(
        manualCheckIn(em(), admin, assignmentId, weekBefore, { reason: 'x'.repeat(501) }),
        400,
        MESSAGES.shifts.correctionReasonLength(5, 500),
      );
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({ checkInAt: null });

      const other = await assignedShift();
      expect(await manualCheckIn(em(), admin, other.assignmentId, at(-2 * HOUR))).toMatchObject({
        status: 'in_progress',
        checkInAt: at(-2 * HOUR), // 07:00, exactly 1 h before the start
      });
      expect(
        await manualCheckIn(em(), admin, assignmentId, weekBefore, { reason: 'Freelancer sem celular' }),
      ).toMatchObject({ status: 'in_progress', checkInAt: weekBefore });
    });

    it('manual check-out: never before the check-in, and before the start only with a reason', async () => {
      const { assignmentId } = await assignedShift();
      const early = at(-2 * HOUR); // 07:00: check-in opens
      await manualCheckIn(em(), admin, assignmentId, early);

      await expectRefusal(
        manualCheckOut(em(), admin, assignmentId, at(-3 * HOUR), { reason: 'Correção pedida' }),
        409,
        MESSAGES.shifts.checkOutBeforeCheckIn,
      );
      await expectRefusal(
        manualCheckOut(em(), admin, assignmentId, at(-HOUR - MINUTE)),
        409,
        MESSAGES.shifts.manualCheckOutOutsideWindow,
      );
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        status: 'in_progress',
        checkOutAt: null,
      });
      await expect(
        manualCheckOut(em(), admin, assignmentId, at(-HOUR - MINUTE), { reason: 'Turno cancelado no local' }),
      ).resolves.toMatchObject({ completedAt: at(-HOUR - MINUTE) });

      const other = await assignedShift();
      await manualCheckIn(em(), admin, other.assignmentId, early);
      await expect(manualCheckOut(em(), admin, other.assignmentId, at(-HOUR))).resolves.toMatchObject({
        completedAt: at(-HOUR), // 08:00: the start
      });
    });

    it('lets an admin check in and out manually', async () => {
      const { restaurant, job, assignmentId } = await assignedShift();

      await expectRefusal(
        manualCheckOut(em(), admin, assignmentId, NOW),
        409,
        MESSAGES.shifts.checkInRequired,
      );
      await expectRefusal(
        manualCheckIn(em(), asRestaurant(restaurant), assignmentId, NOW),
        403,
        MESSAGES.common.forbidden,
      );
      expect(await manualCheckIn(em(), admin, assignmentId, NOW)).toMatchObject({
        status: 'in_progress',
        checkInAt: NOW,
      });
      // Checked in at 09:00 on an 08:00–18:00 shift: late, paid 9 h of 10 by worked time.
      const result = await manualCheckOut(em(), admin, assignmentId, at(10 * HOUR));
      expect(result).toMatchObject({
        jobId: job.id,
        freelancerPaymentAmount: 135,
        restaurantPaymentAmount: 170.1,
        commissionAmount: 35.1,
        completedAt: at(10 * HOUR),
        payBasis: 'worked',
        paidMinutes: 540,
      });
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        checkoutRequestedAt: null,
        checkOutAt: at(10 * HOUR),
        checkInMethod: 'admin',
        checkOutMethod: 'admin',
      });
    });

    it("answers 404 on another party's assignment and refuses transitions of a cancelled one", async () => {
      const { freelancer, assignmentId } = await assignedShift();
      const stranger = await insertEligibleFreelancer(em());
      const otherRestaurant = await insertRestaurant(em());

      await expectRefusal(
        requestCheckIn(em(), asFreelancer(stranger), assignmentId, NOW),
        404,
        MESSAGES.assignments.notFound,
      );
      await expectRefusal(
        approveCheckIn(em(), asRestaurant(otherRestaurant), assignmentId, NOW),
        404,
        MESSAGES.assignments.notFound,
      );
      await expectRefusal(
        requestCheckIn(em(), asRestaurant(otherRestaurant), assignmentId, NOW),
        403,
        MESSAGES.common.forbidden,
      );

      await unassignFreelancer(em(), admin, assignmentId, NOW);
      await expectRefusal(
        requestCheckIn(em(), asFreelancer(freelancer), assignmentId, NOW),
        409,
        MESSAGES.shifts.notYourShift,
      );
      await expectRefusal(manualCheckIn(em(), admin, assignmentId, NOW), 409, MESSAGES.shifts.notAssigned);
    });

    it('prices the completion from the job: a night 6 h shift pays R$ 150,00 of R$ 179,00', async () => {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em());
      const job = await insertTodayJob(em(), restaurant, {
        dateNeeded: TOMORROW,
        startTime: '20:00',
        endTime: '02:00',
        chargeCents: 17_900,
      });
      const { assignmentId } = await assignFreelancer(
        em(),
        admin,
        { jobId: job.id, freelancerId: freelancer.id },
        NOW,
      );
      const start = new Date('2026-03-03T23:00:00Z'); // 03/03 20:00 in Sao Paulo
      await manualCheckIn(em(), admin, assignmentId, start);

      await expect(manualCheckOut(em(), admin, assignmentId, at(6 * HOUR, start))).resolves.toMatchObject({
        freelancerPaymentAmount: 150,
        restaurantPaymentAmount: 179,
        commissionAmount: 29,
      });
    });
  });

  describe('check-out the business can trust (issue 23)', () => {
    /** Sao Paulo wall-clock time today (2026-03-02, UTC−3) as an instant. */
    const sp = (time: string) => new Date(`2026-03-02T${time}:00-03:00`);

    /** The new user's shift: today 10:45–19:05 (8h20, R$ 149,00 → R$ 120,00), checked in at `checkInAt`. */
    async function checkedInShift(checkInAt: Date) {
      const restaurant = await insertRestaurant(em());
      const freelancer = await insertEligibleFreelancer(em(), { name: 'Caio Souza' });
      const job = await insertTodayJob(em(), restaurant, {
        title: 'Repositor',
        startTime: '10:45',
        endTime: '19:05',
        workloadMinutes: 500,
        chargeCents: 14_900,
      });
      const { assignmentId } = await assignFreelancer(
        em(),
        admin,
        { jobId: job.id, freelancerId: freelancer.id },
        NOW,
      );
      const worker = asFreelancer(freelancer);
      const business = asRestaurant(restaurant);
      await requestCheckIn(em(), worker, assignmentId, at(-MINUTE, checkInAt));
      await approveCheckIn(em(), business, assignmentId, checkInAt);
      return { restaurant, freelancer, job, assignmentId, worker, business };
    }

    it('the new-user case: in at 09:52, out asked at 09:53 and approved pays by worked time, not R$ 120', async () => {
      const { assignmentId, worker, business, freelancer } = await checkedInShift(sp('09:52'));
      await requestCheckOut(em(), worker, assignmentId, sp('09:53'));

      const result = await approveCheckOut(em(), business, assignmentId, sp('09:54'));

      expect(result).toMatchObject({
        payBasis: 'worked',
        paidMinutes: 0,
        workedMinutes: 0,
        scheduledMinutes: 500,
        earlyDeparture: true,
        freelancerPaymentAmount: 0,
        restaurantPaymentAmount: 0,
        commissionAmount: 0,
        checkOutAt: sp('09:53'),
        completedAt: sp('09:54'),
      });
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        status: 'completed',
        checkInMethod: 'manager',
        checkOutMethod: 'manager',
        payBasis: 'worked',
        paidMinutes: 0,
        restaurantChargeCents: 0,
        freelancerPayoutCents: 0,
        commissionCents: 0,
      });
      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });
    });

    it('an early departure paid in full when the business says so; another pay basis after completion is refused', async () => {
      const { assignmentId, worker, business } = await checkedInShift(sp('10:40'));
      await requestCheckOut(em(), worker, assignmentId, sp('15:00'));

      const result = await approveCheckOut(em(), business, assignmentId, sp('15:02'), { payBasis: 'full' });
      expect(result).toMatchObject({
        payBasis: 'full',
        paidMinutes: 500,
        workedMinutes: 255,
        earlyDeparture: true,
        freelancerPaymentAmount: 120,
        restaurantPaymentAmount: 149,
        commissionAmount: 29,
      });

      // Retries: the same choice, or none, answer the same; another choice is refused.
      await expect(
        approveCheckOut(em(), business, assignmentId, sp('15:10'), { payBasis: 'full' }),
      ).resolves.toEqual(result);
      await expect(approveCheckOut(em(), business, assignmentId, sp('15:10'))).resolves.toEqual(result);
      await expectRefusal(
        approveCheckOut(em(), business, assignmentId, sp('15:10'), { payBasis: 'worked' }),
        409,
        MESSAGES.checkOut.payBasisChanged,
      );
    });

    it('on time (within the grace and the tolerance) pays the full shift by worked time', async () => {
      const { assignmentId, worker, business } = await checkedInShift(sp('10:55'));
      await requestCheckOut(em(), worker, assignmentId, sp('19:00'));
      await expect(approveCheckOut(em(), business, assignmentId, sp('19:30'))).resolves.toMatchObject({
        payBasis: 'worked',
        paidMinutes: 500,
        earlyDeparture: false,
        freelancerPaymentAmount: 120,
        restaurantPaymentAmount: 149,
      });
    });

    it('a late arrival is paid from the check-in: 11:45–18:05 is 380 of 500 minutes', async () => {
      const { assignmentId, worker, business } = await checkedInShift(sp('11:45'));
      await requestCheckOut(em(), worker, assignmentId, sp('18:05'));
      await expect(approveCheckOut(em(), business, assignmentId, sp('18:06'))).resolves.toMatchObject({
        paidMinutes: 380,
        earlyDeparture: true,
        restaurantPaymentAmount: 113.24,
        freelancerPaymentAmount: 91.2,
        commissionAmount: 22.04,
      });
    });

    it('records the requested time: a manager approving hours later adds no hours', async () => {
      const { assignmentId, worker, business } = await checkedInShift(sp('10:45'));
      await requestCheckOut(em(), worker, assignmentId, sp('14:55'));
      const result = await approveCheckOut(em(), business, assignmentId, sp('23:30'));
      expect(result).toMatchObject({ checkOutAt: sp('14:55'), completedAt: sp('23:30'), paidMinutes: 250 });
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        checkOutAt: sp('14:55'),
        paidMinutes: 250,
      });
    });

    it('refuses a check-out request earlier than the check-in (a clock out of step)', async () => {
      const { assignmentId, worker } = await checkedInShift(sp('10:45'));
      await expectRefusal(
        requestCheckOut(em(), worker, assignmentId, sp('10:44')),
        409,
        MESSAGES.checkOut.requestBeforeCheckIn,
      );
      expect(await requestCheckOut(em(), worker, assignmentId, sp('10:45'))).toMatchObject({
        checkoutRequestedAt: sp('10:45'),
      });
    });

    it('no request: the business confirms the check-out from the end + 2 h on, recorded at the scheduled end', async () => {
      const { assignmentId, business } = await checkedInShift(sp('10:45'));
      await expectRefusal(
        approveCheckOut(em(), business, assignmentId, sp('21:04')),
        409,
        MESSAGES.checkOut.requestMissingYet(2),
      );
      const result = await approveCheckOut(em(), business, assignmentId, sp('21:05'));
      expect(result).toMatchObject({
        checkOutAt: sp('19:05'),
        completedAt: sp('21:05'),
        payBasis: 'worked',
        paidMinutes: 500,
        restaurantPaymentAmount: 149,
      });
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        checkoutRequestedAt: null,
        checkOutMethod: 'manager',
      });
    });

    it('completeAssignment completes a locked shift once (other parts reuse it)', async () => {
      const { assignmentId, freelancer } = await checkedInShift(sp('10:45'));
      const complete = () =>
        inTransaction(em(), async (tx) => {
          const assignment = await tx.findOneOrFail(Assignment, { id: assignmentId }, { populate: ['job'] });
          await completeAssignment(tx, {
            assignment,
            job: assignment.job.$,
            checkOutAt: sp('19:05'),
            checkOutMethod: 'scheduled_end',
            payBasis: 'worked',
            now: sp('19:05'),
          });
        });
      await complete();
      await complete();
      expect(await em().findOneOrFail(Assignment, { id: assignmentId })).toMatchObject({
        status: 'completed',
        checkOutMethod: 'scheduled_end',
        restaurantChargeCents: 14_900,
        freelancerPayoutCents: 12_000,
      });
      expect(await em().findOneOrFail(Freelancer, { id: freelancer.id })).toMatchObject({ totalJobs: 1 });
    });
  });
});
