import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import {
  HttpError,
  LOGIN_STATE_COOKIE,
  WindowCounter,
  clearCookie,
  cookieNameFor,
  hashId,
  readCookie,
  route,
  setCookie,
  type Sessions,
} from '@turno/bff-kit';
import { CreateSessionRequestSchema, OkResponseSchema, RedirectUrlResponseSchema } from '@turno/contracts';
import { cancelAccountDeletionOnSignIn, userForIdentity } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { hashClientIp } from '@turno/server-runtime';
import { LoginCookieSealer } from '../login-cookie';
import type { OidcClient, PendingLogin } from '../oidc';
import { addressGroup } from '../admin-login-throttle';
import type { SignInLimits } from '../settings';

/** A pending sign-in lives 10 minutes, sealed in the browser's `turno_login` cookie (login-cookie.ts). */
export const LOGIN_TTL_SECONDS = 600;
const loginCookieName = (sessions: Sessions) =>
  cookieNameFor(LOGIN_STATE_COOKIE, sessions.settings.cookieSecure);
const loginCookie = (sessions: Sessions) => ({
  sameSite: 'Lax' as const,
  secure: sessions.settings.cookieSecure,
  path: '/api',
});

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const invalidState = () => new HttpError(400, MESSAGES.signIn.invalidState);
const authenticationFailed = () => new HttpError(401, MESSAGES.signIn.authenticationFailed);

export function signInRoutes(oidc: OidcClient, limits: SignInLimits) {
  // Made at the first sign-in, so a process without a client secret (tests of other routes) starts.
  let sealer: LoginCookieSealer | undefined;
  const loginSealer = () => (sealer ??= new LoginCookieSealer(oidc.settings.clientSecret));

  /**
   * At most `limits.perAddress` calls of one endpoint per client address (an IPv6 /64) per window,
   * counted in Redis for every replica; then 429 'Muitas requisições…' with Retry-After. Keeps one
   * address from flooding the provider's token endpoint through us (a callback calls it) or from
   * minting sign-in cookies without end; generous, since many people may share an address (mobile NAT).
   */
  async function perAddress(ctx: Context, redis: Redis, sessions: Sessions, endpoint: string) {
    const counter = new WindowCounter(redis, limits.perAddress, Math.round(limits.windowMinutes * 60));
    const key = sessions.key(`sign-in:${endpoint}:${hashId(addressGroup(ctx.ip))}`);
    if (await counter.hitAndCheck(key)) {
      ctx.set('Retry-After', String(Math.max(1, await counter.retryAfter(key))));
      ctx.state.logger?.warn({ endpoint, ipHash: hashId(ctx.ip).slice(0, 16) }, 'sign-in throttled');
      throw new HttpError(429, MESSAGES.common.rateLimited);
    }
  }

  /**
   * GET /api/oauth/google/redirect_url → `{ redirectUrl }` at the configured provider (the name is
   * the spec's; the provider is whatever OIDC_ISSUER says). State, PKCE verifier and nonce are
   * sealed in this browser's `turno_login` cookie: nothing is stored on the server but the
   * address's count (429 past SIGN_IN_IP_MAX_REQUESTS per SIGN_IN_IP_WINDOW_MINUTES).
   */
  const redirectUrl = route({
    method: 'get',
    path: '/api/oauth/google/redirect_url',
    access: 'public',
    response: RedirectUrlResponseSchema,
    handler: async ({ ctx, sessions, redis }) => {
      await perAddress(ctx, redis, sessions, 'redirect');
      const { url, state, pending } = await oidc.startLogin(ctx.state.logger);
      const sealed = loginSealer().seal({
        state,
        ...pending,
        expiresAt: Date.now() + LOGIN_TTL_SECONDS * 1000,
      });
      setCookie(ctx, loginCookieName(sessions), sealed, {
        ...loginCookie(sessions),
        maxAge: LOGIN_TTL_SECONDS,
      });
      return { redirectUrl: url.href };
    },
  });

  /**
   * POST /api/sessions `{ code, state, iss? }` (from /auth/callback's query string): checks the
   * state against the one sealed in this browser's cookie (used once: a marker in Redis until the
   * sign-in would have expired),
   * exchanges the code, finds or creates the user by issuer + subject and starts a new session.
   * 400 'A sessão de login expirou…' for a wrong, reused or expired state; 401 'Falha na autenticação.'
   * when the provider's answer does not verify; 429 past the address's limit (as the redirect URL).
   */
  const createSession = route({
    method: 'post',
    path: '/api/sessions',
    access: 'public',
    body: CreateSessionRequestSchema,
    response: OkResponseSchema,
    handler: async ({ ctx, body, em, sessions, redis }) => {
      await perAddress(ctx, redis, sessions, 'callback');
      const sealed = loginSealer().open(readCookie(ctx, loginCookieName(sessions)));
      clearCookie(ctx, loginCookieName(sessions), loginCookie(sessions));
      if (!sealed || !sameSecret(sealed.state, body.state)) throw invalidState();
      const firstUse = await redis.set(
        sessions.key(`login-used:${hashId(sealed.state)}`),
        '1',
        'PX',
        Math.max(1, sealed.expiresAt - Date.now()),
        'NX',
      );
      if (firstUse === null) throw invalidState();
      const pending = { data: { codeVerifier: sealed.codeVerifier, nonce: sealed.nonce } };

      let identity;
      try {
        identity = await oidc.finishLogin(body, pending.data satisfies PendingLogin, ctx.state.logger);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const { name, message, code } = error as Error & { code?: string };
        ctx.state.logger?.warn({ err: { name, message, code } }, 'sign-in callback refused');
        throw authenticationFailed();
      }
      const userId = await userForIdentity(em, identity);
      // Issue 27: signing in within a deletion's 7 days calls it off (audited; /me tells the person once).
      await cancelAccountDeletionOnSignIn(em, userId, {
        requestId: (ctx.state.requestId as string | undefined) ?? null,
        ipHash: hashClientIp(ctx.ip),
      });
      await sessions.start(ctx, { kind: 'user', userId });
      ctx.state.logger?.info({ userId }, 'signed in');
      return { success: true as const };
    },
  });

  const logoutHandler = async ({
    ctx,
    sessions,
  }: {
    ctx: Parameters<typeof sessions.end>[0];
    sessions: Sessions;
  }) => {
    await sessions.end(ctx, 'user');
    return { success: true as const };
  };

  /** GET /api/logout (spec 01 §7): ends the session. Same-origin only: another site cannot log people out. */
  const logoutGet = route({
    method: 'get',
    path: '/api/logout',
    access: 'public',
    sameOriginOnly: true,
    response: OkResponseSchema,
    handler: logoutHandler,
  });

  /** POST /api/logout: the same, for clients that prefer POST. */
  const logoutPost = route({
    method: 'post',
    path: '/api/logout',
    access: 'public',
    response: OkResponseSchema,
    handler: logoutHandler,
  });

  return [redirectUrl, createSession, logoutGet, logoutPost];
}
