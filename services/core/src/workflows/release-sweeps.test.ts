import { saoPauloDateTimeToInstant, shiftPay } from '@turno/domain';
import { Assignment, Strike } from '../model';
import { createTestDatabase, insertJob, insertRestaurant, type TestDatabase } from '../testing';
import { HOUR, MINUTE, insertEligibleFreelancer } from '../shared/test-kit';
import { closeForgottenCheckOuts, releaseNoShows } from './release-sweeps';

/** Shifts on 2026-03-10, 08:00–16:00 São Paulo (8 h, R$ 200,00). */
const DATE = '2026-03-10';
const START = saoPauloDateTimeToInstant(DATE, '08:00');
const END = saoPauloDateTimeToInstant(DATE, '16:00');
const SHIFT = { date: DATE, start: '08:00', end: '16:00' };

describe('release sweeps', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  async function allocated(fields: Partial<Assignment> = {}, jobFields = {}) {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertEligibleFreelancer(em());
    const fork = em();
    const job = await insertJob(fork, restaurant, {
      dateNeeded: DATE,
      startTime: '08:00',
      endTime: '16:00',
      workloadMinutes: 480,
      chargeCents: 20_000,
      status: 'assigned',
      ...jobFields,
    });
    const assignment = fork.create(Assignment, {
      job,
      freelancer: freelancer.id,
      status: 'assigned',
      ...fields,
    });
    await fork.flush();
    return { restaurant, freelancer, job, assignment };
  }
  const read = (id: number) => em().findOneOrFail(Assignment, { id }, { populate: ['job'] });

  it('releases at start + 60 min the shifts with no check-in (a strike each), and only those, once', async () => {
    const noShow = await allocated();
    const checkedIn = await allocated({ status: 'in_progress', checkInAt: START });
    const asked = await allocated({ checkinRequestedAt: new Date(START.getTime() + 5 * MINUTE) });
    const later = await allocated({}, { startTime: '09:00' });

    expect(await releaseNoShows(em(), new Date(START.getTime() + 60 * MINUTE - 1))).toBe(0);
    const at = new Date(START.getTime() + 60 * MINUTE);
    expect(await releaseNoShows(em(), at, { batchSize: 1 })).toBe(1);

    const released = await read(noShow.assignment.id);
    expect(released).toMatchObject({ status: 'cancelled', cancelledBy: 'no_show', cancelledAt: at });
    // 7 h of the shift are ahead: the vacancy reopens.
    expect(released.job.$.status).toBe('open');
    expect(await em().find(Strike, { freelancer: noShow.freelancer.id })).toEqual([
      expect.objectContaining({ reason: 'no_show' }),
    ]);
    for (const kept of [checkedIn, asked, later]) {
      expect((await read(kept.assignment.id)).cancelledBy ?? null).toBeNull();
    }
    const [event] = await em()
      .getConnection()
      .execute<{ restaurant_id: number; freelancer_id: number; all_freelancers: boolean }[]>(
        `select restaurant_id, freelancer_id, all_freelancers from domain_events
          where type = 'job_assignment' and (payload->>'assignmentId')::int = ?`,
        [noShow.assignment.id],
      );
    expect(event).toEqual({
      restaurant_id: noShow.restaurant.id,
      freelancer_id: noShow.freelancer.id,
      all_freelancers: true,
    });

    // A second run changes nothing.
    expect(await releaseNoShows(em(), at)).toBe(0);
    expect(await em().count(Strike, { freelancer: noShow.freelancer.id })).toBe(1);

    // Later in the day, with less than 2 h left, the 09:00 shift is released and its vacancy cancelled.
    const evening = new Date(END.getTime() - HOUR);
    expect(await releaseNoShows(em(), evening)).toBe(1);
    expect((await read(later.assignment.id)).job.$.status).toBe('cancelled');
  });

  it('closes at the scheduled end, paid by worked time, a check-out forgotten for 24 h; once', async () => {
    const checkInAt = new Date(START.getTime() + 30 * MINUTE); // late: paid from 08:30
    const forgotten = await allocated({ status: 'in_progress', checkInAt });
    const asked = await allocated({
      status: 'in_progress',
      checkInAt: START,
      checkoutRequestedAt: new Date(END.getTime() - 2 * HOUR),
    });
    const closeAt = new Date(END.getTime() + 24 * HOUR);

    expect(await closeForgottenCheckOuts(em(), new Date(closeAt.getTime() - 1))).toBe(0);
    // These two, and the checked-in shift of the test above.
    expect(await closeForgottenCheckOuts(em(), closeAt)).toBe(3);

    const closed = await read(forgotten.assignment.id);
    const pay = shiftPay({
      fullChargeCents: 20_000,
      shift: SHIFT,
      checkInAt,
      checkOutAt: END,
      payBasis: 'worked',
    });
    expect(closed).toMatchObject({
      status: 'completed',
      checkOutAt: END,
      checkOutMethod: 'scheduled_end',
      payBasis: 'worked',
      paidMinutes: 450,
      restaurantChargeCents: pay.chargeCents,
      freelancerPayoutCents: pay.payoutCents,
      completedAt: closeAt,
    });
    expect(closed.job.$.status).toBe('completed');
    // The freelancer's own check-out request, earlier than the end, is the check-out.
    expect(await read(asked.assignment.id)).toMatchObject({
      checkOutAt: new Date(END.getTime() - 2 * HOUR),
      paidMinutes: 360,
    });

    expect(await closeForgottenCheckOuts(em(), closeAt)).toBe(0);
  });
});
