import { type CreateSessionRequest } from '@turno/contracts';
import { MESSAGES, TEAM_INVITATION_PATH } from '@turno/domain';
import { ApiError, type SessionApi } from './api';
import { type Notice } from './notice';

/** Which landing button started sign-in: pre-selects the account type in /setup. */
export type SignInIntent = 'freelancer' | 'restaurant';

const INTENT_KEY = 'turno.signInIntent';

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled
  }
}

export function rememberSignInIntent(intent: SignInIntent | undefined): void {
  const store = storage();
  if (!store) return;
  if (intent) store.setItem(INTENT_KEY, intent);
  else store.removeItem(INTENT_KEY);
}

export function signInIntent(): SignInIntent | undefined {
  const value = storage()?.getItem(INTENT_KEY);
  return value === 'freelancer' || value === 'restaurant' ? value : undefined;
}

/** The page of a team invitation's link (issue 28): `/convite-equipe/<token>`. */
export const TEAM_INVITATION_PREFIX = `${TEAM_INVITATION_PATH}/`;
const TEAM_INVITATION_PAGE = new RegExp(`^${TEAM_INVITATION_PREFIX}[A-Za-z0-9_-]{1,64}$`);
const PENDING_INVITATION_KEY = 'turno.pendingInvitation';

/** Whether `path` is the page of a team invitation (the only place sign-in may return to). */
export function isTeamInvitationPath(path: string): boolean {
  return TEAM_INVITATION_PAGE.test(path);
}

/**
 * Remembers the invitation page that started sign-in, so /auth/callback returns there instead of
 * /dashboard (or forgets it: any other sign-in button).
 */
export function rememberPendingInvitation(path: string | undefined): void {
  const store = storage();
  if (!store) return;
  if (path && isTeamInvitationPath(path)) store.setItem(PENDING_INVITATION_KEY, path);
  else store.removeItem(PENDING_INVITATION_KEY);
}

/** The invitation page sign-in was started from, if any (kept). */
export function pendingInvitation(): string | undefined {
  const value = storage()?.getItem(PENDING_INVITATION_KEY);
  return value && isTeamInvitationPath(value) ? value : undefined;
}

/** The invitation page sign-in was started from, if any, forgotten as it is read. */
export function takePendingInvitation(): string | undefined {
  const path = pendingInvitation();
  storage()?.removeItem(PENDING_INVITATION_KEY);
  return path;
}

/**
 * Starts sign-in: GET /api/oauth/google/redirect_url, then the browser goes to the provider.
 * Rejects (after logging the spec's console line) when the URL cannot be had. `returnTo`: the
 * team invitation page to come back to after the callback (otherwise /dashboard).
 */
export async function startSignIn(
  api: Pick<SessionApi, 'signInUrl'>,
  intent: SignInIntent | undefined,
  go: (url: string) => void = (url) => window.location.assign(url),
  returnTo?: string,
): Promise<void> {
  rememberSignInIntent(intent);
  rememberPendingInvitation(returnTo);
  let url: string;
  try {
    url = await api.signInUrl();
  } catch (error) {
    console.error(MESSAGES.session.redirectUrlFailed(error instanceof Error ? error.message : String(error)));
    throw error;
  }
  go(url);
}

/** What /auth/callback must do with its query string. */
export type CallbackOutcome =
  { kind: 'exchange'; request: CreateSessionRequest } | { kind: 'error'; notice: Notice };

/** Reads the provider's answer (spec 01 §2 "Sign-in callback", §8 "Sign-in"). */
export function readCallback(search: URLSearchParams): CallbackOutcome {
  const error = search.get('error');
  const description = search.get('error_description') ?? '';
  if (error) {
    if (error === 'access_denied') {
      return {
        kind: 'error',
        notice: {
          tone: 'warning',
          title: MESSAGES.signIn.accessDeniedTitle,
          text: MESSAGES.signIn.accessDenied,
        },
      };
    }
    if (error === 'disallowed_useragent' || description.includes('disallowed_useragent')) {
      return {
        kind: 'error',
        notice: {
          tone: 'danger',
          title: MESSAGES.signIn.failedTitle,
          text: MESSAGES.signIn.disallowedUserAgent,
        },
      };
    }
    return {
      kind: 'error',
      notice: { tone: 'danger', title: MESSAGES.signIn.failedTitle, text: MESSAGES.signIn.error(error) },
    };
  }
  const code = search.get('code');
  if (!code) {
    console.error(MESSAGES.session.missingCode);
    return {
      kind: 'error',
      notice: { tone: 'danger', title: MESSAGES.signIn.failedTitle, text: MESSAGES.signIn.missingCode },
    };
  }
  const state = search.get('state');
  if (!state) {
    return {
      kind: 'error',
      notice: { tone: 'danger', title: MESSAGES.signIn.failedTitle, text: MESSAGES.signIn.invalidState },
    };
  }
  const iss = search.get('iss');
  return { kind: 'exchange', request: iss ? { code, state, iss } : { code, state } };
}

const exchanges = new Map<string, Promise<void>>();

/**
 * POST /api/sessions for this code, at most once per page (React StrictMode runs effects twice,
 * and an authorization code is single-use): a second call gets the first call's promise.
 */
export function exchangeCodeOnce(
  api: Pick<SessionApi, 'createSession'>,
  request: CreateSessionRequest,
): Promise<void> {
  const key = `${request.state}\n${request.code}`;
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = api.createSession(request).catch((error: unknown) => {
      const detail = error instanceof Error ? error.message : String(error);
      console.error(MESSAGES.session.exchangeFailed(detail));
      throw error;
    });
    exchanges.set(key, exchange);
  }
  return exchange;
}

/** The notice shown on / when the exchange failed. */
export function exchangeFailedNotice(error: unknown): Notice {
  if (!(error instanceof ApiError)) return { tone: 'danger', title: MESSAGES.signIn.authenticationFailed };
  const text =
    error.serverMessage ??
    (error.status === undefined ? MESSAGES.common.connection : MESSAGES.signIn.invalidState);
  return { tone: 'danger', title: MESSAGES.signIn.authenticationFailed, text };
}
