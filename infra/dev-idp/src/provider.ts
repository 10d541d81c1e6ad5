/**
 * The development OpenID provider: oidc-provider 9 with one confidential client (the shell BFF),
 * PKCE required, claims sub / email / name, and its own pt-BR account page instead of a password.
 * Development and tests only: `createDevIdp` refuses to run when NODE_ENV=production.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEV_IDP_ACCOUNTS, findDevIdpAccount } from './accounts';
import { accountPage, errorPage } from './pages';

export interface DevIdpOptions {
  /** Issuer identifier, e.g. `http://localhost:4400` (must be where the server is reached). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the client may send people back (the portal's /auth/callback). */
  redirectUris: readonly string[];
  /** NODE_ENV check; default process.env. */
  env?: NodeJS.ProcessEnv;
}

export const SCOPES = 'openid email profile';

/** Thrown (and the process exits) when someone tries to run the development provider in production. */
export class ProductionRefusedError extends Error {
  constructor() {
    super('infra/dev-idp is a development identity provider and never runs with NODE_ENV=production');
    this.name = 'ProductionRefusedError';
  }
}

function signingKey() {
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/**
 * The login prompt always shows the account page (even with a provider session), so a person can
 * switch demo accounts after logging out of the portal; once an account was picked, it passes.
 */
function alwaysChooseAccountPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('choose_demo_account', 'Choose a demo account', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** Consent is implicit for the portal (first-party client): the grant is made with the requested scopes. */
async function grantRequestedScopes(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.account?.accountId ?? oidc.session?.accountId;
  if (!client || !accountId) return undefined;
  const existingId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  if (existingId) {
    const existing = await oidc.provider.Grant.find(existingId);
    // After switching accounts the provider session still names the previous account's grant.
    if (existing?.accountId === accountId) return existing;
  }
  const grant = new oidc.provider.Grant({ clientId: client.clientId, accountId });
  grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
  await grant.save();
  return grant;
}

export function devIdpConfiguration(options: DevIdpOptions): Configuration {
  return {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      const account = findDevIdpAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.subject,
        claims: async () => ({
          sub: account.subject,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy: alwaysChooseAccountPolicy(),
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    loadExistingGrant: grantRequestedScopes,
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Short lives: the provider exists to finish one sign-in at a time.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    jwks: { keys: [signingKey()] },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        String(out.error ?? 'server_error'),
        out.error_description ? String(out.error_description) : '',
      );
    },
  };
}

async function readForm(ctx: { req: AsyncIterable<unknown> }): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Choosing another account than the one this browser last signed in with would make the provider
 * run its own logout step first (an extra auto-submitted page). The demo switches accounts all the
 * time, so the provider session forgets the previous account and its grants instead.
 */
async function forgetPreviousAccount(
  provider: Provider,
  previous: { uid: string; accountId?: string } | undefined,
  accountId: string,
): Promise<void> {
  if (!previous?.uid || !previous.accountId || previous.accountId === accountId) return;
  const session = (await provider.Session.findByUid(previous.uid)) as
    (InstanceType<Provider['Session']> & { accountId?: string; authorizations?: unknown }) | undefined;
  if (!session) return;
  session.accountId = undefined;
  session.authorizations = {};
  await session.persist();
}

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|abort))?$/;

/** A Provider (a Koa app) with the account page mounted at /interaction/:uid. */
export function createDevIdp(options: DevIdpOptions): Provider {
  if ((options.env ?? process.env).NODE_ENV === 'production') throw new ProductionRefusedError();
  const provider = new Provider(options.issuer, devIdpConfiguration(options));

  provider.use(async (ctx, next) => {
    const match = INTERACTION_PATH.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    let details;
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage(
        'invalid_request',
        'O login expirou. Volte ao Turno e clique em entrar novamente.',
      );
      return;
    }
    if (details.uid !== uid) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('invalid_request', 'Este link de login não é o desta janela.');
      return;
    }

    if (action === undefined && ctx.method === 'GET') {
      if (details.prompt.name === 'login') {
        ctx.type = 'html';
        ctx.body = accountPage(uid, DEV_IDP_ACCOUNTS);
        return;
      }
      // Consent is granted by loadExistingGrant; anything else left is finished as is.
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, {}, { mergeWithLastSubmission: true }));
      ctx.status = 303;
      return;
    }

    if (ctx.method !== 'POST') {
      ctx.status = 405;
      return;
    }
    if (action === 'abort') {
      ctx.redirect(
        await provider.interactionResult(
          ctx.req,
          ctx.res,
          { error: 'access_denied', error_description: 'O login foi cancelado.' },
          { mergeWithLastSubmission: false },
        ),
      );
      ctx.status = 303;
      return;
    }
    const account = findDevIdpAccount((await readForm(ctx)).get('account') ?? '');
    if (!account) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = accountPage(uid, DEV_IDP_ACCOUNTS, 'Escolha uma das contas abaixo.');
      return;
    }
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.subject, remember: false } },
      { mergeWithLastSubmission: false },
    );
    await forgetPreviousAccount(provider, details.session, account.subject);
    ctx.redirect(returnTo);
    ctx.status = 303;
  });

  return provider;
}

export interface RunningDevIdp {
  issuer: string;
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Creates the provider and listens on `port` (127.0.0.1 unless `host` says otherwise). */
export async function startDevIdp(
  options: DevIdpOptions & { port: number; host?: string },
): Promise<RunningDevIdp> {
  const provider = createDevIdp(options);
  const server = createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    issuer: options.issuer,
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
