import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  HttpError,
  LOGIN_STATE_COOKIE,
  clearCookie,
  hashId,
  readCookie,
  route,
  setCookie,
  type Sessions,
} from '@turno/bff-kit';
import { CreateSessionRequestSchema, OkResponseSchema, RedirectUrlResponseSchema } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { userForIdentity } from '../identity';
import type { OidcClient, PendingLogin } from '../oidc';

/** A pending sign-in lives 10 minutes, in Redis and in the browser's `turno_login` cookie. */
export const LOGIN_TTL_SECONDS = 600;

const PendingLoginSchema = z.object({ codeVerifier: z.string().min(43), nonce: z.string().min(1) });

const loginKey = (sessions: Sessions, state: string) => sessions.key(`login:${hashId(state)}`);
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const invalidState = () => new HttpError(400, MESSAGES.signIn.invalidState);
const authenticationFailed = () => new HttpError(401, MESSAGES.signIn.authenticationFailed);

export function signInRoutes(oidc: OidcClient) {
  /**
   * GET /api/oauth/google/redirect_url → `{ redirectUrl }` at the configured provider (the name is
   * the spec's; the provider is whatever OIDC_ISSUER says). PKCE verifier and nonce wait in Redis
   * under the state; the `turno_login` cookie ties the state to this browser.
   */
  const redirectUrl = route({
    method: 'get',
    path: '/api/oauth/google/redirect_url',
    access: 'public',
    response: RedirectUrlResponseSchema,
    handler: async ({ ctx, sessions, redis }) => {
      const { url, state, pending } = await oidc.startLogin(ctx.state.logger);
      await redis.set(loginKey(sessions, state), JSON.stringify(pending), 'EX', LOGIN_TTL_SECONDS);
      setCookie(ctx, LOGIN_STATE_COOKIE, state, { ...loginCookie(sessions), maxAge: LOGIN_TTL_SECONDS });
      return { redirectUrl: url.href };
    },
  });

  /**
   * POST /api/sessions `{ code, state, iss? }` (from /auth/callback's query string): checks the
   * state against this browser's cookie, takes the pending sign-in from Redis (once: GETDEL),
   * exchanges the code, finds or creates the user by issuer + subject and starts a new session.
   * 400 'A sessão de login expirou…' for a wrong, reused or expired state; 401 'Falha na autenticação.'
   * when the provider's answer does not verify.
   */
  const createSession = route({
    method: 'post',
    path: '/api/sessions',
    access: 'public',
    body: CreateSessionRequestSchema,
    response: OkResponseSchema,
    handler: async ({ ctx, body, em, sessions, redis }) => {
      const cookieState = readCookie(ctx, LOGIN_STATE_COOKIE);
      clearCookie(ctx, LOGIN_STATE_COOKIE, loginCookie(sessions));
      if (!cookieState || !sameSecret(cookieState, body.state)) throw invalidState();
      const stored = await redis.getdel(loginKey(sessions, body.state));
      const pending = stored === null ? null : PendingLoginSchema.safeParse(parseJson(stored));
      if (!pending?.success) throw invalidState();

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
