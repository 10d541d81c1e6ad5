import { JobListSchema } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { insertJob, insertRestaurant } from '@turno/core/testing';
import {
  foreignIdResolver,
  foreignRows,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { createRestaurantBff, routes } from './app';

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('restaurant BFF', () => {
  it("lists the signed-in restaurant's own vacancies, in every status, as its contract says", async () => {
    const { status, body } = await bff.request('/api/jobs', {
      cookie: await bff.sessionCookie(roles.restaurant),
    });
    expect(status).toBe(200);
    const jobs = JobListSchema.parse(body);
    expect(jobs.length).toBeGreaterThan(0);
    expect(new Set(jobs.map((job) => job.restaurant_name))).toEqual(new Set(['Supermercado Bom Preço']));
    expect(new Set(jobs.map((job) => job.status))).toEqual(
      new Set(['open', 'assigned', 'completed', 'cancelled']),
    );
  });

  it("never shows another restaurant's vacancies", async () => {
    const em = bff.db.orm.em.fork();
    const other = await insertRestaurant(em, { businessName: 'Mercado Vizinho' });
    await insertJob(em, other);
    const cookie = await bff.sessionCookie({
      role: 'restaurant',
      restaurantId: other.id,
      userId: other.user.id,
    });
    const jobs = JobListSchema.parse((await bff.request('/api/jobs', { cookie })).body);
    expect(jobs.map((job) => job.restaurant_name)).toEqual(['Mercado Vizinho']);
  });

  it('needs a restaurant session', async () => {
    expect(await bff.request('/api/jobs')).toMatchObject({
      status: 401,
      body: { error: MESSAGES.common.unauthenticated },
    });
    const freelancer = await bff.sessionCookie(roles.freelancer);
    expect(await bff.request('/api/jobs', { cookie: freelancer })).toMatchObject({
      status: 403,
      body: { error: MESSAGES.common.forbidden },
    });
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403, other owners 404', async () => {
    const { findings } = await walkRoutes({
      bff,
      routes,
      roles,
      foreignId: foreignIdResolver(await foreignRows(bff.db.orm.em.fork(), roles)),
    });
    expect(findings).toEqual([]);
  });

  it('is ready only with PostgreSQL and Redis', async () => {
    expect(await bff.get('/readyz')).toEqual({
      status: 200,
      body: { status: 'ok', checks: { postgres: 'ok', redis: 'ok' } },
    });
  });
});
