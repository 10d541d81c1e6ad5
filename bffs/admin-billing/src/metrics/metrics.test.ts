import { DailyMetricsSchema, DetailedReportPageSchema } from '@turno/contracts';
import { Assignment, type EntityManager, type Freelancer, type Restaurant } from '@turno/core';
import {
  MESSAGES,
  addDays,
  saoPauloDate,
  shiftAmountsCents,
  shiftEndTime,
  workloadMinutes,
  type JobStatus,
} from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

let bff: TestBff;
let cookie: string;
let restaurantCookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  const roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
  restaurantCookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const get = (path: string) => bff.request(path, { cookie });

describe('Central de Métricas Admin', () => {
  it('answers today and the week, with one chart point per day that adds up to the cards', async () => {
    for (const filter of ['today', 'week'] as const) {
      const response = await get(`/api/admin/daily-metrics?filter=${filter}`);
      expect(response.status).toBe(200);
      const metrics = DailyMetricsSchema.parse(response.body);
      expect(metrics.days).toHaveLength(filter === 'today' ? 1 : 7);
      const sum = (pick: (day: (typeof metrics.days)[number]) => number) =>
        Math.round(metrics.days.reduce((total, day) => total + pick(day) * 100, 0)) / 100;
      expect(sum((d) => d.revenue)).toBe(metrics.todayRevenue);
      expect(sum((d) => d.commission)).toBe(metrics.todayCommission);
      expect(sum((d) => d.projectedRevenue)).toBe(metrics.projectedRevenue);
      expect(metrics.days.reduce((n, d) => n + d.completedJobs, 0)).toBe(metrics.todayCompletedJobs);
      expect(metrics.totalJobsToday).toBe(metrics.todayCompletedJobs + metrics.todayScheduledJobs);
    }
    const week = DailyMetricsSchema.parse((await get('/api/admin/daily-metrics?filter=week')).body);
    expect(week.totalProjectedRevenue).toBeGreaterThan(0);
    expect(await get('/api/admin/daily-metrics?filter=month')).toMatchObject({
      status: 400,
      body: { error: MESSAGES.analytics.invalidMetricsFilter },
    });
  });
});

describe('Relatório detalhado', () => {
  it('pages the period’s jobs, totals the completed ones and lists each wrong calculation', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado do Relatório' });
    const freelancer = await insertFreelancer(em, { name: 'Carla Dias' });
    const day = '2026-01-13';
    const right = await insertJob(em, restaurant, {
      dateNeeded: day,
      startTime: '08:00',
      status: 'completed',
    });
    await insertCompletedAssignment(em, right, freelancer); // 6 h from 08:00: 149 / 120 — right
    const wrong = await insertJob(em, restaurant, {
      dateNeeded: day,
      startTime: '09:00',
      status: 'completed',
    });
    await insertCompletedAssignment(em, wrong, freelancer, {
      restaurantChargeCents: 17_900,
      freelancerPayoutCents: 12_000,
      commissionCents: 5_900,
    });
    await insertJob(em, restaurant, { dateNeeded: day, startTime: '10:00' }); // open, not completed

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(
        `/api/admin/daily-detailed-report?date=${day}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      const page = DetailedReportPageSchema.parse(response.body);
      expect(page).toMatchObject({
        startDate: day,
        endDate: day,
        total: 3,
        totals: {
          jobs: 3,
          completed_jobs: 2,
          restaurant_payment_amount: 328,
          freelancer_payment_amount: 240,
          commission_amount: 88,
        },
        discrepancyCount: 1,
        allCorrect: false,
        message: null,
        discrepancies: [
          {
            job_id: wrong.id,
            message: `ERRO: Vaga #${wrong.id}`,
            charged: 179,
            paid: 120,
            expected_charged: 149,
            expected_paid: 120,
          },
        ],
      });
      seen.push(...page.items.map((row) => row.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('says "Todos os cálculos estão corretos!" when every amount matches the price rule', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em);
    const job = await insertJob(em, restaurant, { dateNeeded: '2026-01-20', status: 'completed' });
    await insertCompletedAssignment(em, job, await insertFreelancer(em));
    const page = DetailedReportPageSchema.parse(
      (await get('/api/admin/daily-detailed-report?startDate=2026-01-19&endDate=2026-01-25')).body,
    );
    expect(page).toMatchObject({ allCorrect: true, message: MESSAGES.analytics.allCalculationsCorrect });
    expect(page.items.map((row) => row.id)).toEqual([job.id]);
  });

  it('refuses dates after today and an end before the start, in pt-BR', async () => {
    const today = saoPauloDate(new Date());
    expect(await get(`/api/admin/daily-detailed-report?date=${addDays(today, 1)}`)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.analytics.reportDateAfterToday },
    });
    expect(
      await get(`/api/admin/daily-detailed-report?startDate=${today}&endDate=${addDays(today, -1)}`),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.analytics.reportEndBeforeStart } });
    const todays = await get('/api/admin/daily-detailed-report');
    expect(todays).toMatchObject({ status: 200, body: { startDate: today, endDate: today } });
  });
});

