import { Assignment, InvoiceAdjustment } from '../model';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import type { Actor } from '../shared/actor';
import { answerTimesheet, decideTimesheet, proposeTimesheet } from '../timesheets/timesheets.service';
import { completedShift, resetBillingData, sp } from './invoices-test-data';
import {
  ADJUSTMENT_LINE_PREFIX,
  SYSTEM_ACTOR,
  generateWeeklyInvoices,
  listInvoiceLines,
} from './invoices.service';
import { OWNER_MEMBERSHIP } from '../shared/actor';

let db: TestDatabase;
const em = () => db.orm.em.fork();
const admin: Actor = { role: 'admin', adminId: 1 };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await resetBillingData(em());
});

/** Billing weeks 47 (16–22/11/2026) and 48 (23–29/11), closed on the Monday after at 01:00. */
const CLOSE_W47 = sp('2026-11-23', '01:00');
const CLOSE_W48 = sp('2026-11-30', '01:00');

describe('a timesheet settled after its shift was invoiced', () => {
  it('never edits the issued invoice: the difference is a line of the next invoice', async () => {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertFreelancer(em(), { name: 'Davi Rocha' });
    const business: Actor = {
      role: 'restaurant',
      restaurantId: restaurant.id,
      userId: 1,
      member: OWNER_MEMBERSHIP,
    };
    const worker: Actor = { role: 'freelancer', freelancerId: freelancer.id, userId: 2 };
    // Wednesday 18/11, 08:00–14:00, R$ 149,00, recorded as worked in full.
    const first = await completedShift(em(), restaurant, freelancer, { date: '2026-11-18' });
    const fork = em();
    const recorded = await fork.findOneOrFail(Assignment, { id: first.assignmentId });
    recorded.checkInAt = sp('2026-11-18', '08:00');
    recorded.checkOutAt = sp('2026-11-18', '14:00');
    await fork.flush();

    // The business says the freelancer left at 11:00; the freelancer disputes it.
    const { proposalId } = await proposeTimesheet(
      em(),
      business,
      first.assignmentId,
      { checkInAt: sp('2026-11-18', '08:00'), checkOutAt: sp('2026-11-18', '11:00'), reason: 'Saiu às 11h' },
      sp('2026-11-19', '09:00'),
    );
    await answerTimesheet(
      em(),
      worker,
      proposalId,
      { accept: false, disputeReason: 'Fiquei até as 14h' },
      sp('2026-11-19', '10:00'),
    );

    // Week 47 is invoiced with the full amount while the dispute waits.
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    const [w47] = await em().execute<{ id: number; amount_cents: number }[]>(
      'select id, amount_cents from invoices',
    );
    expect(w47!.amount_cents).toBe(14_900);

    // The admin decides on Tuesday 24/11: paid by the worked time (3 h of 6 h).
    await decideTimesheet(
      em(),
      admin,
      proposalId,
      { decision: 'partial', note: 'Saída às 11h confirmada' },
      sp('2026-11-24', '10:00'),
    );
    expect(
      (
        await em().execute<{ amount_cents: number }[]>('select amount_cents from invoices where id = ?', [
          w47!.id,
        ])
      )[0]!.amount_cents,
    ).toBe(14_900);
    expect(await em().count(InvoiceAdjustment, { invoice: null })).toBe(1);

    // Week 48's invoice carries the new shift and the credit, as a line of its own.
    await completedShift(em(), restaurant, freelancer, { date: '2026-11-25' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W48);
    const [w48] = await em().execute<{ id: number; amount_cents: number }[]>(
      'select id, amount_cents from invoices where id <> ?',
      [w47!.id],
    );
    expect(w48!.amount_cents).toBe(14_900 - 7_450);
    const lines = await listInvoiceLines(em(), admin, w48!.id);
    expect(
      lines.map((line) => [line.date_needed, line.freelancer_name, line.restaurant_payment_amount]),
    ).toEqual([
      ['2026-11-18', `${ADJUSTMENT_LINE_PREFIX}Davi Rocha`, -74.5],
      ['2026-11-25', 'Davi Rocha', 149],
    ]);
    // Billed once: a re-run changes nothing.
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W48);
    expect(
      (
        await em().execute<{ amount_cents: number }[]>('select amount_cents from invoices where id = ?', [
          w48!.id,
        ])
      )[0]!.amount_cents,
    ).toBe(7_450);
    expect(await em().count(InvoiceAdjustment, { invoice: null })).toBe(0);
  });
});
