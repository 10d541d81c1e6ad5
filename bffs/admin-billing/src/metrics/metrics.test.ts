import { DailyMetricsSchema, DetailedReportPageSchema } from '@turno/contracts';
import { MESSAGES, addDays, saoPauloDate } from '@turno/domain';
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
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
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
