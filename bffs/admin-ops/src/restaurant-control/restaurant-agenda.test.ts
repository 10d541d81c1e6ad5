import { RestaurantJobsPageSchema, type RestaurantJobsPage } from '@turno/contracts';
import { type EntityManager, type Job } from '@turno/core';
import { insertJob, insertRestaurant } from '@turno/core/testing';
import { addDays, billingWeekOfDate, MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from '../app';

/**
 * Controle Mercado's agenda (GET /api/admin/restaurants/{id}/jobs): one business's agenda read
 * model as the admin sees it, on the real database. The dates follow today in Sao Paulo.
 */
let bff: TestBff;
let admin: string;
let restaurantId: number;
let neighbourId: number;
const jobs: Record<'today' | 'sunday' | 'monday' | 'oldCompleted' | 'oldOpen' | 'nextWeek', Job> =
  {} as never;
const today = saoPauloDate(new Date());
const week = billingWeekOfDate(today);
/** The Friday before this week: outside the default week, before its Monday. */
const lastFriday = addDays(week.weekStart, -3);

beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  const roles = await walkRoles(bff.db.orm.em);
  admin = await bff.sessionCookie(roles.admin);
  const em = (): EntityManager => bff.db.orm.em.fork();
  // Every row is in place before the first read: fixtures record no domain event, so the counts
  // cached for a data version would not see a row added later.
  const restaurant = await insertRestaurant(em(), { businessName: 'Mercado da Agenda' });
  restaurantId = restaurant.id;
  const other = await insertRestaurant(em(), { businessName: 'Mercado Vizinho da Agenda' });
  neighbourId = other.id;
  await insertJob(em(), other, { dateNeeded: today, title: 'Repositor Noturno', positionType: 'Repositor' });
  jobs.monday = await insertJob(em(), restaurant, {
    dateNeeded: week.weekStart,
    startTime: '07:00',
    endTime: '13:00',
    title: 'Limpeza de segunda',
    positionType: 'Auxiliar de Limpeza',
    status: 'completed',
  });
  jobs.today = await insertJob(em(), restaurant, {
    dateNeeded: today,
    startTime: '08:00',
    endTime: '14:00',
    title: 'Repositor Noturno',
    positionType: 'Repositor',
  });
  jobs.sunday = await insertJob(em(), restaurant, {
    dateNeeded: week.weekEnd,
    startTime: '10:00',
    endTime: '16:00',
    title: 'Açougue de domingo',
    positionType: 'Açougueiro',
    status: 'assigned',
  });
  jobs.oldCompleted = await insertJob(em(), restaurant, { dateNeeded: lastFriday, status: 'completed' });
  jobs.oldOpen = await insertJob(em(), restaurant, { dateNeeded: lastFriday, startTime: '09:00' });
  jobs.nextWeek = await insertJob(em(), restaurant, { dateNeeded: addDays(week.weekEnd, 1) });
});
afterAll(() => bff.close());

async function agenda(query = ''): Promise<RestaurantJobsPage> {
  const { status, body } = await bff.request(`/api/admin/restaurants/${restaurantId}/jobs${query}`, {
    cookie: admin,
  });
  expect({ query, status }).toEqual({ query, status: 200 });
  return RestaurantJobsPageSchema.parse(body);
}
const ids = (page: RestaurantJobsPage) => page.items.map((job) => job.id);

