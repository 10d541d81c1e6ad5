import { insertFreelancer, insertRestaurant } from '../testing';
import { createTestDatabase, type TestDatabase } from '../testing';
import type { Freelancer, Restaurant } from '../model';
import type { Actor } from '../shared/actor';
import { getDailyMetrics, getSpendingAnalytics } from './analytics.service';
import { completedShift, resetBillingData, scheduledJob, sp } from '../invoices/invoices-test-data';
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

/** Wednesday 18/11/2026 15:00 in Sao Paulo: week 16/11–22/11, month November. */
const NOW = sp('2026-11-18', '15:00');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

interface Data {
  r: Restaurant;
  s: Restaurant;
  freelancer: Freelancer;
  ids: Record<string, number>;
}

/**
 * Restaurant R ("Mercado A") and S ("Mercado B"), prices in centavos (charge / payout / commission):
 *   R completed: Mon 16 6h 14 900/12 000/2 900 · Tue 17 10h 18 900/15 000/3 900 ·
 *                Tue 17 16:00 8h20 (ends 00:20, night) 17 900/15 000/2 900 · Tue 03/11 (month only) 14 900 ·
 *                Sat 31/10 (neither) 14 900
 *   R pending:   Tue 17 assigned 6h 14 900 · Wed 18 assigned 11h30 19 900 · Thu 19 open 6h 14 900 ·
 *                Sat 21 open 10h 18 900
 *   R neither:   Mon 16 open (past, never filled) · Fri 20 cancelled
 *   S completed: Wed 18 10h30 18 990/17 000/1 990; S pending: Wed 18 open 6h 14 900 · Thu 19 assigned 10h 18 900
 */
async function buildData(): Promise<Data> {
  await resetBillingData(em());
  const e = em();
  const r = await insertRestaurant(e, { businessName: 'Mercado A' });
  const s = await insertRestaurant(e, { businessName: 'Mercado B' });
  const freelancer = await insertFreelancer(e, { name: 'Ana Souza' });
  const ids: Record<string, number> = {};
  ids.rMon = (await completedShift(e, r, freelancer, { date: '2026-11-16', start: '08:00', hours: 6 })).jobId;
  ids.rTue10 = (
    await completedShift(e, r, freelancer, { date: '2026-11-17', start: '07:00', hours: 10 })
  ).jobId;
  ids.rTueNight = (
    await completedShift(e, r, freelancer, { date: '2026-11-17', start: '16:00', hours: 8.33 })
  ).jobId;
  await completedShift(e, r, freelancer, { date: '2026-11-03' });
  await completedShift(e, r, freelancer, { date: '2026-10-31' });
  ids.rTueAssigned = await scheduledJob(e, r, {
    date: '2026-11-17',
    start: '08:00',
    status: 'assigned',
    freelancer,
  });
  ids.rWedAssigned = await scheduledJob(e, r, {
    date: '2026-11-18',
    hours: 11.5,
    status: 'assigned',
    freelancer,
  });
  await scheduledJob(e, r, { date: '2026-11-19', status: 'open' });
  await scheduledJob(e, r, { date: '2026-11-21', hours: 10, status: 'open' });
  ids.rMonOpen = await scheduledJob(e, r, { date: '2026-11-16', status: 'open' });
  await scheduledJob(e, r, { date: '2026-11-20', status: 'cancelled' });
  ids.sWed = (await completedShift(e, s, freelancer, { date: '2026-11-18', hours: 10.5 })).jobId;
  ids.sWedOpen = await scheduledJob(e, s, { date: '2026-11-18', status: 'open' });
  await scheduledJob(e, s, { date: '2026-11-19', hours: 10, status: 'assigned', freelancer });
  return { r, s, freelancer, ids };
}

