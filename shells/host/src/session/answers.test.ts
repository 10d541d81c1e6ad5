import { AdminVerifyResponseSchema, CurrentUserSchema, RedirectUrlResponseSchema } from '@turno/contracts';
import { adminVerifyOf, currentUserOf, redirectUrlOf } from './answers';

const profile = {
  user_type: 'restaurant',
  id: 3,
  name: 'Mercado',
  is_approved: true,
  is_active: false,
  business_name: null,
};

/** Each hand-written check accepts exactly what the contract's zod schema accepts, with the same output. */
function agree(
  read: (value: unknown) => unknown,
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  value: unknown,
) {
  const expected = schema.safeParse(value);
  const got = read(value);
  expect(got !== undefined).toBe(expected.success);
  if (expected.success) expect(got).toEqual(expected.data);
}

describe('shell BFF answers read without zod', () => {
  it.each([
    { id: 1, email: 'm@x.com', name: 'Marcos', profile: null },
    { id: 1, email: null, name: null, profile },
    { id: 1, email: null, name: null, profile, extra: 'dropped' },
    { id: 1, email: null, name: null, profile: { ...profile, extra: 1 } },
    { id: 1, email: null, name: null, profile: { ...profile, user_type: 'robot' } },
    { id: 1, email: null, name: null, profile: { ...profile, id: 1.5 } },
    { id: 1, email: null, name: null, profile: { ...profile, business_name: 3 } },
    { id: 1, email: null, name: null },
    { id: 'x' },
    { id: 1, email: 5, name: null, profile: null },
    // Issue 27: the terms' acceptance, optional (an older shell BFF leaves it out).
    {
      id: 1,
      email: null,
      name: null,
      profile,
      terms: { accepted: false, terms_version: 'a', privacy_notice_version: 'b' },
    },
    {
      id: 1,
      email: null,
      name: null,
      profile,
      terms: { accepted: true, terms_version: 'a', privacy_notice_version: 'b', x: 1 },
    },
    {
      id: 1,
      email: null,
      name: null,
      profile,
      terms: { accepted: 'yes', terms_version: 'a', privacy_notice_version: 'b' },
    },
    { id: 1, email: null, name: null, profile, terms: { accepted: true, terms_version: 'a' } },
    { id: 1, email: null, name: null, profile, terms: null },
    // Issue 27: the one-time notice of a deletion called off, optional.
    { id: 1, email: null, name: null, profile, notice: 'Sua conta não será mais excluída' },
    { id: 1, email: null, name: null, profile, notice: 5 },
    null,
    [],
    'x',
  ])('GET /api/users/me: %j', (value) => agree(currentUserOf, CurrentUserSchema, value));

  it.each([
    { redirectUrl: 'http://localhost:4400/auth?client_id=turno' },
    { redirectUrl: 'https://accounts.google.com/o/oauth2/v2/auth?x=1', other: true },
    { redirectUrl: 'not a url' },
    { redirectUrl: 3 },
    {},
  ])('GET /api/oauth/google/redirect_url: %j', (value) =>
    agree(
      (v) => {
        const url = redirectUrlOf(v);
        return url === undefined ? undefined : { redirectUrl: url };
      },
      RedirectUrlResponseSchema,
      value,
    ),
  );

  it.each([
    { ok: true, admin: { id: 1, email: 'admin@turno.local', name: null } },
    { ok: true, admin: { id: 1, email: 'admin@turno.local', name: 'Ana', extra: 1 } },
    { ok: false, admin: { id: 1, email: 'a', name: null } },
    { ok: true, admin: { id: 1, email: null, name: null } },
    { ok: true },
  ])('GET /api/admin/verify: %j', (value) => agree(adminVerifyOf, AdminVerifyResponseSchema, value));
});
