import { billingWeek } from '@turno/domain';
import { seedDemoDataOnce } from '../seeders/seed-once';
import { insertFreelancer, insertRestaurant } from '../testing';
import { createTestDatabase, type TestDatabase } from '../testing';
import { Freelancer, Restaurant } from '../model';
import type { Actor } from '../shared/actor';
import { completedShift, resetBillingData, scheduledJob, sp } from './invoices-test-data';
import {
  SYSTEM_ACTOR,
  closeBillingCycle,
  deleteInvoice,
  generateCustomInvoices,
  generateWeeklyInvoices,
  listInvoiceLines,
  listInvoiceServices,
  markInvoicePaid,
  markOverdueInvoices,
} from './invoices.service';
import { OWNER_MEMBERSHIP } from '../shared/actor';

let db: TestDatabase;
const em = () => db.orm.em.fork();
const admin: Actor = { role: 'admin', adminId: 1 };
const restaurantActor = (restaurantId: number): Actor => ({
  role: 'restaurant',
  restaurantId,
  userId: 0,
  member: OWNER_MEMBERSHIP,
});
const freelancerActor: Actor = { role: 'freelancer', freelancerId: 1, userId: 0 };

/** Billing week 47 of 2026: Monday 16/11 to Sunday 22/11; issued Wednesday 25/11, due 02/12. */
const CLOSE_W47 = sp('2026-11-23', '01:00');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await resetBillingData(em());
});

interface InvoiceRow {
  id: number;
  invoice_number: string;
  invoice_type: string;
  restaurant_id: number;
  description: string;
  amount_cents: number;
  status: string;
  issue_date: string;
  due_date: string;
  payment_date: string | null;
  week_start: string;
  week_end: string;
  updated_at: string;
}

async function invoices(): Promise<InvoiceRow[]> {
  return em().execute<InvoiceRow[]>(
    `select id, invoice_number, invoice_type, restaurant_id, description, amount_cents, status,
            issue_date::text as issue_date, due_date::text as due_date, payment_date::text as payment_date,
            week_start::text as week_start, week_end::text as week_end, updated_at
       from invoices order by id`,
  );
}

async function lines(): Promise<{ invoice_id: number; assignment_id: number; amount_cents: number }[]> {
  return em().execute(
    'select invoice_id, assignment_id, amount_cents from invoice_lines order by assignment_id',
  );
}

/** How many lines each completed assignment has: the invariant says exactly 1 once billed. */
async function timesBilled(): Promise<number[]> {
  const rows = await em().execute<{ times: number }[]>(
    `select count(l.assignment_id)::int as times from assignments a left join invoice_lines l on l.assignment_id = a.id
      where a.status = 'completed' group by a.id order by a.id`,
  );
  return rows.map((row) => row.times);
}

/** Invoices whose amount is not the sum of their lines, or that have no line. */
async function inconsistentInvoices(): Promise<number[]> {
  const rows = await em().execute<{ id: number }[]>(
    `select i.id from invoices i left join invoice_lines l on l.invoice_id = i.id
      group by i.id having count(l.assignment_id) = 0 or i.amount_cents <> sum(l.amount_cents)`,
  );
  return rows.map((row) => row.id);
}

async function people(count = 2): Promise<{ restaurants: Restaurant[]; freelancer: Freelancer }> {
  const e = em();
  const restaurants: Restaurant[] = [];
  for (let index = 0; index < count; index += 1) {
    restaurants.push(
      await insertRestaurant(e, { businessName: `Mercado ${String.fromCharCode(65 + index)}` }),
    );
  }
  return { restaurants, freelancer: await insertFreelancer(e, { name: 'Ana Souza' }) };
}

