import type { Context } from 'koa';

/** Business and freelancer session (SameSite=Lax: the sign-in comes back from the provider). */
export const USER_SESSION_COOKIE = 'turno_session';
/** Admin session (SameSite=Strict: admins never arrive from another site). */
export const ADMIN_SESSION_COOKIE = 'turno_admin';
/** Binds a pending sign-in (its state) to the browser that started it; 10 minutes, /api only. */
export const LOGIN_STATE_COOKIE = 'turno_login';

/**
 * The name a cookie goes by: over HTTPS the session cookies carry the `__Host-` prefix (the browser
 * then insists on Secure, Path=/ and no Domain, so no sibling subdomain can plant or shadow them)
 * and the sign-in cookie, which lives on /api, the `__Secure-` prefix. Local http keeps plain names
 * (browsers refuse prefixed cookies without Secure).
 */
export function cookieNameFor(name: string, secure: boolean): string {
  if (!secure) return name;
  return name === LOGIN_STATE_COOKIE ? `__Secure-${name}` : `__Host-${name}`;
}

export interface CookieOptions {
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
  /** Seconds; absent = a browser-session cookie. */
  maxAge?: number;
  path?: string;
}

const COOKIE_NAME = /^[A-Za-z0-9_-]+$/;
const COOKIE_VALUE = /^[A-Za-z0-9_.~-]*$/;

/** A Set-Cookie header value; always HttpOnly. Values are ids (base64url), never personal data. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!COOKIE_NAME.test(name) || !COOKIE_VALUE.test(value)) throw new Error(`unsafe cookie ${name}`);
  const parts = [
    `${name}=${value}`,
    `Path=${options.path ?? '/'}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
  ];
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
    if (options.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Sets a cookie by header (Koa's `ctx.cookies.set` refuses Secure cookies when TLS ends at a proxy
 * that does not say so; the flag is decided by configuration instead).
 */
export function setCookie(ctx: Context, name: string, value: string, options: CookieOptions): void {
  ctx.append('Set-Cookie', serializeCookie(name, value, options));
}

export function clearCookie(ctx: Context, name: string, options: Omit<CookieOptions, 'maxAge'>): void {
  setCookie(ctx, name, '', { ...options, maxAge: 0 });
}

/** The value of a request cookie (first one when repeated), or undefined. */
export function readCookie(ctx: Context, name: string): string | undefined {
  const header = ctx.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return undefined;
}
