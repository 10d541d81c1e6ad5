import { FreelancerJobsPageSchema } from '@turno/contracts';
import { Block, Restaurant } from '@turno/core';
import { saoPauloDate } from '@turno/domain';
import {
  foreignIdResolver,
  foreignRows,
  startBffForTest,
  walkRoles,
  walkRoutes,
  type TestBff,
  type WalkRoles,
} from '@turno/bff-kit/testing';
import { createFreelancerBff, routes } from './app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
});
afterAll(() => bff.close());

const openJobs = async () =>
  FreelancerJobsPageSchema.parse((await bff.request('/api/jobs?limit=200', { cookie })).body).items;

describe('freelancer BFF', () => {
  it('lists open vacancies from today on, with the payout and without addresses', async () => {
    const { status, body } = await bff.request('/api/jobs', { cookie });
    expect(status).toBe(200);
    const page = FreelancerJobsPageSchema.parse(body);
    const jobs = page.items;
    expect(jobs.length).toBeGreaterThan(0);
    expect(page.total).toBeGreaterThanOrEqual(jobs.length);
    const today = saoPauloDate(new Date());
    for (const job of jobs) {
      expect(job.date_needed >= today).toBe(true);
      expect(job.freelancer_payment_amount).toBeLessThan(job.hourly_rate);
      expect(job).not.toHaveProperty('restaurant_address');
    }
  });

  it("stops showing a restaurant's vacancies once it blocks the signed-in freelancer", async () => {
    const before = await openJobs();
    const blockingName = before[0]!.restaurant_name;
    expect(before.some((job) => job.restaurant_name !== blockingName)).toBe(true);

    const em = bff.db.orm.em.fork();
    const restaurant = await em.findOneOrFail(Restaurant, { businessName: blockingName });
    em.create(Block, {
      freelancer: roles.freelancer.freelancerId,
      restaurant,
      blockedBy: 'restaurant',
      blockReason: 'Teste',
    });
    await em.flush();

    const after = await openJobs();
    expect(after.map((job) => job.restaurant_name)).not.toContain(blockingName);
    expect(after).toEqual(before.filter((job) => job.restaurant_name !== blockingName));
  });

  it('searches business names and refuses a date that is not AAAA-MM-DD', async () => {
    const all = await openJobs();
    const name = all[0]!.restaurant_name;
    const found = FreelancerJobsPageSchema.parse(
      (await bff.request(`/api/jobs?q=${encodeURIComponent(name.toUpperCase())}&limit=200`, { cookie })).body,
    );
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((job) => job.restaurant_name === name || job.title.includes(name))).toBe(true);
    expect((await bff.request('/api/jobs?date=amanha', { cookie })).status).toBe(400);
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
});
