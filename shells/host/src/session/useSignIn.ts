import { MESSAGES } from '@turno/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createSessionApi, type SessionApi } from './api';
import { isInAppBrowser } from './in-app-browser';
import { type Notice } from './notice';
import { startSignIn, type SignInIntent } from './sign-in';

export interface SignInStarter {
  /** Inside an in-app browser sign-in is not started (the provider would refuse it). */
  inAppBrowser: boolean;
  /** True from the click until the browser leaves for the provider. */
  busy: boolean;
  /** Why the last click did not start sign-in. */
  problem: Notice | undefined;
  dismiss: () => void;
  /** `returnTo`: the team invitation page to come back to after sign-in (issue 28). */
  start: (intent?: SignInIntent, returnTo?: string) => void;
}

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** What every sign-in button of the landing page does (spec 01 §2 "Landing page"). */
export function useSignIn(
  api: Pick<SessionApi, 'signInUrl'> = defaultApi(),
  ua: string = userAgent(),
): SignInStarter {
  const inAppBrowser = useMemo(() => isInAppBrowser(ua), [ua]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Notice>();
  const running = useRef(false);

  // Back from the provider through the browser's back/forward cache: the buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    (intent?: SignInIntent, returnTo?: string) => {
      if (inAppBrowser) {
        setProblem({
          tone: 'warning',
          title: MESSAGES.signIn.inAppBrowserTitle,
          text: MESSAGES.signIn.inAppBrowser,
        });
        return;
      }
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setProblem(undefined);
      startSignIn(api, intent, undefined, returnTo).catch(() => {
        running.current = false;
        setBusy(false);
        setProblem({ tone: 'danger', title: MESSAGES.signIn.failedTitle, text: MESSAGES.signIn.startFailed });
      });
    },
    [api, inAppBrowser],
  );

  const dismiss = useCallback(() => setProblem(undefined), []);
  return { inAppBrowser, busy, problem, dismiss, start };
}

let api: SessionApi | undefined;
function defaultApi(): SessionApi {
  api ??= createSessionApi();
  return api;
}
