import { RestaurantApplicationListSchema } from '@turno/contracts';
import { Restaurant, applyToJob } from '@turno/core';
import { insertCompletedAssignment, insertFreelancer, insertJob } from '@turno/core/testing';
import { addDays, saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/** Issue 23: the applicants carry the reliability score and sort by it on the server. */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

it('lists each applicant with the score ("Sem histórico" = null) and sorts by it with ?sort=reliability', async () => {
  const em = bff.db.orm.em.fork();
  const market = await em.findOneOrFail(Restaurant, { id: roles.restaurant.restaurantId });
  const today = saoPauloDate(new Date());
  const job = await insertJob(em, market, { dateNeeded: addDays(today, 2), status: 'open' });
  const newcomer = await insertFreelancer(em, { name: 'Nina Nova', profilePhotoUrl: '/fotos/n.jpg' });
  const steady = await insertFreelancer(em, { name: 'Sara Firme', profilePhotoUrl: '/fotos/s.jpg' });
  for (const days of [-10, -9, -8]) {
    const date = addDays(today, days);
    const done = await insertJob(em, market, { dateNeeded: date, status: 'completed' });
    await insertCompletedAssignment(em, done, steady, { checkInAt: new Date(`${date}T11:00:00Z`) });
  }
  const actor = (f: typeof newcomer) => ({
    role: 'freelancer' as const,
    freelancerId: f.id,
    userId: f.user.id,
  });
  await applyToJob(em.fork(), actor(newcomer), { jobId: job.id });
  await applyToJob(em.fork(), actor(steady), { jobId: job.id });

  const list = async (query: string) =>
    RestaurantApplicationListSchema.parse(
      (await bff.request(`/api/restaurant/jobs/${job.id}/applications${query}`, { cookie })).body,
    ).map((a) => [a.freelancer_name, a.reliability_score, a.total_jobs]);
  expect(await list('')).toEqual([
    ['Nina Nova', null, 0],
    ['Sara Firme', 100, expect.any(Number)],
  ]);
  expect((await list('?sort=reliability')).map(([name]) => name)).toEqual(['Sara Firme', 'Nina Nova']);
  expect(
    (await bff.request(`/api/restaurant/jobs/${job.id}/applications?sort=nota`, { cookie })).status,
  ).toBe(400);
});
