import { z } from 'zod';
import { MESSAGES, USER_RATE_LIMITS } from '@turno/domain';
import { createBffApp, route } from './index';
import { rateLimitSubject, userRateLimitEnvName, userRateLimitsFromEnv } from './rate-limits';
import { securitySettings } from './session/settings';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from './testing';

const Ok = z.object({ ok: z.literal(true) });
const routes = [
  route({
    method: 'post',
    path: '/api/jobs/:id/apply',
    access: 'freelancer',
    rateLimit: 'apply',
    body: z.object({ message: z.string().max(10).optional() }),
    response: Ok,
    handler: () => ({ ok: true as const }),
  }),
];

describe('per-user rate limits', () => {
  let bff: TestBff;
  let roles: WalkRoles;
  beforeAll(async () => {
    const limits = { ...securitySettings({}).userRateLimits, apply: { limit: 3, windowSeconds: 600 } };
    bff = await startBffForTest((deps) => createBffApp({ name: 'bff-rate-limit-test', routes, ...deps }), {
      security: { userRateLimits: limits },
    });
    roles = await walkRoles(bff.db.orm.em.fork());
  });
  afterAll(() => bff.close());

  const apply = (cookie: string, json: unknown = {}) => bff.request('/api/jobs/1/apply', { cookie, json });

  it('answers 429 with a pt-BR message and Retry-After past the limit, per user, counting valid calls only', async () => {
    const cookie = await bff.sessionCookie(roles.freelancer);
    // Refused input never reaches the limiter (nor the handler).
    for (let call = 0; call < 5; call++)
      expect((await apply(cookie, { message: 'x'.repeat(50) })).status).toBe(400);
    for (let call = 0; call < 3; call++) expect((await apply(cookie)).status).toBe(200);
    const refused = await apply(cookie);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: MESSAGES.common.tooManyActions(10) });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another session of the same user is the same user; another user is not limited.
    expect((await apply(await bff.sessionCookie(roles.freelancer))).status).toBe(429);
    const key = `${bff.security.keyPrefix}rate:apply:user:${roles.freelancer.userId}`;
    expect(Number(await bff.redis.get(key))).toBe(5);
    expect(await bff.redis.ttl(key)).toBeGreaterThan(0);
    await bff.redis.del(key); // the window ends
    expect((await apply(cookie)).status).toBe(200);
  });

  it('counts per account: a business or freelancer by user, an admin by admin, nobody anonymous', () => {
    expect(rateLimitSubject({ role: 'freelancer', freelancerId: 4, userId: 9 })).toBe('user:9');
    expect(rateLimitSubject({ role: 'user', userId: 9, profile: null, deactivated: false })).toBe('user:9');
    expect(rateLimitSubject({ role: 'admin', adminId: 2 })).toBe('admin:2');
    expect(rateLimitSubject(null)).toBeNull();
  });

  it('keeps the limits in one table, each changed (or turned off with 0) by its environment variable', () => {
    expect(USER_RATE_LIMITS).toEqual({
      apply: { limit: 30, windowMinutes: 10 },
      createVacancies: { limit: 20, windowMinutes: 10 },
      profileWrite: { limit: 20, windowMinutes: 10 },
      photoUpload: { limit: 10, windowMinutes: 10 },
      presenceCode: { limit: 10, windowMinutes: 10 },
    });
    expect(userRateLimitEnvName('createVacancies')).toBe('USER_RATE_LIMIT_CREATE_VACANCIES');
    expect(userRateLimitsFromEnv({})).toEqual({
      apply: { limit: 30, windowSeconds: 600 },
      createVacancies: { limit: 20, windowSeconds: 600 },
      profileWrite: { limit: 20, windowSeconds: 600 },
      photoUpload: { limit: 10, windowSeconds: 600 },
      presenceCode: { limit: 10, windowSeconds: 600 },
    });
    const changed = userRateLimitsFromEnv({
      USER_RATE_LIMIT_APPLY: '100',
      USER_RATE_LIMIT_PHOTO_UPLOAD: '0',
    });
    expect(changed.apply).toEqual({ limit: 100, windowSeconds: 600 });
    expect(changed.photoUpload).toBeNull();
    expect(() => userRateLimitsFromEnv({ USER_RATE_LIMIT_APPLY: 'muitos' })).toThrow(/USER_RATE_LIMIT_APPLY/);
  });
});
