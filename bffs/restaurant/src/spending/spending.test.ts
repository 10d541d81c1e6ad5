import { RestaurantSpendingAnalyticsSchema } from '@turno/contracts';
import { BUSINESS_MEMBER_MESSAGES, addDays, billingWeek, saoPauloDate } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { previousMonthBounds, OWNER_MEMBERSHIP, Store } from '@turno/core';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * GET /api/restaurant/spending-analytics over a business of its own, so every figure is known:
 * completed work today (R$ 149) and in the previous month (R$ 179), pending work today (an open
 * R$ 149 and an allocated R$ 189 vacancy) and a cancelled one that counts nowhere.
 */

let bff: TestBff;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
});
afterAll(() => bff.close());

it('answers the week, the next invoice, this month against the previous one, the daily breakdown and the summary', async () => {
  const em = bff.db.orm.em.fork();
  const now = new Date();
  const today = saoPauloDate(now);
  const previous = previousMonthBounds(today);
  const restaurant = await insertRestaurant(em, { businessName: 'Mercado das Contas' });
  const freelancer = await insertFreelancer(em);
  await insertCompletedAssignment(
    em,
    await insertJob(em, restaurant, { dateNeeded: today, status: 'completed' }),
    freelancer,
  );
  await insertCompletedAssignment(
    em,
    await insertJob(em, restaurant, {
      dateNeeded: addDays(previous.start, 9),
      status: 'completed',
      chargeCents: 17_900,
    }),
    freelancer,
    { restaurantChargeCents: 17_900, freelancerPayoutCents: 15_000, commissionCents: 2_900 },
  );
  await insertJob(em, restaurant, { dateNeeded: today, status: 'open' });
  await insertJob(em, restaurant, { dateNeeded: today, status: 'assigned', chargeCents: 18_900 });
  await insertJob(em, restaurant, { dateNeeded: today, status: 'cancelled' });
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });

  const { status, body, headers } = await bff.request('/api/restaurant/spending-analytics', { cookie });
  expect(status).toBe(200);
  const figures = RestaurantSpendingAnalyticsSchema.parse(body);
  const week = billingWeek(now);
  expect(figures.currentWeek).toMatchObject({
    week_start: week.weekStart,
    week_end: week.weekEnd,
    total_spent: 149,
    completed_jobs: 1,
    avg_per_job: 149,
    pending_jobs: 2,
    potential_charges: 338,
    projected_invoice: 487,
  });
  expect(figures.nextInvoicePreview).toMatchObject({
    invoice_date: week.issueDate,
    completed_amount: 149,
    pending_amount: 338,
    total_amount: 487,
  });
  expect(figures.currentMonth).toMatchObject({ total_spent: 149, completed_jobs: 1, avg_per_job: 149 });
  expect(figures.previousMonth).toEqual({
    period: `${previous.start.split('-').reverse().join('/')} a ${previous.end.split('-').reverse().join('/')}`,
    month_start: previous.start,
    month_end: previous.end,
    total_spent: 179,
    completed_jobs: 1,
    avg_per_job: 179,
  });
  expect(figures.dailyBreakdown.map((day) => day.date_needed)).toEqual(
    Array.from({ length: 7 }, (_, i) => addDays(week.weekStart, i)),
  );
  expect(figures.dailyBreakdown.find((day) => day.date_needed === today)).toEqual({
    date_needed: today,
    day_total: 149,
    jobs_count: 1,
  });
  expect(figures.summary).toEqual({ open: 1, filled: 1, completed: 2, total: 4 });
  // One store: this month's work is all its own (the Dashboard shows the list with two or more).
  expect(figures.byStore).toEqual([
    { store_id: expect.any(Number), store_name: 'Mercado das Contas', total_spent: 149, completed_jobs: 1 },
  ]);

  // Nothing changed: 304 to the same version.
  const again = await bff.request('/api/restaurant/spending-analytics', {
    cookie,
    headers: { 'if-none-match': headers.get('etag') ?? '' },
  });
  expect(again.status).toBe(304);
});

it("splits this month's spending by store (issue 28), deactivated stores only when they had work", async () => {
  const em = bff.db.orm.em.fork();
  const today = saoPauloDate(new Date());
  const restaurant = await insertRestaurant(em, { businessName: 'Rede Contas' });
  const main = await em.findOneOrFail(Store, { restaurant: restaurant.id });
  const vila = em.create(Store, { restaurant, name: 'Loja Vila' });
  const closed = em.create(Store, { restaurant, name: 'Loja Antiga', isActive: false });
  const idle = em.create(Store, { restaurant, name: 'Loja Fechada', isActive: false });
  await em.flush();
  const freelancer = await insertFreelancer(em);
  const doneAt = async (store: Store, chargeCents: number) =>
    insertCompletedAssignment(
      em,
      await insertJob(em, restaurant, {
        store: em.getReference(Store, store.id, { wrapped: true }),
        dateNeeded: today,
        status: 'completed',
        chargeCents,
      }),
      freelancer,
      {
        restaurantChargeCents: chargeCents,
        freelancerPayoutCents: chargeCents - 3_000,
        commissionCents: 3_000,
      },
    );
  await doneAt(vila, 14_900);
  await doneAt(vila, 18_900);
  await doneAt(closed, 17_900);
  const cookie = await bff.sessionCookie({
    role: 'restaurant',
    restaurantId: restaurant.id,
    userId: restaurant.user.id,
    member: OWNER_MEMBERSHIP,
  });
  const figures = RestaurantSpendingAnalyticsSchema.parse(
    (await bff.request('/api/restaurant/spending-analytics', { cookie })).body,
  );
  expect(figures.byStore).toEqual([
    { store_id: closed.id, store_name: 'Loja Antiga', total_spent: 179, completed_jobs: 1 },
    { store_id: vila.id, store_name: 'Loja Vila', total_spent: 338, completed_jobs: 2 },
    { store_id: main.id, store_name: 'Rede Contas', total_spent: 0, completed_jobs: 0 },
  ]);
  expect(figures.byStore!.some((store) => store.store_id === idle.id)).toBe(false);
  expect(figures.currentMonth.total_spent).toBe(179 + 338);

  // One store's figures (the Dashboard's store selector); the split by store stays whole.
  const vilaOnly = RestaurantSpendingAnalyticsSchema.parse(
    (await bff.request(`/api/restaurant/spending-analytics?storeId=${vila.id}`, { cookie })).body,
  );
  expect(vilaOnly.currentMonth).toMatchObject({ total_spent: 338, completed_jobs: 2 });
  expect(vilaOnly.summary).toEqual({ open: 0, filled: 0, completed: 2, total: 2 });
  expect(vilaOnly.byStore).toEqual(figures.byStore);
  const other = await insertRestaurant(em);
  const [otherStore] = await em.execute<{ id: number }[]>('select id from stores where restaurant_id = ?', [
    other.id,
  ]);
  expect(
    await bff.request(`/api/restaurant/spending-analytics?storeId=${otherStore!.id}`, { cookie }),
  ).toMatchObject({
    status: 404,
    body: { error: BUSINESS_MEMBER_MESSAGES.storeNotFound },
  });
});

it('previous month bounds wrap the year', () => {
  expect(previousMonthBounds('2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
  expect(previousMonthBounds('2026-03-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
});
