import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { InvoiceGenerationRunSchema, type InvoiceGenerationRun } from '@turno/contracts';
import { MESSAGES, billingWeek, addDays } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createQueues, startWorkers, type Queues } from '@turno/workers';
import { createAdminBillingBff } from '../app';

const prefix = `turno-test-${randomBytes(4).toString('hex')}`;
process.env.QUEUE_PREFIX = prefix;

// A run goes through Redis and the worker: on a loaded machine that can pass Jest's 5 s default.
jest.setTimeout(120_000);

let bff: TestBff;
let roles: WalkRoles;
let connection: Redis;
let queues: Queues;
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
  connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  queues = createQueues({ connection, prefix });
});
afterAll(async () => {
  await Promise.all(Object.values(queues).map((queue) => queue.obliterate({ force: true })));
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
  await connection.quit();
  await bff.close();
});

const run = (body: unknown) => InvoiceGenerationRunSchema.parse(body);

async function finished(runId: string, cookie: string): Promise<InvoiceGenerationRun> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await bff.request(`/api/admin/invoice-generation-runs/${runId}`, { cookie });
    expect(response.status).toBe(200);
    const current = run(response.body);
    if (current.state === 'completed' || current.state === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`run ${runId} did not finish`);
}

async function unbilledOfWeek(weekStart: string) {
  const [row] = await bff.db.orm.em
    .fork()
    .getConnection()
    .execute<{ assignments: number; restaurants: number }[]>(
      `select count(*)::int as assignments, count(distinct j.restaurant_id)::int as restaurants
         from assignments a join jobs j on j.id = a.job_id
        where a.status = 'completed' and j.date_needed between ?::date and ?::date
          and not exists (select 1 from invoice_lines l where l.assignment_id = a.id)`,
      [weekStart, addDays(weekStart, 6)],
    );
  return row!;
}

