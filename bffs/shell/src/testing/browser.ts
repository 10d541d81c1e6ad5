import type { TestBff } from '@turno/bff-kit/testing';

/** A minimal browser for tests: a cookie jar per host, redirects followed by hand. */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const jar = this.jars.get(new URL(url).host) ?? new Map<string, string>();
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  remember(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.jars.set(host, jar);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookies = this.cookieHeader(url);
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(url, response);
    return response;
  }

  /** Follows redirects (303 → GET) until `stop(url)` says so, or a non-redirect answer. */
  async follow(
    url: string,
    stop: (url: string) => boolean,
    init: RequestInit = {},
  ): Promise<{ url: string; response?: Response }> {
    let current = url;
    let request = init;
    for (let hops = 0; hops < 10; hops++) {
      if (stop(current)) return { url: current };
      const response = await this.fetch(current, request);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      current = new URL(location, current).href;
      request = {};
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/** The provider's answer at the portal's /auth/callback, as the host page would read it. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/**
 * What the host does: asks the BFF for the redirect URL, goes to the provider, picks a demo
 * account on its page (or cancels), and comes back to `/auth/callback?…`.
 */
export async function visitProvider(
  browser: TestBrowser,
  bff: TestBff,
  redirectUri: string,
  choice: { account: string } | 'cancel',
): Promise<{ callback: CallbackQuery; accountPage: string }> {
  const start = await browser.fetch(`${bff.url}/api/oauth/google/redirect_url`);
  if (start.status !== 200) throw new Error(`redirect_url answered ${start.status}: ${await start.text()}`);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const atPage = await browser.follow(redirectUrl, () => false);
  const accountPage = (await atPage.response?.text()) ?? '';
  const uid = /action="\/interaction\/([^/]+)\/login"/.exec(accountPage)?.[1];
  if (!uid) throw new Error(`no account page at ${atPage.url}: ${accountPage.slice(0, 300)}`);
  const idp = new URL(atPage.url).origin;
  const action = choice === 'cancel' ? 'abort' : 'login';
  const body = choice === 'cancel' ? '' : new URLSearchParams({ account: choice.account }).toString();
  const end = await browser.follow(
    `${idp}/interaction/${uid}/${action}`,
    (url) => url.startsWith(redirectUri),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    },
  );
  if (!end.url.startsWith(redirectUri)) throw new Error(`did not come back to the portal: ${end.url}`);
  return { callback: Object.fromEntries(new URL(end.url).searchParams) as CallbackQuery, accountPage };
}

/** POST /api/sessions from the callback page (with the BFF's cookies of this browser). */
export function createSession(browser: TestBrowser, bff: TestBff, body: unknown): Promise<Response> {
  return browser.fetch(`${bff.url}/api/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(bff.security.publicUrl).origin },
    body: JSON.stringify(body),
  });
}
