import { generateKeyPairSync, createSign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OidcClient } from './oidc';

/**
 * The ID token's signature is checked against the provider's published keys (ASVS V6.8.2): a
 * provider stand-in that answers the token endpoint with an ID token signed by a key it does not
 * publish is refused, the same token signed by its published key is accepted.
 */
const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const REDIRECT_URI = 'http://localhost:4999/auth/callback';
const CLIENT_ID = 'turno-test';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signJwt(claims: Record<string, unknown>, key: KeyObject): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'published' }));
  const body = b64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${header}.${body}`).sign(key);
  return `${header}.${body}.${b64url(signature)}`;
}

let server: Server;
let issuer: string;
/** What the next token answer is signed with, and the nonce it must carry. */
const next: { key: KeyObject; nonce: string } = { key: published.privateKey, nonce: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') {
      return json({
        keys: [
          { ...published.publicKey.export({ format: 'jwk' }), kid: 'published', alg: 'RS256', use: 'sig' },
        ],
      });
    }
    if (url.pathname === '/token') {
      req.resume();
      const now = Math.floor(Date.now() / 1000);
      const idToken = signJwt(
        {
          iss: issuer,
          aud: CLIENT_ID,
          sub: 'pessoa-1',
          nonce: next.nonce,
          iat: now,
          exp: now + 300,
          email: 'p@example.com',
          name: 'Pessoa',
        },
        next.key,
      );
      return json({ access_token: 'opaque', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function signInWith(key: KeyObject) {
  const oidc = new OidcClient({
    issuer,
    clientId: CLIENT_ID,
    clientSecret: 'segredo',
    redirectUri: REDIRECT_URI,
    scopes: 'openid email profile',
  });
  const { state, pending } = await oidc.startLogin();
  next.key = key;
  next.nonce = pending.nonce;
  return oidc.finishLogin({ code: 'codigo', state }, pending);
}

describe('the ID token signature', () => {
  it('is accepted when made with a key the provider publishes', async () => {
    await expect(signInWith(published.privateKey)).resolves.toEqual({
      issuer,
      subject: 'pessoa-1',
      email: 'p@example.com',
      name: 'Pessoa',
    });
  });

  it('is refused when made with any other key, even with every claim right', async () => {
    await expect(signInWith(forger.privateKey)).rejects.toThrow();
  });
});