describe('invoice generation runs (invoices queue)', () => {
  it('two admins asking for the same week get one run; the worker bills it with progress; a repeat bills nothing', async () => {
    const week = billingWeek(new Date(), -2);
    const em = bff.db.orm.em.fork();
    const freelancer = await insertFreelancer(em);
    for (let n = 0; n < 3; n++) {
      const restaurant = await insertRestaurant(em);
      const job = await insertJob(em, restaurant, {
        dateNeeded: addDays(week.weekStart, n),
        status: 'completed',
      });
      await insertCompletedAssignment(em, job, freelancer);
    }
    const toBill = await unbilledOfWeek(week.weekStart);
    expect(toBill.restaurants).toBeGreaterThanOrEqual(3);

    const otherAdmin = (await walkRoles(bff.db.orm.em)).admin;
    const cookies = [await bff.sessionCookie(roles.admin), await bff.sessionCookie(otherAdmin)];
    const [first, second] = await Promise.all(
      cookies.map((cookie) =>
        bff.request('/api/admin/invoices/generate-weekly', {
          cookie,
          json: { weekOffset: -2, timezone: 'America/Sao_Paulo' },
        }),
      ),
    );
    expect([first!.status, second!.status]).toEqual([202, 202]);
    const [a, b] = [run(first!.body), run(second!.body)];
    expect(a.runId).toBe(`weekly-${week.weekStart}`);
    expect(b.runId).toBe(a.runId);
    expect(a).toMatchObject({ kind: 'weekly', state: 'waiting', result: null, error: null });
    expect(await queues.invoices.getJobCounts('waiting')).toEqual({ waiting: 1 });

    const workers = startWorkers({ orm: bff.db.orm, connection, prefix, logger: silent });
    try {
      const done = await finished(a.runId, cookies[1]!);
      expect(done).toMatchObject({
        kind: 'weekly',
        state: 'completed',
        progress: { processed: toBill.restaurants, total: toBill.restaurants },
        error: null,
        result: {
          success: true,
          weekStart: week.weekStart,
          weekProcessed: `${week.weekStart.split('-').reverse().join('/')} a ${week.weekEnd.split('-').reverse().join('/')}`,
          completedAssignments: toBill.assignments,
        },
      });
      if (done.kind !== 'weekly') throw new Error('a weekly run was expected');
      expect(done.result!.invoicesGenerated + done.result!.invoicesUpdated).toBe(toBill.restaurants);
      expect(await unbilledOfWeek(week.weekStart)).toEqual({ assignments: 0, restaurants: 0 });

      // The same button later: a new run of the same week, which finds nothing left to bill.
      const again = run(
        (
          await bff.request('/api/admin/invoices/generate-weekly', {
            cookie: cookies[0],
            json: { weekOffset: -2 },
          })
        ).body,
      );
      expect(again.runId).toBe(a.runId);
      const repeat = await finished(again.runId, cookies[0]!);
      expect(repeat.result).toMatchObject({
        invoicesGenerated: 0,
        completedAssignments: 0,
        message: MESSAGES.invoices.nothingToBill,
      });
      expect(Date.parse(repeat.requestedAt)).toBeGreaterThanOrEqual(Date.parse(done.requestedAt));
    } finally {
      await workers.close();
    }
  });

  it('runs a custom generation for the chosen businesses only', async () => {
    const em = bff.db.orm.em.fork();
    const freelancer = await insertFreelancer(em);
    const [chosen, other] = [await insertRestaurant(em), await insertRestaurant(em)];
    for (const restaurant of [chosen, other]) {
      const job = await insertJob(em, restaurant, { dateNeeded: '2026-02-10', status: 'completed' });
      await insertCompletedAssignment(em, job, freelancer);
    }
    const cookie = await bff.sessionCookie(roles.admin);
    const response = await bff.request('/api/admin/invoices/generate-custom', {
      cookie,
      json: { startDate: '2026-02-09', endDate: '2026-02-15', restaurantIds: [chosen.id] },
    });
    expect(response.status).toBe(202);
    const started = run(response.body);
    expect(started.runId).toMatch(/^custom-2026-02-09-2026-02-15-[0-9a-f]{16}$/);
    const workers = startWorkers({ orm: bff.db.orm, connection, prefix, logger: silent });
    try {
      const done = await finished(started.runId, cookie);
      expect(done).toMatchObject({
        kind: 'custom',
        state: 'completed',
        progress: { processed: 1, total: 1 },
        result: {
          startDate: '2026-02-09',
          endDate: '2026-02-15',
          invoicesGenerated: 1,
          completedAssignments: 1,
        },
      });
    } finally {
      await workers.close();
    }
    const billed = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ restaurant_id: number; invoice_type: string }[]>(
        `select restaurant_id, invoice_type from invoices where restaurant_id in (?, ?)`,
        [chosen.id, other.id],
      );
    expect(billed).toEqual([{ restaurant_id: chosen.id, invoice_type: 'restaurant_custom_invoice' }]);
  });

  it('refuses bad requests with the screen’s pt-BR messages, and an unknown run with 404', async () => {
    const cookie = await bff.sessionCookie(roles.admin);
    const post = (path: string, json: unknown) =>
      bff.request(`/api/admin/invoices/${path}`, { cookie, json });
    for (const weekOffset of [1, -4, 0.5, '0']) {
      expect(await post('generate-weekly', { weekOffset })).toMatchObject({
        status: 400,
        body: { error: MESSAGES.invoices.invalidWeekOffset },
      });
    }
    expect(await post('generate-custom', { startDate: null, endDate: '2026-02-15' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.invoices.datesRequired },
    });
    expect(await post('generate-custom', { startDate: '2026-02-16', endDate: '2026-02-15' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.invoices.startAfterEnd },
    });
    expect(
      await bff.request('/api/admin/invoice-generation-runs/weekly-2001-01-01', { cookie }),
    ).toMatchObject({
      status: 404,
      body: { error: MESSAGES.invoices.runNotFound },
    });
    expect((await bff.request('/api/admin/invoice-generation-runs/x:y', { cookie })).status).toBe(400);
  });
});
