import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createSessionApi } from './api';
import { writeAreaHint } from './area-hint';
import { createSessionStore, type SessionState, type SessionStore } from './store';

let browserStore: SessionStore | undefined;

/** The page's one session store, talking to the shell BFF (created on first use). */
export function sessionStore(): SessionStore {
  if (!browserStore) {
    const store = createSessionStore(createSessionApi());
    // The area hint cookie follows the session: written at sign-in (and after setup), the moments
    // the session changes; removed as soon as there is nobody (sign-out, an expired session).
    store.subscribe(() => {
      if (store.getState().user === null) writeAreaHint(null);
    });
    browserStore = {
      ...store,
      refresh: () =>
        store.refresh().then((user) => {
          writeAreaHint(user);
          return user;
        }),
    };
  }
  return browserStore;
}

const SessionContext = createContext<SessionStore | null>(null);

/** Provides another store (tests); without it the pages use `sessionStore()`. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return createElement(SessionContext.Provider, { value: store }, children);
}

export function useSessionStore(): SessionStore {
  return useContext(SessionContext) ?? sessionStore();
}

export interface Session extends SessionState {
  refresh: SessionStore['refresh'];
  logout: SessionStore['logout'];
}

/**
 * The current user and the pending flag (spec 01 §4 "Session"). The first component that asks
 * starts the one fetch of /api/users/me; every other one shares it.
 */
export function useSession(): Session {
  const store = useSessionStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  useEffect(() => {
    void store.load();
  }, [store]);
  return { ...state, refresh: store.refresh, logout: store.logout };
}