describe('weekly generation', () => {
  it('bills each completed assignment of the week once: one invoice per restaurant, one line per assignment', async () => {
    const e = em();
    const {
      restaurants: [a, b, c],
      freelancer,
    } = await people(3);
    const a1 = await completedShift(e, a!, freelancer, { date: '2026-11-16', start: '08:00', hours: 6 }); // 149
    const a2 = await completedShift(e, a!, freelancer, { date: '2026-11-18', start: '18:00', hours: 6 }); // ends 00:00: 179
    const a3 = await completedShift(e, a!, freelancer, { date: '2026-11-22', start: '08:00', hours: 10 }); // 189
    const b1 = await completedShift(e, b!, freelancer, { date: '2026-11-21', start: '08:00', hours: 11.5 }); // 199
    await scheduledJob(e, a!, { date: '2026-11-19', status: 'assigned', freelancer });
    await scheduledJob(e, c!, { date: '2026-11-19', status: 'open' });
    await completedShift(e, a!, freelancer, { date: '2026-11-15' }); // the week before
    await completedShift(e, a!, freelancer, { date: '2026-11-23' }); // the week after

    const result = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);

    expect(result).toEqual({
      success: true,
      weekProcessed: '16/11/2026 a 22/11/2026',
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      issueDate: '2026-11-25',
      dueDate: '2026-12-02',
      invoicesGenerated: 2,
      invoicesUpdated: 0,
      completedAssignments: 4,
      alreadyBilledAssignments: 0,
      amountBilled: 716,
      invoiceIds: [1, 2],
      message: '2 faturas geradas com 4 serviços faturados.',
    });
    const common = {
      invoice_type: 'restaurant_weekly_invoice',
      description: 'Serviços de 16/11/2026 a 22/11/2026',
      status: 'pending',
      issue_date: '2026-11-25',
      due_date: '2026-12-02',
      payment_date: null,
      week_start: '2026-11-16',
      week_end: '2026-11-22',
    };
    expect(await invoices()).toEqual([
      {
        ...common,
        id: 1,
        invoice_number: 'TUR-2026-W47-0001',
        restaurant_id: a!.id,
        amount_cents: 51_700,
        updated_at: expect.any(String),
      },
      {
        ...common,
        id: 2,
        invoice_number: 'TUR-2026-W47-0002',
        restaurant_id: b!.id,
        amount_cents: 19_900,
        updated_at: expect.any(String),
      },
    ]);
    expect(await lines()).toEqual([
      { invoice_id: 1, assignment_id: a1.assignmentId, amount_cents: 14_900 },
      { invoice_id: 1, assignment_id: a2.assignmentId, amount_cents: 17_900 },
      { invoice_id: 1, assignment_id: a3.assignmentId, amount_cents: 18_900 },
      { invoice_id: 2, assignment_id: b1.assignmentId, amount_cents: 19_900 },
    ]);
    // The week before and the week after stay unbilled.
    expect(await timesBilled()).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('puts work dated Sunday in its week and work dated Monday 00:00 in the next, whenever it was completed', async () => {
    const e = em();
    const {
      restaurants: [a],
      freelancer,
    } = await people(1);
    // Ends Sunday 23:59 SP (night price); completed at that minute.
    const sunday = await completedShift(e, a!, freelancer, {
      date: '2026-11-22',
      start: '17:59',
      hours: 6,
      completedAt: sp('2026-11-22', '23:59'),
    });
    // Starts Monday 00:00 SP.
    const monday = await completedShift(e, a!, freelancer, {
      date: '2026-11-23',
      start: '00:00',
      hours: 6,
      completedAt: sp('2026-11-23', '06:00'),
    });
    // Sunday-night shift: ends and is approved on Monday, but it is Sunday's work.
    const overnight = await completedShift(e, a!, freelancer, {
      date: '2026-11-22',
      start: '22:00',
      hours: 6,
      completedAt: sp('2026-11-23', '04:05'),
    });
    expect(billingWeek(sp('2026-11-22', '23:59')).weekStart).toBe('2026-11-16');
    expect(billingWeek(sp('2026-11-23', '00:00')).weekStart).toBe('2026-11-23');

    const now = sp('2026-11-23', '12:00');
    const lastWeek = await generateWeeklyInvoices(em(), admin, { weekOffset: -1 }, now);
    const thisWeek = await generateWeeklyInvoices(em(), admin, { weekOffset: 0 }, now);

    expect([lastWeek.weekStart, lastWeek.completedAssignments, lastWeek.amountBilled]).toEqual([
      '2026-11-16',
      2,
      358,
    ]);
    expect([
      thisWeek.weekStart,
      thisWeek.issueDate,
      thisWeek.completedAssignments,
      thisWeek.amountBilled,
    ]).toEqual(['2026-11-23', '2026-12-02', 1, 179]);
    expect((await invoices()).map((invoice) => [invoice.invoice_number, invoice.week_start])).toEqual([
      ['TUR-2026-W47-0001', '2026-11-16'],
      ['TUR-2026-W48-0001', '2026-11-23'],
    ]);
    expect((await lines()).map((line) => [line.assignment_id, line.invoice_id])).toEqual([
      [sunday.assignmentId, 1],
      [monday.assignmentId, 2],
      [overnight.assignmentId, 1],
    ]);
  });

  it('run twice bills nothing the second time and leaves a paid invoice untouched, also when late work arrives', async () => {
    const e = em();
    const {
      restaurants: [a, b],
      freelancer,
    } = await people(2);
    await completedShift(e, a!, freelancer, { date: '2026-11-16' });
    await completedShift(e, a!, freelancer, { date: '2026-11-17', hours: 10 });
    await completedShift(e, b!, freelancer, { date: '2026-11-18', hours: 11.5 });

    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    await markInvoicePaid(em(), admin, 1, sp('2026-11-24', '10:00'));
    const invoicesBefore = await invoices();
    const linesBefore = await lines();
    expect(
      invoicesBefore.map((invoice) => [invoice.invoice_number, invoice.status, invoice.amount_cents]),
    ).toEqual([
      ['TUR-2026-W47-0001', 'paid', 33_800],
      ['TUR-2026-W47-0002', 'pending', 19_900],
    ]);

    const again = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, sp('2026-11-23', '01:05'));
    expect(again).toMatchObject({
      invoicesGenerated: 0,
      invoicesUpdated: 0,
      completedAssignments: 0,
      alreadyBilledAssignments: 3,
      amountBilled: 0,
      invoiceIds: [],
      message: 'Nenhum serviço concluído a faturar no período.',
    });
    expect(await invoices()).toEqual(invoicesBefore);
    expect(await lines()).toEqual(linesBefore);

    // Late work of the same week: A's invoice is paid (never changed) → a new one; B's is pending → extended.
    const lateA = await completedShift(e, a!, freelancer, { date: '2026-11-20' });
    const lateB = await completedShift(e, b!, freelancer, { date: '2026-11-20' });
    const late = await generateWeeklyInvoices(
      em(),
      admin,
      {
        weekOffset: -1,
      },
      sp('2026-11-24', '09:00'),
    );
    expect(late).toMatchObject({
      invoicesGenerated: 1,
      invoicesUpdated: 1,
      completedAssignments: 2,
      alreadyBilledAssignments: 3,
      amountBilled: 298,
    });

    const after = await invoices();
    expect(after[0]).toEqual(invoicesBefore[0]);
    expect(
      after.map((invoice) => [
        invoice.id,
        invoice.invoice_number,
        invoice.restaurant_id,
        invoice.status,
        invoice.amount_cents,
      ]),
    ).toEqual([
      [1, 'TUR-2026-W47-0001', a!.id, 'paid', 33_800],
      [2, 'TUR-2026-W47-0002', b!.id, 'pending', 34_800],
      [3, 'TUR-2026-W47-0003', a!.id, 'pending', 14_900],
    ]);
    expect(
      (await lines()).filter((line) => [lateA.assignmentId, lateB.assignmentId].includes(line.assignment_id)),
    ).toEqual([
      { invoice_id: 3, assignment_id: lateA.assignmentId, amount_cents: 14_900 },
      { invoice_id: 2, assignment_id: lateB.assignmentId, amount_cents: 14_900 },
    ]);
    expect(await timesBilled()).toEqual([1, 1, 1, 1, 1]);
    expect(await inconsistentInvoices()).toEqual([]);
  });

  it('does not extend a pending invoice that gets paid while the run waits for it', async () => {
    const e = em();
    const {
      restaurants: [a],
      freelancer,
    } = await people(1);
    await completedShift(e, a!, freelancer, { date: '2026-11-16' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    await completedShift(e, a!, freelancer, { date: '2026-11-20', hours: 10 });

    // Someone marks invoice 1 paid in a transaction that is still open when the run reaches it.
    const payer = em();
    await payer.begin();
    await payer.execute(`update invoices set status = 'paid', payment_date = '2026-11-24' where id = 1`);
    const run = generateWeeklyInvoices(em(), admin, { weekOffset: -1 }, sp('2026-11-24', '10:00'));
    const waiting = async () =>
      (
        await em().execute<{ n: number }[]>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n > 0;
    for (let tries = 0; !(await waiting()); tries += 1) {
      if (tries > 200) throw new Error('the run never waited for the invoice');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await payer.commit();

    await expect(run).resolves.toMatchObject({
      invoicesGenerated: 1,
      invoicesUpdated: 0,
      completedAssignments: 1,
    });
    expect(
      (await invoices()).map((invoice) => [invoice.invoice_number, invoice.status, invoice.amount_cents]),
    ).toEqual([
      ['TUR-2026-W47-0001', 'paid', 14_900],
      ['TUR-2026-W47-0002', 'pending', 18_900],
    ]);
    expect(await inconsistentInvoices()).toEqual([]);
  });

  it('killed after some restaurants and run again: the retry bills the rest, each assignment once', async () => {
    const e = em();
    const { restaurants, freelancer } = await people(7);
    for (const restaurant of restaurants) {
      await completedShift(e, restaurant, freelancer, { date: '2026-11-16' }); // 149
      await completedShift(e, restaurant, freelancer, { date: '2026-11-17', hours: 10 }); // 189
    }

    const killed = generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47, {
      batchSize: 2,
      concurrency: 1, // batches in id order: the third has not started when the second stops the run
      afterBatchCommit: ({ batch }) => {
        if (batch === 2) throw new Error('worker killed');
      },
    });
    await expect(killed).rejects.toThrow('worker killed');
    expect((await invoices()).length).toBe(4);
    expect((await lines()).length).toBe(8);

    const retry = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47, {
      batchSize: 2,
      concurrency: 1,
    });
    expect(retry).toMatchObject({
      invoicesGenerated: 3,
      completedAssignments: 6,
      alreadyBilledAssignments: 8,
      amountBilled: 1014,
    });

    const all = await invoices();
    expect(all.map((invoice) => invoice.invoice_number)).toEqual(
      ['0001', '0002', '0003', '0004', '0005', '0006', '0007'].map((n) => `TUR-2026-W47-${n}`),
    );
    expect(all.map((invoice) => invoice.restaurant_id)).toEqual(
      restaurants.map((restaurant) => restaurant.id),
    );
    expect(all.every((invoice) => invoice.amount_cents === 33_800)).toBe(true);
    expect(await timesBilled()).toEqual(Array(14).fill(1));
    expect(await inconsistentInvoices()).toEqual([]);
  });

  it('a crash inside a batch rolls the whole batch back, numbers included', async () => {
    const e = em();
    const { restaurants, freelancer } = await people(3);
    for (const restaurant of restaurants)
      await completedShift(e, restaurant, freelancer, { date: '2026-11-19' });

    const crashed = generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47, {
      batchSize: 2,
      concurrency: 1,
      beforeBatchCommit: ({ batch, invoicesGenerated, completedAssignments }) => {
        expect([invoicesGenerated, completedAssignments]).toEqual([2, 2]);
        if (batch === 1) throw new Error('connection lost');
      },
    });
    await expect(crashed).rejects.toThrow('connection lost');
    expect(await invoices()).toEqual([]);
    expect(await lines()).toEqual([]);
    expect(await em().execute('select * from invoice_number_sequences')).toEqual([]);

    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect((await invoices()).map((invoice) => invoice.invoice_number)).toEqual([
      'TUR-2026-W47-0001',
      'TUR-2026-W47-0002',
      'TUR-2026-W47-0003',
    ]);
  });

  it('concurrent runs (two weekly, one custom) bill each assignment once, with unique numbers and no empty invoice', async () => {
    const e = em();
    const { restaurants, freelancer } = await people(10);
    for (const restaurant of restaurants) {
      await completedShift(e, restaurant, freelancer, { date: '2026-11-16' });
      await completedShift(e, restaurant, freelancer, { date: '2026-11-18', start: '18:00' });
      await completedShift(e, restaurant, freelancer, { date: '2026-11-22', hours: 10.5 });
    }
    const results = await Promise.all([
      generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47, { batchSize: 1 }),
      generateWeeklyInvoices(em(), admin, { weekOffset: -1 }, CLOSE_W47, { batchSize: 3 }),
      generateCustomInvoices(em(), admin, { startDate: '2026-11-16', endDate: '2026-11-22' }, CLOSE_W47, {
        batchSize: 2,
      }),
    ]);
    expect(results.reduce((sum, result) => sum + result.completedAssignments, 0)).toBe(30);
    expect(results.reduce((sum, result) => sum + result.amountBilled * 100, 0)).toBeCloseTo(
      10 * (14_900 + 17_900 + 18_990),
      6,
    );
    expect(await timesBilled()).toEqual(Array(30).fill(1));
    expect(await inconsistentInvoices()).toEqual([]);
    const numbers = (await invoices()).map((invoice) => invoice.invoice_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    // Each restaurant's week is billed whole by whichever run locked it first: one invoice each.
    const restaurantsBilled = (await invoices())
      .map((invoice) => invoice.restaurant_id)
      .sort((x, y) => x - y);
    expect(restaurantsBilled).toEqual(restaurants.map((restaurant) => restaurant.id));
  });

  it('accepts the offsets 0, -1, -2, -3 from an admin and refuses others; only admins and the system generate', async () => {
    const now = sp('2026-11-25', '10:00');
    const weeks = [];
    for (const weekOffset of [0, -1, -2, -3])
      weeks.push((await generateWeeklyInvoices(em(), admin, { weekOffset }, now)).weekStart);
    expect(weeks).toEqual(['2026-11-23', '2026-11-16', '2026-11-09', '2026-11-02']);
    for (const weekOffset of [1, -4, 0.5]) {
      await expect(generateWeeklyInvoices(em(), admin, { weekOffset }, now)).rejects.toMatchObject({
        status: 400,
        message: 'Semana inválida para geração de faturas.',
      });
    }
    await expect(generateWeeklyInvoices(em(), SYSTEM_ACTOR, { weekOffset: -10 }, now)).resolves.toMatchObject(
      {
        weekStart: '2026-09-14',
      },
    );
    await expect(generateWeeklyInvoices(em(), restaurantActor(1), {}, now)).rejects.toMatchObject({
      status: 403,
      message: 'Apenas administradores podem gerar, alterar ou excluir faturas.',
    });
  });
});

describe('cycle close (the Monday job)', () => {
  it('bills the week just ended, and next Monday the late Sunday-night shift into that week', async () => {
    const e = em();
    const {
      restaurants: [a, b],
      freelancer,
    } = await people(2);
    await completedShift(e, a!, freelancer, { date: '2026-11-20' });
    await completedShift(e, b!, freelancer, { date: '2026-11-27' }); // next week

    const first = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(first).toMatchObject({ invoicesGenerated: 1, completedAssignments: 1, earlierWeeks: [] });
    expect(first.week.weekStart).toBe('2026-11-16');

    // Sunday 22:00–04:00: checked out after the 01:00 run.
    await completedShift(e, a!, freelancer, {
      date: '2026-11-22',
      start: '22:00',
      completedAt: sp('2026-11-23', '04:05'),
    });

    const next = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, sp('2026-11-30', '01:00'));
    expect(next.week).toMatchObject({
      weekStart: '2026-11-23',
      invoicesGenerated: 1,
      completedAssignments: 1,
    });
    expect(next.earlierWeeks).toHaveLength(1);
    expect(next.earlierWeeks[0]).toMatchObject({
      weekStart: '2026-11-16',
      invoicesGenerated: 0,
      invoicesUpdated: 1,
      completedAssignments: 1,
    });
    expect(next).toMatchObject({ invoicesGenerated: 1, invoicesUpdated: 1, completedAssignments: 2 });
    expect(
      (await invoices()).map((invoice) => [
        invoice.invoice_number,
        invoice.restaurant_id,
        invoice.amount_cents,
      ]),
    ).toEqual([
      ['TUR-2026-W47-0001', a!.id, 14_900 + 17_900],
      ['TUR-2026-W48-0001', b!.id, 14_900],
    ]);
    expect(await timesBilled()).toEqual([1, 1, 1]);

    const repeated = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, sp('2026-11-30', '01:00'));
    expect(repeated).toMatchObject({
      invoicesGenerated: 0,
      invoicesUpdated: 0,
      completedAssignments: 0,
      earlierWeeks: [],
    });
  });
});

