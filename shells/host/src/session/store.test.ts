import { type CurrentUser } from '@turno/contracts';
import { ApiError, type SessionApi } from './api';
import { createSessionStore } from './store';

const ANA: CurrentUser = {
  id: 7,
  email: 'ana@example.com',
  name: 'Ana Souza',
  profile: {
    user_type: 'freelancer',
    id: 3,
    name: 'Ana Souza',
    is_approved: true,
    is_active: true,
    business_name: null,
  },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeApi(overrides: Partial<SessionApi> = {}): jest.Mocked<SessionApi> {
  return {
    currentUser: jest.fn(async () => ANA),
    signInUrl: jest.fn(async () => 'http://idp/auth'),
    createSession: jest.fn(async () => undefined),
    logout: jest.fn(async () => undefined),
    setupProfile: jest.fn(async () => undefined),
    ...overrides,
  } as jest.Mocked<SessionApi>;
}

describe('session store', () => {
  it('starts unknown and pending', () => {
    const store = createSessionStore(fakeApi());
    expect(store.getState()).toEqual({ user: undefined, pending: true });
  });

  it('fetches the user once; concurrent and later loads share that fetch', async () => {
    const answer = deferred<CurrentUser>();
    const api = fakeApi({ currentUser: jest.fn(() => answer.promise) });
    const store = createSessionStore(api);
    const listener = jest.fn();
    store.subscribe(listener);

    const first = store.load();
    const second = store.load();
    expect(api.currentUser).toHaveBeenCalledTimes(1);
    expect(store.getState().pending).toBe(true);
    answer.resolve(ANA);
    await expect(first).resolves.toEqual(ANA);
    await expect(second).resolves.toEqual(ANA);
    expect(store.getState()).toEqual({ user: ANA, pending: false });
    expect(listener).toHaveBeenCalled();

    await expect(store.load()).resolves.toEqual(ANA);
    expect(api.currentUser).toHaveBeenCalledTimes(1);
  });

  it('ends pending with no user when the fetch fails', async () => {
    const api = fakeApi({
      currentUser: jest.fn(async () => Promise.reject(new ApiError('401', 401, 'Não autenticado'))),
    });
    const store = createSessionStore(api);
    await expect(store.load()).resolves.toBeNull();
    expect(store.getState()).toEqual({ user: null, pending: false });
  });

  it('logs an unexpected failure (not a 401) in English, for developers', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      currentUser: jest.fn(async () => Promise.reject(new ApiError('500', 500, undefined))),
    });
    await createSessionStore(api).load();
    expect(warn).toHaveBeenCalledWith('Failed to fetch user: API responded with HTTP status 500');
    warn.mockRestore();
  });

  it('logout clears the user locally before the server answers, and survives a failed call', async () => {
    const server = deferred<void>();
    const api = fakeApi({ logout: jest.fn(() => server.promise) });
    const store = createSessionStore(api);
    await store.load();
    const done = store.logout();
    expect(store.getState()).toEqual({ user: null, pending: false });
    expect(api.logout).toHaveBeenCalledTimes(1);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.reject(new Error('offline'));
    await expect(done).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Failed to logout:', expect.any(Error));
    warn.mockRestore();
  });

  it('a fetch that answers after logout does not bring the user back', async () => {
    const answer = deferred<CurrentUser>();
    const store = createSessionStore(fakeApi({ currentUser: jest.fn(() => answer.promise) }));
    const loading = store.load();
    await store.logout();
    answer.resolve(ANA);
    await loading;
    expect(store.getState().user).toBeNull();
  });

  it('refresh fetches again after sign-in; concurrent refreshes share one request', async () => {
    const api = fakeApi({
      currentUser: jest
        .fn()
        .mockRejectedValueOnce(new ApiError('401', 401, undefined))
        .mockResolvedValue(ANA),
    });
    const store = createSessionStore(api);
    await store.load();
    expect(store.getState().user).toBeNull();
    const [a, b] = [store.refresh(), store.refresh()];
    await expect(a).resolves.toEqual(ANA);
    await expect(b).resolves.toEqual(ANA);
    expect(api.currentUser).toHaveBeenCalledTimes(2);
    expect(store.getState()).toEqual({ user: ANA, pending: false });
  });

  it('a refresh is not answered by a load that started before it', async () => {
    const stale = deferred<CurrentUser>();
    const api = fakeApi({
      currentUser: jest
        .fn()
        .mockImplementationOnce(() => stale.promise)
        .mockResolvedValue(ANA),
    });
    const store = createSessionStore(api);
    const before = store.load();
    const after = store.refresh();
    expect(api.currentUser).toHaveBeenCalledTimes(2);
    await expect(after).resolves.toEqual(ANA);
    stale.reject(new ApiError('401', 401, undefined));
    await before;
    expect(store.getState().user).toEqual(ANA);
  });
});