/** A job of `hours` from `start` priced by libs/domain; completed (with its amounts stored, or `stored`) or not. */
async function shift(
  em: EntityManager,
  restaurant: Restaurant,
  spec: {
    date: string;
    start?: string;
    hours?: number;
    status: JobStatus;
    freelancer?: Freelancer;
    stored?: { chargeCents: number; payoutCents: number };
  },
): Promise<number> {
  const start = spec.start ?? '08:00';
  const hours = spec.hours ?? 6;
  const computed = shiftAmountsCents(hours, start);
  const job = await insertJob(em, restaurant, {
    dateNeeded: spec.date,
    startTime: start,
    endTime: shiftEndTime(start, hours),
    workloadMinutes: workloadMinutes(hours),
    chargeCents: computed.chargeCents,
    status: spec.status,
  });
  if (spec.status === 'completed') {
    const stored = spec.stored ?? computed;
    await insertCompletedAssignment(em, job, spec.freelancer!, {
      restaurantChargeCents: stored.chargeCents,
      freelancerPayoutCents: stored.payoutCents,
      commissionCents: stored.chargeCents - stored.payoutCents,
    });
  } else if (spec.status === 'assigned') {
    em.create(Assignment, { job, freelancer: spec.freelancer!, status: 'assigned' });
    await em.flush();
  }
  return job.id;
}

/**
 * The report's rows and period (the scenarios of @turno/core's former getDetailedReport tests):
 * restaurant A, prices in centavos (charge / payout / commission), in March 2025:
 *   completed: Mon 10 6h 14 900/12 000/2 900 · Tue 11 07:00 10h 18 900/15 000/3 900 ·
 *              Tue 11 16:00 8h20 (ends 00:20, night) 17 900/15 000/2 900
 *   not completed: Tue 11 assigned 6h 14 900 · Wed 12 assigned 11h30 · Mon 10 open (past, never filled) ·
 *              Wed 12 cancelled (left out)
 *   restaurant B: Wed 12 completed 10h30 18 990/17 000/1 990 · Wed 12 open 6h
 */
