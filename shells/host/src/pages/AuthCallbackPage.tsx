import { MESSAGES } from '@turno/domain';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '../router';
import { PageLoading, SiteLayout } from '../layout/SiteLayout';
import { createSessionApi, type SessionApi } from '../session/api';
import { type NoticeState } from '../session/notice';
import {
  exchangeCodeOnce,
  exchangeFailedNotice,
  pendingInvitation,
  readCallback,
  takePendingInvitation,
} from '../session/sign-in';
import { useSessionStore } from '../session/useSession';

let defaultApi: SessionApi | undefined;

/**
 * /auth/callback (spec 01 §2 "Sign-in callback"): "Finalizando seu login...". An error from the
 * provider (access_denied, disallowed_useragent, …) returns to / with a notice; otherwise the code
 * is exchanged once for a session (POST /api/sessions), the user is fetched again and the browser
 * goes to /dashboard — or back to the team invitation page that started sign-in (issue 28), which
 * also shows a failed sign-in's notice.
 */
export function AuthCallbackPage({ api }: { api?: Pick<SessionApi, 'createSession'> }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const store = useSessionStore();
  const query = search.toString();

  useEffect(() => {
    const outcome = readCallback(new URLSearchParams(query));
    if (outcome.kind === 'error') {
      // Kept: the invitation page's "Entrar para aceitar" sets it again anyway.
      void navigate(pendingInvitation() ?? '/', {
        replace: true,
        state: { notice: outcome.notice } satisfies NoticeState,
      });
      return;
    }
    let active = true;
    defaultApi ??= createSessionApi();
    exchangeCodeOnce(api ?? defaultApi, outcome.request)
      .then(() => store.refresh())
      .then(
        () => {
          // Read (and forgotten) by the run that navigates only: StrictMode's first run is inactive.
          if (active) void navigate(takePendingInvitation() ?? '/dashboard', { replace: true });
        },
        (error: unknown) => {
          if (!active) return;
          const state: NoticeState = { notice: exchangeFailedNotice(error) };
          void navigate(pendingInvitation() ?? '/', { replace: true, state });
        },
      );
    // StrictMode mounts twice: the first run's navigation is dropped, the second one (sharing the
    // same exchange) navigates.
    return () => {
      active = false;
    };
  }, [query, api, navigate, store]);

  return (
    <SiteLayout>
      <title>Turno · Entrando</title>
      <PageLoading label={MESSAGES.signIn.finishing} />
    </SiteLayout>
  );
}
