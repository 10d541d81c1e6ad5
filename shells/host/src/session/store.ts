import { type CurrentUser } from '@turno/contracts';
import { MESSAGES } from '@turno/domain';
import { ApiError, type SessionApi } from './api';

/** The session as the pages see it (spec 01 §4 "Session"). */
export interface SessionState {
  /** undefined: not known yet; null: nobody signed in (or the fetch failed). */
  user: CurrentUser | null | undefined;
  /** True until the first fetch of the current user ends, whether it succeeds or fails. */
  pending: boolean;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Fetches the current user once; later calls (concurrent or not) share that fetch. */
  load(): Promise<CurrentUser | null>;
  /** Fetches the current user again (after sign-in or profile setup); concurrent calls share one request. */
  refresh(): Promise<CurrentUser | null>;
  /** Clears the user locally first, then tells the server; never rejects. */
  logout(): Promise<void>;
}

export function createSessionStore(api: SessionApi): SessionStore {
  let state: SessionState = { user: undefined, pending: true };
  const listeners = new Set<() => void>();
  let started = false;
  /** Bumped by every fetch and by logout: only the latest one may write the state. */
  let generation = 0;
  let inFlight: { promise: Promise<CurrentUser | null>; fromRefresh: boolean } | undefined;

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function fetchUser(fromRefresh: boolean): Promise<CurrentUser | null> {
    const mine = ++generation;
    const promise = api
      .currentUser()
      .then(
        (user): CurrentUser | null => user,
        (error: unknown) => {
          // 401 is the normal answer for a visitor; anything else is worth a line in the console.
          if (!(error instanceof ApiError && error.status === 401)) {
            const status = error instanceof ApiError ? (error.status ?? error.message) : String(error);
            console.warn(MESSAGES.session.fetchUserFailed(status));
          }
          return null;
        },
      )
      .then((user) => {
        if (mine !== generation) return state.user ?? null; // a later fetch or a logout won
        inFlight = undefined;
        set({ user, pending: false });
        return user;
      });
    inFlight = { promise, fromRefresh };
    return promise;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load() {
      if (inFlight) return inFlight.promise;
      if (started) return Promise.resolve(state.user ?? null);
      started = true;
      return fetchUser(false);
    },
    refresh() {
      started = true;
      // A refresh follows a change of session (sign-in, setup): a fetch started before it is stale.
      if (inFlight?.fromRefresh) return inFlight.promise;
      return fetchUser(true);
    },
    async logout() {
      started = true;
      generation++;
      inFlight = undefined;
      set({ user: null, pending: false });
      try {
        await api.logout();
      } catch (error) {
        console.warn(MESSAGES.session.logoutFailed, error);
      }
    },
  };
}
