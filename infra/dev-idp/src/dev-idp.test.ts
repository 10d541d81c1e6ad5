import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEV_IDP_ACCOUNTS } from './accounts';
import { devIdpSettingsFromEnv } from './settings';
import { startDevIdpProcess, type DevIdpProcess } from './testing';

const REDIRECT_URI = 'http://localhost:18999/auth/callback';

let idp: DevIdpProcess;
beforeAll(async () => {
  idp = await startDevIdpProcess({ redirectUris: [REDIRECT_URI] });
}, 300_000);
afterAll(() => idp?.stop());

/** Cookies of the provider's origin, kept by hand; redirects followed by hand. */
class Jar {
  private readonly cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  }
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

function authorizationUrl(params: Record<string, string>): string {
  const url = new URL(`${idp.issuer}/auth`);
  for (const [key, value] of Object.entries({
    client_id: idp.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'state-1',
    nonce: 'nonce-1',
    ...params,
  })) {
    if (value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

/** Authorization request → account page → one account (or Cancelar) → the redirect back to the portal. */
async function authorize(jar: Jar, params: Record<string, string>, choice: string | 'cancel') {
  let response = await jar.fetch(authorizationUrl(params));
  let location = new URL(response.headers.get('location') ?? '', idp.issuer).href;
  if (location.startsWith(REDIRECT_URI)) return { callback: new URL(location), page: '' };
  response = await jar.fetch(location);
  const page = await response.text();
  const action = choice === 'cancel' ? 'abort' : 'login';
  response = await jar.fetch(`${location}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: choice === 'cancel' ? '' : `account=${encodeURIComponent(choice)}`,
  });
  for (let hops = 0; hops < 5; hops++) {
    location = new URL(response.headers.get('location') ?? '', idp.issuer).href;
    if (location.startsWith(REDIRECT_URI)) break;
    response = await jar.fetch(location);
  }
  return { callback: new URL(location), page };
}

describe('development OpenID provider', () => {
  it('publishes its discovery document: PKCE S256, code flow, sub / email / name', async () => {
    const discovery = (await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'name']));
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('signs a demo account in with authorization code + PKCE, consent granted without asking', async () => {
    const verifier = b64url(randomBytes(32));
    const challenge = b64url(createHash('sha256').update(verifier).digest());
    const jar = new Jar();
    const { callback, page } = await authorize(
      jar,
      { code_challenge: challenge, code_challenge_method: 'S256' },
      'demo-freelancer',
    );
    expect(page).toContain('Entrar na conta de demonstração');
    expect(page).toContain('Entrar como Ana Souza (Freelancer aprovada)');
    expect(callback.searchParams.get('state')).toBe('state-1');
    expect(callback.searchParams.get('iss')).toBe(idp.issuer);
    const code = callback.searchParams.get('code') as string;

    const tokenRequest = (codeVerifier: string) =>
      fetch(`${idp.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: codeVerifier,
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
        }),
      });
    expect((await tokenRequest(b64url(randomBytes(32)))).status).toBe(400);
    // A code survives no failed attempt: ask again from the start.
    const second = await authorize(
      new Jar(),
      { code_challenge: challenge, code_challenge_method: 'S256' },
      'demo-freelancer',
    );
    const tokens = (await (
      await fetch(`${idp.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: second.callback.searchParams.get('code') as string,
          redirect_uri: REDIRECT_URI,
          code_verifier: verifier,
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
        }),
      })
    ).json()) as { id_token: string; access_token: string };
    const idToken = JSON.parse(
      Buffer.from(tokens.id_token.split('.')[1] as string, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(idToken).toMatchObject({
      iss: idp.issuer,
      sub: 'demo-freelancer',
      aud: idp.clientId,
      nonce: 'nonce-1',
    });

    const userinfo = await fetch(`${idp.issuer}/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await userinfo.json()).toMatchObject({
      sub: 'demo-freelancer',
      email: 'ana.souza@example.com',
      name: 'Ana Souza',
    });
  });

  it('requires PKCE', async () => {
    const { callback } = await authorize(new Jar(), {}, 'demo-restaurant');
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('answers access_denied when the person cancels', async () => {
    const { callback } = await authorize(
      new Jar(),
      { code_challenge: b64url(randomBytes(32)), code_challenge_method: 'S256' },
      'cancel',
    );
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('shows the account page again at every sign-in, so another account can be chosen', async () => {
    const jar = new Jar();
    const verifier = b64url(randomBytes(32));
    const pkce = {
      code_challenge: b64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    };
    await authorize(jar, pkce, 'demo-restaurant');
    const again = await authorize(jar, pkce, 'demo-new');
    expect(again.page).toContain('Entrar como Marcos Almeida (Mercado)');
    const response = await fetch(`${idp.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: again.callback.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
      }),
    });
    const { id_token } = (await response.json()) as { id_token: string };
    expect(JSON.parse(Buffer.from(id_token.split('.')[1] as string, 'base64url').toString())).toMatchObject({
      sub: 'demo-new',
    });
  });

  it('has the five demo accounts: restaurant owner, approved and pending freelancers, a new person, an invitee', () => {
    expect(DEV_IDP_ACCOUNTS.map((account) => account.subject)).toEqual([
      'demo-restaurant',
      'demo-freelancer',
      'demo-freelancer-pending',
      'demo-new',
      'demo-invited',
    ]);
  });

  it('refuses to start with NODE_ENV=production', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'main.ts')], {
      cwd: join(__dirname, '..', '..', '..'),
      env: { ...process.env, NODE_ENV: 'production', OIDC_CLIENT_SECRET: 'x', DEV_IDP_PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('never runs with NODE_ENV=production');
  });

  it('reads its settings from the same OIDC_* variables as the shell BFF', () => {
    expect(devIdpSettingsFromEnv({ OIDC_CLIENT_SECRET: 's', PORT_OFFSET: '10000' })).toMatchObject({
      port: 14400,
      issuer: 'http://localhost:14400',
      clientId: 'turno-portal',
      redirectUris: ['http://localhost:18080/auth/callback'],
    });
    expect(() => devIdpSettingsFromEnv({})).toThrow('OIDC_CLIENT_SECRET');
  });
});