describe('Relatório detalhado: rows', () => {
  const ids: Record<string, number> = {};
  let a: Restaurant;
  const report = async (query: string) => {
    const response = await get(`/api/admin/daily-detailed-report?limit=200&${query}`);
    expect(response.status).toBe(200);
    return DetailedReportPageSchema.parse(response.body);
  };

  beforeAll(async () => {
    const em = bff.db.orm.em.fork();
    a = await insertRestaurant(em, { businessName: 'Mercado A' });
    const b = await insertRestaurant(em, { businessName: 'Mercado B' });
    const freelancer = await insertFreelancer(em, { name: 'Ana Souza' });
    ids.mon = await shift(em, a, { date: '2025-03-10', status: 'completed', freelancer });
    ids.tue10 = await shift(em, a, {
      date: '2025-03-11',
      start: '07:00',
      hours: 10,
      status: 'completed',
      freelancer,
    });
    ids.tueNight = await shift(em, a, {
      date: '2025-03-11',
      start: '16:00',
      hours: 8.33,
      status: 'completed',
      freelancer,
    });
    ids.tueAssigned = await shift(em, a, { date: '2025-03-11', status: 'assigned', freelancer });
    ids.wedAssigned = await shift(em, a, { date: '2025-03-12', hours: 11.5, status: 'assigned', freelancer });
    ids.monOpen = await shift(em, a, { date: '2025-03-10', status: 'open' });
    await shift(em, a, { date: '2025-03-12', status: 'cancelled' });
    ids.bWed = await shift(em, b, { date: '2025-03-12', hours: 10.5, status: 'completed', freelancer });
    ids.bWedOpen = await shift(em, b, { date: '2025-03-12', status: 'open' });
  });

  it('lists the jobs of a date with their payment amounts and finds every calculation correct', async () => {
    const page = await report('date=2025-03-11');
    expect(
      page.items.map((job) => [
        job.id,
        job.status,
        job.restaurant_payment_amount,
        job.freelancer_payment_amount,
        job.commission_amount,
      ]),
    ).toEqual([
      [ids.tue10, 'completed', 189, 150, 39],
      [ids.tueAssigned, 'assigned', 149, 120, 29],
      [ids.tueNight, 'completed', 179, 150, 29],
    ]);
    expect(page.items[0]).toEqual({
      id: ids.tue10,
      restaurant_id: a.id,
      restaurant_name: 'Mercado A',
      title: 'Operador de Caixa',
      position_type: 'Operador de Caixa',
      date_needed: '2025-03-11',
      start_time: '07:00',
      end_time: '17:00',
      hourly_rate: 189,
      status: 'completed',
      assignment_id: expect.any(Number),
      assignment_status: 'completed',
      freelancer_name: 'Ana Souza',
      restaurant_payment_amount: 189,
      freelancer_payment_amount: 150,
      commission_amount: 39,
    });
    expect(page).toMatchObject({
      startDate: '2025-03-11',
      endDate: '2025-03-11',
      totals: {
        completed_jobs: 2,
        restaurant_payment_amount: 368,
        freelancer_payment_amount: 300,
        commission_amount: 68,
      },
      discrepancies: [],
      allCorrect: true,
      message: MESSAGES.analytics.allCalculationsCorrect,
    });
  });

  it('covers a period in date, start and id order, cancelled jobs left out', async () => {
    const page = await report('startDate=2025-03-10&endDate=2025-03-12');
    expect(page.items.map((job) => job.id)).toEqual([
      ids.mon,
      ids.monOpen,
      ids.tue10,
      ids.tueAssigned,
      ids.tueNight,
      ids.wedAssigned,
      ids.bWed,
      ids.bWedOpen,
    ]);
    expect(page.totals).toMatchObject({
      completed_jobs: 4,
      restaurant_payment_amount: 706.9,
      freelancer_payment_amount: 590,
      commission_amount: 116.9,
    });
  });

  it('shows a wrongly stored job at its stored amounts, and flags it', async () => {
    // A 10 h shift (expected 189 / 150) stored as if it were a 6 h one (149 / 120).
    const em = bff.db.orm.em.fork();
    const freelancer = await insertFreelancer(em);
    const tampered = await shift(em, a, {
      date: '2025-03-13',
      start: '06:00',
      hours: 10,
      status: 'completed',
      freelancer,
      stored: { chargeCents: 14_900, payoutCents: 12_000 },
    });
    const page = await report('date=2025-03-13');
    expect(page.discrepancies).toEqual([
      {
        job_id: tampered,
        message: MESSAGES.analytics.calculationError(tampered),
        charged: 149,
        paid: 120,
        expected_charged: 189,
        expected_paid: 150,
      },
    ]);
    expect(page).toMatchObject({ allCorrect: false, message: null });
    expect(page.items.find((job) => job.id === tampered)).toMatchObject({
      restaurant_payment_amount: 149,
      freelancer_payment_amount: 120,
      commission_amount: 29,
    });
  });

  it('asks for a date or a period and answers a non-admin 403', async () => {
    expect(await get('/api/admin/daily-detailed-report?startDate=2025-03-10')).toMatchObject({
      status: 400,
      body: { error: MESSAGES.analytics.reportDateRequired },
    });
    expect((await bff.request('/api/admin/daily-detailed-report', { cookie: restaurantCookie })).status).toBe(
      403,
    );
  });
});
