import * as client from 'openid-client';
import { HttpError } from '@turno/bff-kit';
import type { Logger } from '@turno/server-runtime';
import { MESSAGES } from '@turno/domain';
import { issuerAllowsInsecureRequests, type OidcSettings } from './settings';

/** What the shell BFF keeps between the redirect and the callback (in Redis, under the state). */
export interface PendingLogin {
  codeVerifier: string;
  nonce: string;
}

/** The person the provider vouches for. Users are keyed on issuer + subject, never on e-mail. */
export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
}

export interface CallbackParams {
  code: string;
  state: string;
  iss?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The relying party, with openid-client 6: authorization code + PKCE (S256), state and nonce.
 * Discovery happens on first use and is retried later if the provider cannot be reached (it may
 * start after the BFF); until then sign-in answers 503 in pt-BR.
 */
export class OidcClient {
  private discovered?: Promise<client.Configuration>;
  private readonly insecure: boolean;

  constructor(
    readonly settings: OidcSettings,
    private readonly options: { attempts?: number; retryDelayMs?: number; timeoutSeconds?: number } = {},
  ) {
    this.insecure = issuerAllowsInsecureRequests(settings.issuer);
  }

  /** The provider's configuration (discovery), cached once it succeeds. */
  configuration(logger?: Logger): Promise<client.Configuration> {
    this.discovered ??= this.discover(logger).catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  private async discover(logger?: Logger): Promise<client.Configuration> {
    if (!this.settings.clientSecret) {
      logger?.error('OIDC_CLIENT_SECRET is not set: sign-in is unavailable');
      throw new HttpError(503, MESSAGES.signIn.providerUnavailable);
    }
    const attempts = this.options.attempts ?? 3;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const config = await client.discovery(
          new URL(this.settings.issuer),
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          {
            // The ID token's signature is checked against the provider's published keys (jwks_uri),
            // not only its claims: TLS alone would do for OIDC Core, ASVS V6.8.2 asks for both.
            execute: this.insecure
              ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
              : [client.enableNonRepudiationChecks],
            timeout: this.options.timeoutSeconds ?? 5,
          },
        );
        logger?.info({ issuer: config.serverMetadata().issuer }, 'OpenID provider discovered');
        return config;
      } catch (error) {
        lastError = error;
        if (attempt < attempts) await sleep((this.options.retryDelayMs ?? 300) * attempt);
      }
    }
    logger?.warn({ err: lastError, issuer: this.settings.issuer }, 'OpenID provider discovery failed');
    throw new HttpError(503, MESSAGES.signIn.providerUnavailable);
  }

  /** Where the browser goes to sign in, and the secrets to keep for the callback. */
  async startLogin(logger?: Logger): Promise<{ url: URL; state: string; pending: PendingLogin }> {
    const config = await this.configuration(logger);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (this.settings.prompt) parameters.prompt = this.settings.prompt;
    return { url: client.buildAuthorizationUrl(config, parameters), state, pending: { codeVerifier, nonce } };
  }

  /**
   * Exchanges the code (PKCE verifier, expected state and nonce, ID token required and verified)
   * and returns who signed in. E-mail and name come from the ID token, or from UserInfo when the
   * provider keeps them there.
   */
  async finishLogin(
    params: CallbackParams,
    pending: PendingLogin,
    logger?: Logger,
  ): Promise<SignedInIdentity> {
    const config = await this.configuration(logger);
    const metadata = config.serverMetadata();
    const callback = new URL(this.settings.redirectUri);
    callback.searchParams.set('code', params.code);
    callback.searchParams.set('state', params.state);
    // RFC 9207: with one configured provider there is no mix-up to detect, so a callback page
    // that did not forward `iss` is completed with the expected issuer; a different one still fails.
    const iss =
      params.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
    if (iss !== undefined) callback.searchParams.set('iss', iss);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: params.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('the ID token has no subject');
    // An address the provider says is not verified is not kept (it is informational only anyway).
    let email = claims.email_verified === false ? null : text(claims.email);
    let name = text(claims.name);
    if ((email === null || name === null) && metadata.userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      if (info.email_verified !== false) email ??= text(info.email);
      name ??= text(info.name);
    }
    return { issuer: metadata.issuer, subject: claims.sub, email, name };
  }
}
