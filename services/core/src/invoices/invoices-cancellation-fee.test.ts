import { MESSAGES } from '@turno/domain';
import { insertFreelancer, insertJob, insertRestaurant } from '../testing';
import { createTestDatabase, type TestDatabase } from '../testing';
import { Assignment } from '../model';
import { asRestaurant } from '../shared/test-kit';
import { cancelByRestaurant } from '../reliability/release.service';
import { completedShift, resetBillingData, sp } from './invoices-test-data';
import { billableAmountCents, billableAssignment } from './invoices-billing';
import {
  SYSTEM_ACTOR,
  generateWeeklyInvoices,
  listInvoiceLines,
  listInvoiceServices,
} from './invoices.service';

let db: TestDatabase;
const em = () => db.orm.em.fork();

/** Billing week 47 of 2026: Monday 16/11 to Sunday 22/11, closed Monday 23/11 01:00. */
const CLOSE_W47 = sp('2026-11-23', '01:00');
const CLOSE_W48 = sp('2026-11-30', '01:00');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await resetBillingData(em());
});

/** An 8 h shift (08:00–16:00, R$ 200,00) on `date`, allocated to `freelancerId`. */
async function allocatedShift(
  restaurant: Awaited<ReturnType<typeof insertRestaurant>>,
  freelancerId: number,
  date: string,
) {
  const fork = em();
  const job = await insertJob(fork, restaurant, {
    dateNeeded: date,
    startTime: '08:00',
    endTime: '16:00',
    workloadMinutes: 480,
    chargeCents: 20_000,
    status: 'assigned',
  });
  const assignment = fork.create(Assignment, { job, freelancer: freelancerId, status: 'assigned' });
  await fork.flush();
  return assignment.id;
}

interface LineRow {
  invoice_id: number;
  assignment_id: number;
  date_needed: string;
  freelancer_name: string;
  amount_cents: number;
}
const lines = () =>
  em().execute<LineRow[]>(
    `select invoice_id, assignment_id, date_needed::text as date_needed, freelancer_name, amount_cents
       from invoice_lines order by assignment_id`,
  );
const invoiceAmounts = () =>
  em().execute<{ id: number; amount_cents: number; week_start: string }[]>(
    'select id, amount_cents, week_start::text as week_start from invoices order by id',
  );

describe('billing a late cancellation by the business', () => {
  it("puts the fee on the invoice of the shift's week as its own line, once; an early cancellation costs nothing", async () => {
    const restaurant = await insertRestaurant(em());
    const freelancer = await insertFreelancer(em(), { name: 'Bruna Lima' });
    const business = asRestaurant(restaurant);
    const worked = await completedShift(em(), restaurant, freelancer, { date: '2026-11-17' });

    // Late (2 h before the start, Wednesday 18/11): 4 h of the 8 h shift = R$ 100,00.
    const late = await allocatedShift(restaurant, freelancer.id, '2026-11-18');
    await cancelByRestaurant(em(), business, late, { reopen: false }, sp('2026-11-18', '06:00'));
    // Early (2 days before): nothing to bill.
    const early = await allocatedShift(restaurant, freelancer.id, '2026-11-20');
    await cancelByRestaurant(em(), business, early, { reopen: false }, sp('2026-11-18', '06:00'));
    // Late, but a shift of the next week (Monday 23/11): billed with that week.
    const nextWeek = await allocatedShift(restaurant, freelancer.id, '2026-11-23');
    await cancelByRestaurant(em(), business, nextWeek, { reopen: true }, sp('2026-11-23', '07:00'));

    // The services of the week list the fee before it is billed, as its line will read.
    const week = { startDate: '2026-11-16', endDate: '2026-11-22' };
    const services = await listInvoiceServices(em(), business, week);
    expect(
      services.map((line) => [line.assignment_id, line.freelancer_name, line.restaurant_payment_amount]),
    ).toEqual([
      [worked.assignmentId, 'Bruna Lima', worked.chargeCents / 100],
      [late, 'Cancelamento tardio — Bruna Lima', 100],
    ]);
    // The totals of the admin's "Serviços da fatura" (its BFF composes this SQL): the fee counts.
    const [totals] = await em().execute<{ services: number; unbilled: number; amount: number }[]>(
      `select count(*)::int as services, count(*) filter (where l.assignment_id is null)::int as unbilled,
              sum(coalesce(l.amount_cents, ${billableAmountCents('a')}))::int / 100.0 as amount
         from assignments a join jobs j on j.id = a.job_id left join invoice_lines l on l.assignment_id = a.id
        where ${billableAssignment('a')} and j.restaurant_id = ? and j.date_needed between ?::date and ?::date`,
      [restaurant.id, week.startDate, week.endDate],
    );
    expect({ ...totals, amount: Number(totals!.amount) }).toEqual({
      services: 2,
      unbilled: 2,
      amount: worked.chargeCents / 100 + 100,
    });

    const result = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(result).toMatchObject({ invoicesGenerated: 1, completedAssignments: 2 });
    expect(await lines()).toEqual([
      expect.objectContaining({ assignment_id: worked.assignmentId, amount_cents: worked.chargeCents }),
      {
        invoice_id: result.invoiceIds[0],
        assignment_id: late,
        date_needed: '2026-11-18',
        freelancer_name: MESSAGES.shiftRelease.invoiceLineName('Bruna Lima'),
        amount_cents: 10_000,
      },
    ]);
    expect(await invoiceAmounts()).toEqual([
      { id: result.invoiceIds[0], amount_cents: worked.chargeCents + 10_000, week_start: '2026-11-16' },
    ]);
    const detail = await listInvoiceLines(em(), business, result.invoiceIds[0]!);
    expect(detail.map((line) => [line.freelancer_name, line.restaurant_payment_amount])).toEqual([
      ['Bruna Lima', worked.chargeCents / 100],
      ['Cancelamento tardio — Bruna Lima', 100],
    ]);

    // A re-run bills nothing twice.
    const again = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, sp('2026-11-23', '01:05'));
    expect(again).toMatchObject({ completedAssignments: 0, alreadyBilledAssignments: 2 });
    expect(await lines()).toHaveLength(2);

    // The next week's run bills the next week's fee, on its own invoice.
    const following = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W48);
    expect(following).toMatchObject({ invoicesGenerated: 1, completedAssignments: 1 });
    expect((await lines()).map((line) => [line.assignment_id, line.amount_cents])).toEqual([
      [worked.assignmentId, worked.chargeCents],
      [late, 10_000],
      [nextWeek, 10_000],
    ]);
    expect((await invoiceAmounts()).map((invoice) => [invoice.week_start, invoice.amount_cents])).toEqual([
      ['2026-11-16', worked.chargeCents + 10_000],
      ['2026-11-23', 10_000],
    ]);
  });
});