describe('restaurant spending analytics', () => {
  let data: Data;
  beforeAll(async () => {
    data = await buildData();
  });

  it('answers the current week, month, daily breakdown and next-invoice preview with exact figures', async () => {
    const expected = {
      restaurantId: data.r.id,
      currentWeek: {
        period: '16/11/2026 a 22/11/2026',
        week_start: '2026-11-16',
        week_end: '2026-11-22',
        completed_jobs: 3,
        total_spent: 517,
        avg_per_job: 172.33,
        pending_jobs: 4,
        potential_charges: 686,
        projected_invoice: 1203,
      },
      currentMonth: {
        period: '01/11/2026 a 30/11/2026',
        month_start: '2026-11-01',
        month_end: '2026-11-30',
        completed_jobs: 4,
        total_spent: 666,
        avg_per_job: 166.5,
      },
      dailyBreakdown: [
        { date_needed: '2026-11-16', day_total: 149, jobs_count: 1 },
        { date_needed: '2026-11-17', day_total: 368, jobs_count: 2 },
        { date_needed: '2026-11-18', day_total: 0, jobs_count: 0 },
        { date_needed: '2026-11-19', day_total: 0, jobs_count: 0 },
        { date_needed: '2026-11-20', day_total: 0, jobs_count: 0 },
        { date_needed: '2026-11-21', day_total: 0, jobs_count: 0 },
        { date_needed: '2026-11-22', day_total: 0, jobs_count: 0 },
      ],
      nextInvoicePreview: {
        invoice_date: '2026-11-25',
        due_date: '2026-12-02',
        completed_amount: 517,
        pending_amount: 686,
        total_amount: 1203,
        week_period: '16/11/2026 a 22/11/2026',
      },
    };
    expect(await getSpendingAnalytics(em(), restaurantActor(data.r.id), {}, NOW)).toEqual(expected);
    expect(await getSpendingAnalytics(em(), admin, { restaurantId: data.r.id }, NOW)).toEqual(expected);
  });

  it('counts the other restaurant on its own', async () => {
    const other = await getSpendingAnalytics(em(), admin, { restaurantId: data.s.id }, NOW);
    expect(other.currentWeek).toMatchObject({
      completed_jobs: 1,
      total_spent: 189.9,
      avg_per_job: 189.9,
      pending_jobs: 2,
      potential_charges: 338,
      projected_invoice: 527.9,
    });
  });

  it('keeps each restaurant to its own figures; an admin must name an existing restaurant', async () => {
    await expect(
      getSpendingAnalytics(em(), restaurantActor(data.r.id), { restaurantId: data.s.id }, NOW),
    ).rejects.toMatchObject({ status: 404, message: 'Mercado não encontrado' });
    await expect(getSpendingAnalytics(em(), admin, { restaurantId: 9999 }, NOW)).rejects.toMatchObject({
      status: 404,
      message: 'Mercado não encontrado',
    });
    await expect(getSpendingAnalytics(em(), freelancerActor, {}, NOW)).rejects.toMatchObject({
      status: 403,
    });
  });

  it('answers zeros for a restaurant without work', async () => {
    const empty = await insertRestaurant(em(), { businessName: 'Mercado Vazio' });
    const analytics = await getSpendingAnalytics(em(), restaurantActor(empty.id), {}, NOW);
    expect(analytics.currentWeek).toMatchObject({
      completed_jobs: 0,
      total_spent: 0,
      avg_per_job: 0,
      projected_invoice: 0,
    });
    expect(analytics.dailyBreakdown.every((day) => day.jobs_count === 0 && day.day_total === 0)).toBe(true);
  });
});

describe('admin daily metrics', () => {
  beforeAll(async () => {
    await buildData();
  });

  it('today: completed work at its stored amounts, pending work at the amounts it will bring', async () => {
    expect(await getDailyMetrics(em(), admin, { filter: 'today' }, NOW)).toEqual({
      filter: 'today',
      startDate: '2026-11-18',
      endDate: '2026-11-18',
      todayRevenue: 189.9,
      todayFreelancerPayments: 170,
      todayCommission: 19.9,
      todayCompletedJobs: 1,
      projectedRevenue: 348,
      projectedFreelancerPayments: 290,
      projectedCommission: 58,
      todayScheduledJobs: 2,
      totalProjectedRevenue: 537.9,
      totalProjectedFreelancerPayments: 460,
      totalProjectedCommission: 77.9,
      totalJobsToday: 3,
    });
  });

  it('week: Monday to Sunday of the current week', async () => {
    expect(await getDailyMetrics(em(), admin, { filter: 'week' }, NOW)).toEqual({
      filter: 'week',
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      todayRevenue: 706.9,
      todayFreelancerPayments: 590,
      todayCommission: 116.9,
      todayCompletedJobs: 4,
      projectedRevenue: 1024,
      projectedFreelancerPayments: 830,
      projectedCommission: 194,
      todayScheduledJobs: 6,
      totalProjectedRevenue: 1730.9,
      totalProjectedFreelancerPayments: 1420,
      totalProjectedCommission: 310.9,
      totalJobsToday: 10,
    });
  });

  it('refuses another filter and a non-admin', async () => {
    await expect(getDailyMetrics(em(), admin, { filter: 'month' }, NOW)).rejects.toMatchObject({
      status: 400,
      message: 'Filtro inválido: use hoje ou semana.',
    });
    await expect(getDailyMetrics(em(), restaurantActor(1), { filter: 'today' }, NOW)).rejects.toMatchObject({
      status: 403,
    });
  });
});