describe("Controle Mercado's agenda", () => {
  /** The test's jobs dated from `from` to `to`, in the agenda's order (date, then start time). */
  const datedBetween = (from: string, to: string) =>
    [jobs.oldCompleted, jobs.oldOpen, jobs.monday, jobs.today, jobs.sunday, jobs.nextWeek]
      .filter((job) => from <= job.dateNeeded && job.dateNeeded <= to)
      .sort((a, b) => a.dateNeeded.localeCompare(b.dateNeeded) || a.startTime.localeCompare(b.startTime));

  it("answers the business's next 7 days by default (the dates the vacancy form offers), with its counts", async () => {
    const page = await agenda();
    const expected = datedBetween(today, addDays(today, 6));
    expect(ids(page)).toEqual(expected.map((job) => job.id));
    expect(ids(page)).toEqual(expect.arrayContaining([jobs.today.id, jobs.sunday.id]));
    expect(page.items.every((job) => job.restaurant_name === 'Mercado da Agenda')).toBe(true);
    const count = (status: string) => expected.filter((job) => job.status === status).length;
    expect(page.counts).toEqual({
      all: expected.length,
      open: count('open'),
      assigned: count('assigned'),
      completed: count('completed'),
    });
    expect(page.total).toBe(expected.length);
    expect(page.nextCursor).toBeNull();
    // The same answer as period=next7; pages of one row chain to the same list.
    expect(ids(await agenda('?period=next7'))).toEqual(ids(page));
    const first = await agenda('?limit=1');
    expect(first.total).toBe(expected.length);
    const rest = await agenda(`?limit=200&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([...ids(first), ...ids(rest)]).toEqual(ids(page));
  });

  it("answers the earlier releases' current week up to the last date the form offers", async () => {
    const page = await agenda('?period=week');
    expect(ids(page)).toEqual(datedBetween(week.weekStart, addDays(today, 6)).map((job) => job.id));
    expect(ids(page)).toEqual(expect.arrayContaining([jobs.monday.id, jobs.today.id, jobs.sunday.id]));
  });

  it('shows every job of a date picked, and the last 30 days with the next 7', async () => {
    const day = await agenda(`?date=${lastFriday}`);
    expect(ids(day)).toEqual([jobs.oldCompleted.id, jobs.oldOpen.id]);
    expect(day.counts).toMatchObject({ all: 2, open: 1, completed: 1 });
    const completed = await agenda(`?date=${lastFriday}&status=completed`);
    expect(ids(completed)).toEqual([jobs.oldCompleted.id]);
    expect(ids(await agenda('?period=last30'))).toEqual(
      datedBetween(addDays(today, -30), addDays(today, 6)).map((job) => job.id),
    );
  });

  it('filters by status on the server, the total following the status', async () => {
    const open = await agenda('?period=week&status=open');
    expect(ids(open)).toEqual(
      datedBetween(week.weekStart, addDays(today, 6))
        .filter((job) => job.status === 'open')
        .map((job) => job.id),
    );
    expect(open.total).toBe(ids(open).length);
    expect(open.counts.all).toBe(datedBetween(week.weekStart, addDays(today, 6)).length);
    expect(ids(await agenda('?period=week&status=assigned'))).toEqual([jobs.sunday.id]);
    expect(ids(await agenda('?period=week&status=completed'))).toEqual([jobs.monday.id]);
  });

  it('searches title and position type, case- and accent-insensitive', async () => {
    expect(ids(await agenda('?q=ACOUGUE'))).toEqual([jobs.sunday.id]);
    expect(ids(await agenda('?q=noturno'))).toEqual([jobs.today.id]);
    expect(ids(await agenda('?period=week&q=limpeza&status=completed'))).toEqual([jobs.monday.id]);
    const none = await agenda('?q=inexistente');
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('reads one date in place of the period, and today', async () => {
    expect(ids(await agenda(`?date=${addDays(week.weekEnd, 1)}`))).toEqual([jobs.nextWeek.id]);
    expect(ids(await agenda(`?date=${today}`))).toContain(jobs.today.id);
    // A date wins over the period.
    expect(ids(await agenda(`?period=today&date=${week.weekEnd}`))).toEqual([jobs.sunday.id]);
    expect(ids(await agenda('?period=today'))).toContain(jobs.today.id);
    expect(ids(await agenda('?period=today')).every((id) => id !== jobs.nextWeek.id)).toBe(true);
  });

  it('answers an ETag and 304 while nothing changed', async () => {
    const url = `/api/admin/restaurants/${restaurantId}/jobs?status=open`;
    const first = await bff.request(url, { cookie: admin });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+-/);
    const again = await bff.request(url, { cookie: admin, headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    // Another business's agenda with the same query is another answer: its tag never matches.
    const neighbour = await bff.request(`/api/admin/restaurants/${neighbourId}/jobs?status=open`, {
      cookie: admin,
      headers: { 'If-None-Match': etag! },
    });
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers.get('etag')).not.toBe(etag);
  });

  it('is 404 "Mercado não encontrado" for an unknown business', async () => {
    expect(await bff.request('/api/admin/restaurants/999999/jobs', { cookie: admin })).toMatchObject({
      status: 404,
      body: { error: MESSAGES.restaurants.notFound },
    });
    expect(MESSAGES.restaurants.notFound).toBe('Mercado não encontrado');
  });

  it('refuses a bad filter or page with a pt-BR 400', async () => {
    for (const query of [
      'period=year',
      'status=late',
      'date=23/11/2026',
      'limit=0',
      'limit=201',
      `q=${'x'.repeat(101)}`,
    ]) {
      const { status, body } = await bff.request(`/api/admin/restaurants/${restaurantId}/jobs?${query}`, {
        cookie: admin,
      });
      expect({ query, status }).toEqual({ query, status: 400 });
      const error = (body as { error: string }).error;
      // The field named in pt-BR, by a prefix or by the message itself ("Data inválida").
      expect(error).toMatch(/^(Período|Status|Data|Itens por página|Busca)\b/);
      expect(error).not.toMatch(/Invalid|expected|received/i);
    }
    expect(
      (await bff.request(`/api/admin/restaurants/${restaurantId}/jobs?period=year`, { cookie: admin })).body,
    ).toEqual({ error: 'Período: Valor não permitido' });
    expect(
      (await bff.request(`/api/admin/restaurants/${restaurantId}/jobs?limit=201`, { cookie: admin })).body,
    ).toEqual({ error: 'Itens por página: Deve ser menor ou igual a 200' });
    expect((await bff.request('/api/admin/restaurants/abc/jobs', { cookie: admin })).status).toBe(400);
  });
});
