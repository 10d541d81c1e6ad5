import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import {
  ADMIN_SESSION_COOKIE,
  USER_SESSION_COOKIE,
  clearCookie,
  cookieNameFor,
  readCookie,
  setCookie,
  type CookieOptions,
} from './cookies';
import type { SecuritySettings } from './settings';
import { SessionStore, type SessionKind, type SessionPrincipal, type SessionRecord } from './store';

type SessionCache = Partial<Record<SessionKind, Promise<SessionRecord | null>>>;

/**
 * Sessions as a BFF handler sees them: read from the request's cookie (once per request), started
 * at sign-in (always a new id: the old session of that kind is deleted) and ended at logout.
 * Users carry `turno_session` (SameSite=Lax), admins `turno_admin` (SameSite=Strict).
 */
export class Sessions {
  readonly store: SessionStore;

  constructor(
    readonly redis: Redis,
    readonly settings: SecuritySettings,
  ) {
    this.store = new SessionStore(redis, settings);
  }

  cookieName(kind: SessionKind): string {
    return cookieNameFor(
      kind === 'admin' ? ADMIN_SESSION_COOKIE : USER_SESSION_COOKIE,
      this.settings.cookieSecure,
    );
  }

  /**
   * Users keep their session across browser restarts until its absolute timeout; an admin's cookie
   * has no Max-Age, so it ends when the browser closes (and the server ends it at its timeouts).
   */
  cookieOptions(kind: SessionKind): CookieOptions {
    return {
      sameSite: kind === 'admin' ? 'Strict' : 'Lax',
      secure: this.settings.cookieSecure,
      ...(kind === 'admin' ? {} : { maxAge: this.store.policy(kind).absoluteSeconds }),
      path: '/',
    };
  }

  /** A Redis key in the auth namespace (pending sign-ins, throttles). */
  key(suffix: string): string {
    return `${this.settings.keyPrefix}${suffix}`;
  }

  /** The caller's live session of this kind (idle timeout renewed), or null. */
  current(ctx: Context, kind: SessionKind): Promise<SessionRecord | null> {
    const cache = ((ctx.state.sessionCache as SessionCache | undefined) ??= {});
    return (cache[kind] ??= this.store.touch(readCookie(ctx, this.cookieName(kind)), kind));
  }

  /** Signs in: deletes the session this browser had (of that kind), creates a new one, sets the cookie. */
  async start(ctx: Context, principal: SessionPrincipal): Promise<void> {
    const name = this.cookieName(principal.kind);
    await this.store.destroy(readCookie(ctx, name));
    const id = await this.store.create(principal);
    setCookie(ctx, name, id, this.cookieOptions(principal.kind));
    const cache = ctx.state.sessionCache as SessionCache | undefined;
    if (cache) delete cache[principal.kind];
  }

  /**
   * Ends every session of an account at once, in every browser (its live streams close at their
   * next heartbeat): call it after rejecting, deactivating, anonymizing or deleting the account, or
   * changing an admin's password.
   */
  endAllOf(principal: SessionPrincipal): Promise<number> {
    return this.store.endAllOf(principal);
  }

  /** Signs out: deletes the session and clears the cookie (also when there was none). */
  async end(ctx: Context, kind: SessionKind): Promise<void> {
    const name = this.cookieName(kind);
    await this.store.destroy(readCookie(ctx, name));
    const { maxAge: _maxAge, ...options } = this.cookieOptions(kind);
    clearCookie(ctx, name, options);
    const cache = ctx.state.sessionCache as SessionCache | undefined;
    if (cache) cache[kind] = Promise.resolve(null);
  }
}
