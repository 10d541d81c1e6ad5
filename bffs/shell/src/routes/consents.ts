import { route } from '@turno/bff-kit';
import {
  AcceptTermsRequestSchema,
  ConsentsResponseSchema,
  SetConsentRequestSchema,
  type ConsentsResponse,
} from '@turno/contracts';
import {
  acceptTerms,
  consentHistory,
  consentStates,
  setOptionalConsent,
  termsAcceptanceOf,
  type ConsentContext,
  type EntityManager,
  type UserCaller,
} from '@turno/core';
import { optionalConsentsFor } from '@turno/domain';
import { hashClientIp } from '@turno/server-runtime';
import type { Context } from 'koa';

/**
 * Where an acceptance or a withdrawal came from: the app (`host/setup`, `host/terms`,
 * `profile/privacy`) and the browser's user agent; the address only as HMAC-SHA-256 under the
 * server's key (LOG_IP_HASH_KEY, the key of the request lines' ipHash).
 */
export function consentContext(ctx: Context, app: string): ConsentContext {
  const agent = ctx.get('user-agent');
  return {
    client: agent ? `${app}; ${agent}` : app,
    ipHash: hashClientIp(ctx.ip),
    requestId: (ctx.state.requestId as string | undefined) ?? null,
  };
}

/** The person's consents as "Privacidade" shows them. */
async function consentsView(em: EntityManager, caller: UserCaller): Promise<ConsentsResponse> {
  const states = await consentStates(em, caller.userId);
  const acceptance = termsAcceptanceOf(states);
  const accepted = (kind: 'terms' | 'privacy_notice') => {
    const state = states.find((candidate) => candidate.kind === kind);
    return state?.action === 'accepted' ? { version: state.version, at: state.at.toISOString() } : null;
  };
  const applicable = caller.profile ? optionalConsentsFor(caller.profile.role) : [];
  const history = await consentHistory(em, caller.userId, 100);
  return {
    terms_version: acceptance.termsVersion,
    privacy_notice_version: acceptance.privacyNoticeVersion,
    accepted_terms: accepted('terms'),
    accepted_privacy_notice: accepted('privacy_notice'),
    optional: applicable.map((kind) => {
      const state = states.find((candidate) => candidate.kind === kind);
      return { kind, granted: state?.action === 'accepted', at: state ? state.at.toISOString() : null };
    }),
    history: history.map((row) => ({ ...row, at: row.at.toISOString() })),
  };
}

/** GET /api/consents — what the person accepted and the optional uses that apply to them. */
export const consentsRead = route({
  method: 'get',
  path: '/api/consents',
  access: 'user',
  response: ConsentsResponseSchema,
  handler: ({ em, actor }) => consentsView(em, actor),
});

/**
 * POST /api/consents/terms — accepts the terms and the notice in force (the host's page after a new
 * version); 400 when the versions sent are not the ones in force (the person read an older text).
 */
export const consentsAcceptTerms = route({
  method: 'post',
  path: '/api/consents/terms',
  access: 'user',
  rateLimit: 'profileWrite',
  body: AcceptTermsRequestSchema,
  response: ConsentsResponseSchema,
  handler: async ({ ctx, em, actor, body }) => {
    await acceptTerms(em, actor.userId, body, consentContext(ctx, 'host/terms'));
    return consentsView(em.fork(), actor);
  },
});

/**
 * POST /api/consents — grants or withdraws one optional use (Perfil → "Privacidade"); the same state
 * again records nothing. 400 for a use that does not apply to the profile (or before setup).
 */
export const consentsSet = route({
  method: 'post',
  path: '/api/consents',
  access: 'user',
  rateLimit: 'profileWrite',
  body: SetConsentRequestSchema,
  response: ConsentsResponseSchema,
  handler: async ({ ctx, em, actor, body }) => {
    await setOptionalConsent(
      em,
      actor.userId,
      actor.profile?.role ?? null,
      body.kind,
      body.granted,
      consentContext(ctx, 'profile/privacy'),
    );
    return consentsView(em.fork(), actor);
  },
});

export const consentRoutes = [consentsRead, consentsAcceptTerms, consentsSet];
