import { MESSAGES, SHIFT_CONFIRMATION_MESSAGES, saoPauloDateTimeToInstant } from '@turno/domain';
import { Application, Assignment, Job, Restaurant, Strike } from '../model';
import { createTestDatabase, insertJob, insertRestaurant, type TestDatabase } from '../testing';
import {
  HOUR,
  asFreelancer,
  asRestaurant,
  expectRefusal,
  insertEligibleFreelancer,
} from '../shared/test-kit';
import { notificationsOfEvents, notifyingEventsAfter } from '../notifications';
import { releaseUnconfirmed } from '../reliability/release.service';
import { confirmShift, confirmationSchedules, runConfirmationSteps } from './shift-confirmations';

/** Shifts on 2026-03-10 at 07:00 São Paulo; accepted two days before. */
const DATE = '2026-03-10';
const START = saoPauloDateTimeToInstant(DATE, '07:00');
const before = (hours: number) => new Date(START.getTime() - hours * HOUR);
const ACCEPTED = before(48);

describe('shift confirmations', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  async function allocated(
    options: { acceptedAt?: Date; autoRelease?: boolean; fields?: Partial<Assignment> } = {},
  ) {
    const restaurant = await insertRestaurant(em());
    if (options.autoRelease) {
      await em().nativeUpdate(Restaurant, { id: restaurant.id }, { autoReleaseUnconfirmed: true });
    }
    const freelancer = await insertEligibleFreelancer(em());
    const fork = em();
    const job = await insertJob(fork, restaurant, {
      dateNeeded: DATE,
      startTime: '07:00',
      endTime: '13:00',
      workloadMinutes: 360,
      chargeCents: 20_000,
      status: 'assigned',
    });
    fork.create(Application, {
      job,
      freelancer: freelancer.id,
      status: 'accepted',
      appliedAt: before(72),
      expiresAt: START,
    });
    const assignment = fork.create(Assignment, {
      job,
      freelancer: freelancer.id,
      status: 'assigned',
      createdAt: options.acceptedAt ?? ACCEPTED,
      ...options.fields,
    });
    await fork.flush();
    return { restaurant, freelancer, job, assignment };
  }
  const read = (id: number) => em().findOneOrFail(Assignment, { id }, { populate: ['job'] });
  const only = (assignmentId: number) => ({ assignmentIds: [assignmentId] });

  /** The notifications the fan-out would make now of the events about `assignmentId`. */
  async function notificationsOf(assignmentId: number) {
    const { events } = await notifyingEventsAfter(em(), 0, 10_000);
    const mine = events.filter((event) => event.payload.assignmentId === assignmentId);
    const made = await notificationsOfEvents(em(), mine);
    return [...new Set(made.map((item) => `${item.kind}:${item.title}`))];
  }

  describe('confirmShift', () => {
    it('records the confirmation of the freelancer holding the shift, once (a retry answers the same)', async () => {
      const { freelancer, assignment, job } = await allocated();
      const first = await confirmShift(em(), asFreelancer(freelancer), assignment.id, before(20));
      expect(first).toEqual({ assignmentId: assignment.id, jobId: job.id, confirmedAt: before(20) });
      const again = await confirmShift(em(), asFreelancer(freelancer), assignment.id, before(10));
      expect(again.confirmedAt).toEqual(before(20));
      expect((await read(assignment.id)).confirmedAt).toEqual(before(20));
    });

    it("is 404 for another freelancer's shift", async () => {
      const { assignment } = await allocated();
      const other = await insertEligibleFreelancer(em());
      await expectRefusal(
        confirmShift(em(), asFreelancer(other), assignment.id, before(20)),
        404,
        MESSAGES.assignments.notFound,
      );
      expect((await read(assignment.id)).confirmedAt ?? null).toBeNull();
    });

    it('is refused from the start of the shift and once it was cancelled', async () => {
      const started = await allocated();
      await expectRefusal(
        confirmShift(em(), asFreelancer(started.freelancer), started.assignment.id, START),
        409,
        SHIFT_CONFIRMATION_MESSAGES.refusedStarted,
      );
      const cancelled = await allocated({ fields: { status: 'cancelled', cancelledBy: 'restaurant' } });
      await expectRefusal(
        confirmShift(em(), asFreelancer(cancelled.freelancer), cancelled.assignment.id, before(20)),
        409,
        SHIFT_CONFIRMATION_MESSAGES.refusedCancelled,
      );
    });
  });

  describe('runConfirmationSteps', () => {
    it('asks 24 h before (not a millisecond earlier), once, and the fan-out makes the question', async () => {
      const { assignment } = await allocated();
      expect(
        (await runConfirmationSteps(em(), new Date(before(24).getTime() - 1), only(assignment.id))).requested,
      ).toBe(0);
      expect((await runConfirmationSteps(em(), before(24), only(assignment.id))).requested).toBe(1);
      expect((await runConfirmationSteps(em(), before(23), only(assignment.id))).requested).toBe(0);
      expect((await read(assignment.id)).confirmationRequestedAt).toEqual(before(24));
      expect(await notificationsOf(assignment.id)).toContain(
        'shift_confirmation_request:Confirma presença amanhã às 07:00?',
      );
    });

    it('asks at once a shift accepted less than 24 h before', async () => {
      const { assignment } = await allocated({ acceptedAt: before(20) });
      expect((await runConfirmationSteps(em(), before(20), only(assignment.id))).requested).toBe(1);
    });

    it('12 h before, tells the business of an unconfirmed shift and leaves it allocated (notify only)', async () => {
      const { assignment, job } = await allocated();
      const confirmed = await allocated({ fields: { confirmedAt: before(30) } });
      const late = await allocated({ acceptedAt: before(5) });
      const result = await runConfirmationSteps(em(), before(12), {
        assignmentIds: [assignment.id, confirmed.assignment.id, late.assignment.id],
        steps: ['unconfirmed'],
      });
      expect(result).toMatchObject({ unconfirmed: 1, autoReleased: 0 });
      const after = await read(assignment.id);
      expect(after).toMatchObject({ status: 'assigned', unconfirmedAt: before(12) });
      expect((await em().findOneOrFail(Job, { id: job.id })).status).toBe('assigned');
      const made = await notificationsOf(assignment.id);
      expect(made).toContain('shift_unconfirmed:Presença não confirmada');
      expect(made.some((item) => item.startsWith('shift_released_unconfirmed'))).toBe(false);
    });

    it('releases automatically when the business chose it: vacancy reopened, nothing owed, both told', async () => {
      const { assignment, job, freelancer } = await allocated({ autoRelease: true });
      const result = await runConfirmationSteps(em(), before(12), only(assignment.id));
      expect(result).toMatchObject({ unconfirmed: 1, autoReleased: 1 });
      const after = await read(assignment.id);
      expect(after).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'restaurant',
        releasedUnconfirmedAt: before(12),
      });
      expect(after.cancellationFeeCents ?? 0).toBe(0);
      expect((await em().findOneOrFail(Job, { id: job.id })).status).toBe('open');
      expect(await em().count(Strike, { freelancer: freelancer.id })).toBe(0);
      const made = await notificationsOf(assignment.id);
      expect(made).toContain('shift_unconfirmed:Turno liberado automaticamente');
      expect(made).toContain('shift_released_unconfirmed:Turno liberado');
      // Run again: nothing left to do.
      expect(await runConfirmationSteps(em(), before(11), only(assignment.id))).toMatchObject({
        unconfirmed: 0,
        autoReleased: 0,
      });
    });

    it('reminds 2 h before, and does nothing for a cancelled or started shift', async () => {
      const { assignment } = await allocated({ fields: { confirmedAt: before(20) } });
      const cancelled = await allocated({ fields: { status: 'cancelled', cancelledBy: 'freelancer' } });
      expect(
        (
          await runConfirmationSteps(em(), before(2), {
            assignmentIds: [assignment.id, cancelled.assignment.id],
          })
        ).reminded,
      ).toBe(1);
      expect(await notificationsOf(assignment.id)).toContain('shift_reminder:Seu turno começa em 2 horas');
      const unseen = await allocated();
      expect(await runConfirmationSteps(em(), START, only(unseen.assignment.id))).toEqual({
        requested: 0,
        unconfirmed: 0,
        autoReleased: 0,
        reminded: 0,
      });
    });
  });

  describe('releaseUnconfirmed (the business\'s "Liberar vaga")', () => {
    it('releases an unconfirmed shift from 12 h before, without fee or strike; a retry answers the same', async () => {
      const { restaurant, assignment, job } = await allocated();
      await expectRefusal(
        releaseUnconfirmed(em(), asRestaurant(restaurant), assignment.id, before(13)),
        409,
        SHIFT_CONFIRMATION_MESSAGES.releaseTooEarly,
      );
      const result = await releaseUnconfirmed(em(), asRestaurant(restaurant), assignment.id, before(6));
      expect(result).toMatchObject({ reopened: true, cancellationFeeCents: 0, strikeGiven: false });
      expect((await em().findOneOrFail(Job, { id: job.id })).status).toBe('open');
      const again = await releaseUnconfirmed(em(), asRestaurant(restaurant), assignment.id, before(5));
      expect(again.cancelledAt).toEqual(before(6));
      expect(await notificationsOf(assignment.id)).toContain('shift_released_unconfirmed:Turno liberado');
    });

    it('is refused for a confirmed shift', async () => {
      const { restaurant, assignment } = await allocated({ fields: { confirmedAt: before(20) } });
      await expectRefusal(
        releaseUnconfirmed(em(), asRestaurant(restaurant), assignment.id, before(6)),
        409,
        SHIFT_CONFIRMATION_MESSAGES.releaseConfirmed,
      );
    });
  });

  it('confirmationSchedules reads the allocated, not yet started shifts', async () => {
    const { assignment } = await allocated();
    const cancelled = await allocated({ fields: { status: 'cancelled', cancelledBy: 'restaurant' } });
    expect(await confirmationSchedules(em(), [assignment.id, cancelled.assignment.id], before(30))).toEqual([
      { assignmentId: assignment.id, date: DATE, start: '07:00' },
    ]);
    expect(await confirmationSchedules(em(), [assignment.id], START)).toEqual([]);
  });
});