describe('custom invoices', () => {
  it('bill the chosen restaurants for the period, then the others; never twice', async () => {
    const e = em();
    const {
      restaurants: [a, b],
      freelancer,
    } = await people(2);
    await completedShift(e, a!, freelancer, { date: '2026-11-10' }); // 149
    await completedShift(e, a!, freelancer, { date: '2026-11-18', hours: 10 }); // 189
    await completedShift(e, a!, freelancer, { date: '2026-11-25' }); // after the period
    await completedShift(e, b!, freelancer, { date: '2026-11-12', hours: 11.5 }); // 199
    const now = sp('2026-11-26', '10:00');

    const forA = await generateCustomInvoices(
      em(),
      admin,
      {
        startDate: '2026-11-10',
        endDate: '2026-11-18',
        restaurantIds: [a!.id],
      },
      now,
    );
    expect(forA).toEqual({
      success: true,
      startDate: '2026-11-10',
      endDate: '2026-11-18',
      issueDate: '2026-11-26',
      dueDate: '2026-12-03',
      invoicesGenerated: 1,
      completedAssignments: 2,
      alreadyBilledAssignments: 0,
      amountBilled: 338,
      invoiceIds: [1],
      message: '1 fatura gerada com 2 serviços faturados.',
    });
    const forAll = await generateCustomInvoices(
      em(),
      admin,
      {
        startDate: '2026-11-10',
        endDate: '2026-11-18',
        restaurantIds: [],
      },
      now,
    );
    expect(forAll).toMatchObject({
      invoicesGenerated: 1,
      completedAssignments: 1,
      alreadyBilledAssignments: 2,
      amountBilled: 199,
    });
    const again = await generateCustomInvoices(
      em(),
      admin,
      {
        startDate: '2026-11-10',
        endDate: '2026-11-18',
        restaurantIds: null,
      },
      now,
    );
    expect(again).toMatchObject({
      invoicesGenerated: 0,
      completedAssignments: 0,
      message: 'Nenhum serviço concluído a faturar no período.',
    });

    expect(await invoices()).toEqual([
      {
        id: 1,
        invoice_number: 'TUR-2026-W46-0001',
        invoice_type: 'restaurant_custom_invoice',
        restaurant_id: a!.id,
        description: 'Fatura personalizada: serviços de 10/11/2026 a 18/11/2026',
        amount_cents: 33_800,
        status: 'pending',
        issue_date: '2026-11-26',
        due_date: '2026-12-03',
        payment_date: null,
        week_start: '2026-11-10',
        week_end: '2026-11-18',
        updated_at: expect.any(String),
      },
      expect.objectContaining({
        id: 2,
        invoice_number: 'TUR-2026-W46-0002',
        restaurant_id: b!.id,
        amount_cents: 19_900,
      }),
    ]);
    // The weekly run of week 47 finds A's 18/11 already billed by the custom invoice.
    const weekly = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(weekly).toMatchObject({
      invoicesGenerated: 0,
      completedAssignments: 0,
      alreadyBilledAssignments: 1,
    });
    expect(await timesBilled()).toEqual([1, 1, 0, 1]);
  });

  it('refuse a missing or inverted period, a bad selection and a non-admin, with the pt-BR messages', async () => {
    const now = sp('2026-11-26', '10:00');
    await expect(
      generateCustomInvoices(em(), admin, { startDate: '2026-11-10', endDate: null }, now),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Por favor, selecione as datas de início e fim',
    });
    await expect(
      generateCustomInvoices(em(), admin, { startDate: '2026-11-19', endDate: '2026-11-18' }, now),
    ).rejects.toMatchObject({ status: 400, message: 'A data de início deve ser anterior à data de fim' });
    await expect(
      generateCustomInvoices(
        em(),
        admin,
        {
          startDate: '2026-11-10',
          endDate: '2026-11-18',
          restaurantIds: [0],
        },
        now,
      ),
    ).rejects.toMatchObject({ status: 400, message: 'Seleção de mercados inválida.' });
    await expect(
      generateCustomInvoices(em(), freelancerActor, { startDate: '2026-11-10', endDate: '2026-11-18' }, now),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('mark paid, mark overdue, delete', () => {
  async function twoInvoices() {
    const e = em();
    const {
      restaurants: [a, b],
      freelancer,
    } = await people(2);
    await completedShift(e, a!, freelancer, { date: '2026-11-16' });
    await completedShift(e, a!, freelancer, { date: '2026-11-17' });
    await completedShift(e, b!, freelancer, { date: '2026-11-18' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    return { a: a!, b: b! };
  }

  it('mark paid: pending → paid with the Sao Paulo date; paid again, unknown or not an admin are refused', async () => {
    await twoInvoices();
    // 23:30 in Sao Paulo is already the 26th in UTC: the payment date is the Sao Paulo one.
    await expect(markInvoicePaid(em(), admin, 1, sp('2026-11-25', '23:30'))).resolves.toEqual({
      id: 1,
      invoice_number: 'TUR-2026-W47-0001',
      status: 'paid',
      payment_date: '2026-11-25',
      message: 'Fatura marcada como paga!',
    });
    await expect(markInvoicePaid(em(), admin, 1, sp('2026-11-27', '10:00'))).rejects.toMatchObject({
      status: 409,
      message: 'Apenas faturas pendentes ou vencidas podem ser marcadas como pagas.',
    });
    await expect(markInvoicePaid(em(), admin, 999, CLOSE_W47)).rejects.toMatchObject({
      status: 404,
      message: 'Fatura não encontrada',
    });
    await expect(markInvoicePaid(em(), restaurantActor(2), 2, CLOSE_W47)).rejects.toMatchObject({
      status: 403,
    });
    expect((await invoices()).map((invoice) => [invoice.status, invoice.payment_date])).toEqual([
      ['paid', '2026-11-25'],
      ['pending', null],
    ]);
  });

  it('mark overdue: only pending invoices, from the day after the due date (Sao Paulo); an overdue one can be paid', async () => {
    await twoInvoices();
    await markInvoicePaid(em(), admin, 1, sp('2026-11-26', '09:00'));

    await expect(markOverdueInvoices(em(), SYSTEM_ACTOR, sp('2026-12-02', '23:59'))).resolves.toEqual({
      markedOverdue: 0,
      invoiceIds: [],
    });
    await expect(markOverdueInvoices(em(), SYSTEM_ACTOR, sp('2026-12-03', '00:00'))).resolves.toEqual({
      markedOverdue: 1,
      invoiceIds: [2],
    });
    await expect(markOverdueInvoices(em(), SYSTEM_ACTOR, sp('2026-12-03', '00:15'))).resolves.toEqual({
      markedOverdue: 0,
      invoiceIds: [],
    });
    expect((await invoices()).map((invoice) => invoice.status)).toEqual(['paid', 'overdue']);

    await expect(markInvoicePaid(em(), admin, 2, sp('2026-12-04', '09:00'))).resolves.toMatchObject({
      status: 'paid',
      payment_date: '2026-12-04',
    });
    await expect(markOverdueInvoices(em(), restaurantActor(1), CLOSE_W47)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('delete: the lines go and the assignments are billed again by the next run, under a new number; paid ones stay', async () => {
    const { a } = await twoInvoices();
    await expect(deleteInvoice(em(), admin, 1)).resolves.toEqual({
      id: 1,
      invoice_number: 'TUR-2026-W47-0001',
      freedAssignments: 2,
      message: 'Fatura excluída!',
    });
    expect(await timesBilled()).toEqual([0, 0, 1]);

    const rerun = await generateWeeklyInvoices(
      em(),
      admin,
      {
        weekOffset: -1,
      },
      sp('2026-11-24', '10:00'),
    );
    expect(rerun).toMatchObject({
      invoicesGenerated: 1,
      completedAssignments: 2,
      alreadyBilledAssignments: 1,
    });
    expect(
      (await invoices()).map((invoice) => [invoice.id, invoice.invoice_number, invoice.restaurant_id]),
    ).toEqual([
      [2, 'TUR-2026-W47-0002', expect.any(Number)],
      [3, 'TUR-2026-W47-0003', a.id],
    ]);
    expect(await timesBilled()).toEqual([1, 1, 1]);

    await markInvoicePaid(em(), admin, 3, sp('2026-11-26', '09:00'));
    await expect(deleteInvoice(em(), admin, 3)).rejects.toMatchObject({
      status: 409,
      message: 'Faturas pagas não podem ser alteradas nem excluídas.',
    });
    await expect(deleteInvoice(em(), admin, 1)).rejects.toMatchObject({
      status: 404,
      message: 'Fatura não encontrada',
    });
    await expect(deleteInvoice(em(), restaurantActor(a.id), 2)).rejects.toMatchObject({ status: 403 });
    expect((await invoices()).map((invoice) => invoice.id)).toEqual([2, 3]);
  });
});

describe('service lines', () => {
  it('list a restaurant’s completed services of a period, billed or not, and the lines of one invoice', async () => {
    const e = em();
    const {
      restaurants: [a, b],
      freelancer,
    } = await people(2);
    const first = await completedShift(e, a!, freelancer, { date: '2026-11-17', start: '07:00', hours: 10 });
    await completedShift(e, b!, freelancer, { date: '2026-11-17' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    const late = await completedShift(e, a!, freelancer, { date: '2026-11-16', start: '16:00', hours: 8.33 });

    const billed = {
      date_needed: '2026-11-17',
      position_type: 'Operador de Caixa',
      freelancer_name: 'Ana Souza',
      restaurant_payment_amount: 189,
      start_time: '07:00',
      end_time: '17:00',
      job_id: first.jobId,
      assignment_id: first.assignmentId,
      invoice_id: 1,
      invoice_number: 'TUR-2026-W47-0001',
      store_id: expect.any(Number),
      store_name: 'Mercado A',
    };
    const unbilled = {
      date_needed: '2026-11-16',
      position_type: 'Operador de Caixa',
      freelancer_name: 'Ana Souza',
      restaurant_payment_amount: 179,
      start_time: '16:00',
      end_time: '00:20',
      job_id: late.jobId,
      assignment_id: late.assignmentId,
      invoice_id: null,
      invoice_number: null,
      store_id: expect.any(Number),
      store_name: 'Mercado A',
    };
    const period = { startDate: '2026-11-16', endDate: '2026-11-22' };
    expect(await listInvoiceServices(em(), admin, { restaurantId: a!.id, ...period })).toEqual([
      unbilled,
      billed,
    ]);
    expect(await listInvoiceServices(em(), restaurantActor(a!.id), period)).toEqual([unbilled, billed]);
    expect(await listInvoiceLines(em(), restaurantActor(a!.id), 1)).toEqual([billed]);

    await expect(
      listInvoiceServices(em(), restaurantActor(a!.id), { restaurantId: b!.id, ...period }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(listInvoiceServices(em(), admin, period)).rejects.toMatchObject({
      status: 400,
      message: 'Nenhum mercado selecionado',
    });
    await expect(
      listInvoiceServices(em(), admin, {
        restaurantId: a!.id,
        startDate: '2026-11-22',
        endDate: '2026-11-16',
      }),
    ).rejects.toMatchObject({ status: 400, message: 'A data de início deve ser anterior à data de fim' });
    await expect(listInvoiceServices(em(), freelancerActor, period)).rejects.toMatchObject({ status: 403 });
    await expect(listInvoiceLines(em(), restaurantActor(b!.id), 1)).rejects.toMatchObject({
      status: 404,
      message: 'Fatura não encontrada',
    });
  });
});

describe('with the demo data (invoices written before the number counter existed)', () => {
  it("continues each week's numbering after the seeded invoices and leaves the paid ones alone", async () => {
    const now = sp('2026-11-25', '10:00');
    await seedDemoDataOnce({ orm: db.orm, now, env: {} });
    const e = em();
    const bomPreco = await e.findOneOrFail(Restaurant, { businessName: 'Supermercado Bom Preço' });
    const hortifruti = await e.findOneOrFail(Restaurant, { businessName: 'Hortifruti Vila Madalena' });
    const ana = await e.findOneOrFail(Freelancer, { name: 'Ana Souza' });
    const seeded = await invoices();
    const week47 = (rows: InvoiceRow[]) =>
      rows
        .filter((invoice) => invoice.week_start === '2026-11-16')
        .map((invoice) => [
          invoice.invoice_number,
          invoice.restaurant_id,
          invoice.status,
          invoice.amount_cents,
        ]);
    expect(week47(seeded)).toEqual([
      ['TUR-2026-W47-0001', bomPreco.id, 'pending', 66_600],
      ['TUR-2026-W47-0002', hortifruti.id, 'paid', 33_800],
      ['TUR-2026-W47-0003', expect.any(Number), 'pending', 14_900],
    ]);

    // The seed billed every ended week: the cycle close finds nothing.
    await expect(closeBillingCycle(em(), SYSTEM_ACTOR, {}, now)).resolves.toMatchObject({
      invoicesGenerated: 0,
      completedAssignments: 0,
      earlierWeeks: [],
    });
    await completedShift(e, hortifruti, ana, { date: '2026-11-21' });
    await completedShift(e, bomPreco, ana, { date: '2026-11-21', hours: 10 });
    await expect(generateWeeklyInvoices(em(), admin, { weekOffset: -1 }, now)).resolves.toMatchObject({
      invoicesGenerated: 1,
      invoicesUpdated: 1,
      completedAssignments: 2,
    });
    expect(week47(await invoices())).toEqual([
      ['TUR-2026-W47-0001', bomPreco.id, 'pending', 66_600 + 18_900],
      ['TUR-2026-W47-0002', hortifruti.id, 'paid', 33_800],
      ['TUR-2026-W47-0003', expect.any(Number), 'pending', 14_900],
      ['TUR-2026-W47-0004', hortifruti.id, 'pending', 14_900],
    ]);
    const paidBefore = seeded.filter((invoice) => invoice.status === 'paid');
    expect((await invoices()).filter((invoice) => invoice.status === 'paid')).toEqual(paidBefore);
    expect(await inconsistentInvoices()).toEqual([]);
  });
});

describe('weekly generation in parallel batches', () => {
  it('bills every assignment once with three lanes of one-restaurant batches; numbers unique and consecutive', async () => {
    const e = em();
    const { restaurants, freelancer } = await people(9);
    for (const restaurant of restaurants) {
      await completedShift(e, restaurant, freelancer, { date: '2026-11-16' });
      await completedShift(e, restaurant, freelancer, { date: '2026-11-20', hours: 10 });
    }
    const processed: number[] = [];
    const result = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47, {
      batchSize: 1,
      concurrency: 3,
      afterBatchCommit: ({ restaurantsProcessed }) => {
        processed.push(restaurantsProcessed);
      },
    });
    expect(result).toMatchObject({
      invoicesGenerated: 9,
      completedAssignments: 18,
      alreadyBilledAssignments: 0,
    });
    // Progress only grows, whatever order the lanes commit in.
    expect(processed).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await timesBilled()).toEqual(Array(18).fill(1));
    expect(await inconsistentInvoices()).toEqual([]);
    const numbers = (await invoices()).map((invoice) => invoice.invoice_number).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `TUR-2026-W47-000${n}`));
  });
});
