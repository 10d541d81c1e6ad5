import {
  AdminBlocksPageSchema,
  AdminJobSchema,
  AdminRatingsPageSchema,
  RestaurantOptionsPageSchema,
  RestaurantSpendingAnalyticsSchema,
} from '@turno/contracts';
import { Rating, type EntityManager } from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { MESSAGES, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminOpsBff } from './app';

let bff: TestBff;
let admin: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminOpsBff);
  admin = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
});
afterAll(() => bff.close());

const em = (): EntityManager => bff.db.orm.em.fork();
const get = (path: string) => bff.request(path, { cookie: admin });
const post = (path: string, json: unknown) => bff.request(path, { method: 'POST', cookie: admin, json });

describe('admin-ops screens: one job, business picker, ratings, blocks', () => {
  it('reads one job for the edit and applications pages, 404 "Vaga não encontrada" otherwise', async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Empório Leitura' });
    const job = await insertJob(em(), restaurant, {
      dateNeeded: '2026-11-30',
      startTime: '19:00',
      endTime: '03:20',
    });
    const { status, body } = await get(`/api/admin/jobs/${job.id}`);
    expect(status).toBe(200);
    expect(AdminJobSchema.parse(body)).toMatchObject({
      id: job.id,
      restaurant_name: 'Empório Leitura',
      date_needed: '2026-11-30',
      start_time: '19:00',
      end_time: '03:20',
      hourly_rate: 149,
      is_assigned: false,
    });
    expect(await get('/api/admin/jobs/999999')).toMatchObject({
      status: 404,
      body: { error: MESSAGES.jobs.notFound },
    });
    expect((await get('/api/admin/jobs/abc')).status).toBe(400);
    // The badges' route still answers (registered before `:id`).
    expect((await get(`/api/admin/jobs/application-counts?ids=${job.id}`)).status).toBe(200);
  });

  it('offers businesses sorted by name, approved only when asked, a page at a time', async () => {
    await insertRestaurant(em(), { businessName: 'Zz Último Mercado' });
    await insertRestaurant(em(), { businessName: 'Aa Primeiro Mercado', isApproved: false });
    const all = RestaurantOptionsPageSchema.parse(
      (await get('/api/admin/restaurant-options?limit=200')).body,
    );
    const names = all.items.map((r) => r.business_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names).toContain('Aa Primeiro Mercado');
    const approved = RestaurantOptionsPageSchema.parse(
      (await get('/api/admin/restaurant-options?eligible=approved&limit=200')).body,
    );
    expect(approved.items.every((r) => r.is_approved && r.is_active)).toBe(true);
    expect(approved.items.map((r) => r.business_name)).not.toContain('Aa Primeiro Mercado');
    const first = RestaurantOptionsPageSchema.parse(
      (await get('/api/admin/restaurant-options?limit=2')).body,
    );
    const rest = RestaurantOptionsPageSchema.parse(
      (await get(`/api/admin/restaurant-options?limit=200&cursor=${first.nextCursor}`)).body,
    );
    expect([...first.items, ...rest.items].map((r) => r.id)).toEqual(all.items.map((r) => r.id));
    expect((await get('/api/admin/restaurant-options?eligible=todos')).status).toBe(400);
  });

  it('lists ratings newest first, searched and filtered on the server, with the platform cards', async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Açougue Estrela' });
    const freelancer = await insertFreelancer(em(), { name: 'Joana Avaliada' });
    const job = await insertJob(em(), restaurant, { status: 'completed' });
    const assignment = await insertCompletedAssignment(em(), job, freelancer);
    const fork = em();
    fork.create(Rating, {
      assignment: assignment.id,
      raterType: 'restaurant',
      rating: 2,
      comment: 'Chegou atrasada',
    });
    fork.create(Rating, {
      assignment: assignment.id,
      raterType: 'freelancer',
      rating: 5,
      comment: 'Ótimo lugar',
    });
    await fork.flush();

    const page = AdminRatingsPageSchema.parse((await get('/api/admin/ratings?limit=200')).body);
    expect(page.stats.total).toBe(page.stats.byRestaurants + page.stats.byFreelancers);
    expect(page.stats.total).toBeGreaterThanOrEqual(2);
    expect(page.items.map((r) => r.id)).toEqual([...page.items.map((r) => r.id)].sort((a, b) => b - a));

    const searched = AdminRatingsPageSchema.parse((await get('/api/admin/ratings?q=ACOUGUE%20estrela')).body);
    expect(searched.items.map((r) => r.rating).sort()).toEqual([2, 5]);
    expect(searched.items[0]).toMatchObject({
      restaurant_name: 'Açougue Estrela',
      freelancer_name: 'Joana Avaliada',
    });
    const byComment = AdminRatingsPageSchema.parse((await get('/api/admin/ratings?q=atrasada')).body);
    expect(byComment.items.map((r) => r.comment)).toEqual(['Chegou atrasada']);
    const filtered = AdminRatingsPageSchema.parse(
      (await get('/api/admin/ratings?q=Joana&rating=5&rater=freelancer')).body,
    );
    expect(filtered.items.map((r) => [r.rating, r.rated_by_type])).toEqual([[5, 'freelancer']]);
    expect(filtered.total).toBe(1);
    expect((await get('/api/admin/ratings?rating=6')).status).toBe(400);
  });

  it('blocks any freelancer at any business, lists it, refuses a half-filled form, and unblocks', async () => {
    const restaurant = await insertRestaurant(em(), {
      businessName: 'Hortifruti Bloqueio',
      contactPerson: 'Rita',
    });
    const freelancer = await insertFreelancer(em(), { name: 'Bruno Bloqueado', isApproved: false });
    expect(await post('/api/admin/block-freelancer', { freelancerId: freelancer.id })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.blocks.selectFreelancerAndRestaurant },
    });
    const blocked = await post('/api/admin/block-freelancer', {
      freelancerId: freelancer.id,
      restaurantId: restaurant.id,
      blockReason: '  Faltou sem avisar  ',
    });
    expect(blocked.status).toBe(201);
    const list = AdminBlocksPageSchema.parse((await get('/api/admin/blocks?q=bruno')).body);
    expect(list.items).toEqual([
      expect.objectContaining({
        freelancer_name: 'Bruno Bloqueado',
        restaurant_name: 'Hortifruti Bloqueio',
        restaurant_contact_name: 'Rita',
        blocked_by: 'admin',
        block_reason: 'Faltou sem avisar',
      }),
    ]);
    expect(
      (
        await post('/api/admin/block-freelancer', {
          freelancerId: freelancer.id,
          restaurantId: restaurant.id,
        })
      ).status,
    ).toBe(409);
    const pair = { freelancerId: freelancer.id, restaurantId: restaurant.id };
    expect((await post('/api/admin/unblock-freelancer', pair)).status).toBe(200);
    expect(AdminBlocksPageSchema.parse((await get('/api/admin/blocks?q=bruno')).body).items).toEqual([]);
    expect(await post('/api/admin/unblock-freelancer', pair)).toMatchObject({
      status: 404,
      body: { error: MESSAGES.blocks.notFound },
    });
  });
});

describe('Controle Mercado', () => {
  it("reads a business's spending dashboard for the admin, 404 for a missing one", async () => {
    const restaurant = await insertRestaurant(em(), { businessName: 'Mercado Controlado' });
    const freelancer = await insertFreelancer(em());
    const job = await insertJob(em(), restaurant, {
      status: 'completed',
      dateNeeded: saoPauloDate(new Date()),
    });
    await insertCompletedAssignment(em(), job, freelancer);
    const { status, body } = await get(`/api/admin/restaurants/${restaurant.id}/spending-analytics`);
    expect(status).toBe(200);
    const analytics = RestaurantSpendingAnalyticsSchema.parse(body);
    expect(analytics.summary).toMatchObject({ completed: 1, total: 1 });
    expect(await get('/api/admin/restaurants/999999/spending-analytics')).toMatchObject({
      status: 404,
      body: { error: MESSAGES.restaurants.notFound },
    });
  });
});
