import { MESSAGES, USER_RATE_LIMITS } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from './app';

/**
 * The business's rate-limited actions (libs/domain USER_RATE_LIMITS, the production values): every
 * call that passes validation counts, refused or not; one past the limit is 429 with a pt-BR
 * message and Retry-After, before the handler runs.
 */
let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

async function expectLimited(
  limit: number,
  call: () => Promise<{ status: number; body: unknown; headers: Headers }>,
): Promise<unknown> {
  for (let index = 0; index < limit; index++) expect((await call()).status).not.toBe(429);
  const refused = await call();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  return refused.body;
}

it(`stops creating vacancies after ${USER_RATE_LIMITS.createVacancies.limit} calls in ${USER_RATE_LIMITS.createVacancies.windowMinutes} minutes`, async () => {
  const cookie = await bff.sessionCookie(roles.restaurant);
  // Calls the service refuses (no dates) count as well: the limit is on attempts.
  const body = await expectLimited(USER_RATE_LIMITS.createVacancies.limit, () =>
    bff.request('/api/jobs', { cookie, json: {} }),
  );
  expect(body).toEqual({
    error: MESSAGES.common.tooManyActions(USER_RATE_LIMITS.createVacancies.windowMinutes),
  });
});

it(`stops profile writes after ${USER_RATE_LIMITS.profileWrite.limit}`, async () => {
  const cookie = await bff.sessionCookie(roles.restaurant);
  await expectLimited(USER_RATE_LIMITS.profileWrite.limit, () =>
    bff.request('/api/restaurant/profile', {
      method: 'PUT',
      cookie,
      json: { name: 'Carla Mendes', businessName: 'Hortifruti da Carla', phone: 'não é telefone' },
    }),
  );
});
