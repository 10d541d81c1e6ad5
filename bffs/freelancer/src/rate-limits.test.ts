import { MESSAGES, USER_RATE_LIMITS } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from './app';

/**
 * The freelancer's rate-limited actions (libs/domain USER_RATE_LIMITS, the production values):
 * every call that passes validation counts, refused or not; one past the limit is 429 with a pt-BR
 * message and Retry-After, before the handler runs.
 */
let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

async function expectLimited(
  limit: number,
  call: () => Promise<{ status: number; body: unknown; headers: Headers }>,
): Promise<{ status: number; body: unknown }> {
  for (let index = 0; index < limit; index++) expect((await call()).status).not.toBe(429);
  const refused = await call();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  return refused;
}

it(`stops applying after ${USER_RATE_LIMITS.apply.limit} applications in ${USER_RATE_LIMITS.apply.windowMinutes} minutes`, async () => {
  const cookie = await bff.sessionCookie(roles.freelancer);
  const refused = await expectLimited(USER_RATE_LIMITS.apply.limit, () =>
    bff.request('/api/jobs/2147483000/apply', { cookie, json: {} }),
  );
  expect(refused.body).toEqual({
    error: MESSAGES.common.tooManyActions(USER_RATE_LIMITS.apply.windowMinutes),
  });
});

it(`stops profile writes after ${USER_RATE_LIMITS.profileWrite.limit}, and photo uploads after ${USER_RATE_LIMITS.photoUpload.limit}`, async () => {
  const cookie = await bff.sessionCookie(roles.freelancer);
  await expectLimited(USER_RATE_LIMITS.profileWrite.limit, () =>
    bff.request('/api/freelancers/profile', {
      method: 'PUT',
      cookie,
      json: { name: '', cpf: '', pix_key: '' },
    }),
  );
  // Uploads answer in the upload's own shape, the limit's message in it.
  const refused = await expectLimited(USER_RATE_LIMITS.photoUpload.limit, () =>
    bff.request('/api/freelancers/upload-photo', { cookie, json: {} }),
  );
  expect(refused.body).toEqual({
    success: false,
    error: MESSAGES.common.tooManyActions(USER_RATE_LIMITS.photoUpload.windowMinutes),
    details: null,
  });
});
