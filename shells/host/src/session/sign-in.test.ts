import { ApiError } from './api';
import { exchangeCodeOnce, exchangeFailedNotice, readCallback, startSignIn } from './sign-in';

const query = (text: string) => new URLSearchParams(text);

describe('readCallback', () => {
  it('exchanges code and state (and iss when present)', () => {
    expect(readCallback(query('code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%3A14400'))).toEqual({
      kind: 'exchange',
      request: { code: 'abc', state: 'xyz', iss: 'http://localhost:14400' },
    });
    expect(readCallback(query('code=abc&state=xyz'))).toEqual({
      kind: 'exchange',
      request: { code: 'abc', state: 'xyz' },
    });
  });

  it('explains a cancelled login', () => {
    const outcome = readCallback(query('error=access_denied&error_description=End-User+aborted+interaction'));
    expect(outcome).toMatchObject({
      kind: 'error',
      notice: { tone: 'warning', text: 'O login foi cancelado ou negado. Tente novamente.' },
    });
  });

  it('explains a provider that blocks in-app browsers', () => {
    const outcome = readCallback(query('error=invalid_request&error_description=disallowed_useragent'));
    expect(outcome).toMatchObject({
      kind: 'error',
      notice: { text: expect.stringMatching(/Chrome, Safari, Firefox ou Edge/) },
    });
  });

  it('names any other error code', () => {
    expect(readCallback(query('error=server_error'))).toMatchObject({
      kind: 'error',
      notice: { text: 'Erro no login: server_error' },
    });
  });

  it('refuses a callback without a code or without a state', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readCallback(query(''))).toMatchObject({
      kind: 'error',
      notice: { text: expect.stringMatching(/Código de login ausente/) },
    });
    expect(error).toHaveBeenCalledWith(
      'Cannot exchange code for session token: no code provided in the URL search params.',
    );
    error.mockRestore();
    expect(readCallback(query('code=abc'))).toMatchObject({ kind: 'error' });
  });
});

describe('exchangeCodeOnce', () => {
  it('posts a code once, even when asked twice (StrictMode effects)', async () => {
    const api = { createSession: jest.fn(async () => undefined) };
    const request = { code: 'once-1', state: 's' };
    await Promise.all([exchangeCodeOnce(api, request), exchangeCodeOnce(api, request)]);
    await exchangeCodeOnce(api, { ...request });
    expect(api.createSession).toHaveBeenCalledTimes(1);
  });

  it('shares the failure and logs it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = {
      createSession: jest.fn(async () =>
        Promise.reject(new ApiError('POST /api/sessions: HTTP 400', 400, 'x')),
      ),
    };
    const request = { code: 'once-2', state: 's' };
    await expect(exchangeCodeOnce(api, request)).rejects.toBeInstanceOf(ApiError);
    await expect(exchangeCodeOnce(api, request)).rejects.toBeInstanceOf(ApiError);
    expect(api.createSession).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      'Failed to exchange code for session token: POST /api/sessions: HTTP 400',
    );
    error.mockRestore();
  });
});

describe('exchangeFailedNotice', () => {
  it("says 'Falha na autenticação.' with the server's reason", () => {
    expect(exchangeFailedNotice(new ApiError('x', 400, 'Estado de login inválido'))).toEqual({
      tone: 'danger',
      title: 'Falha na autenticação.',
      text: 'Estado de login inválido',
    });
    expect(exchangeFailedNotice(new ApiError('x', undefined, undefined)).text).toMatch(/conexão/);
  });
});

describe('startSignIn', () => {
  it('sends the browser to the provider', async () => {
    const go = jest.fn();
    await startSignIn({ signInUrl: async () => 'http://localhost:14400/auth?x=1' }, 'freelancer', go);
    expect(go).toHaveBeenCalledWith('http://localhost:14400/auth?x=1');
  });

  it('logs and rejects when the URL cannot be had', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const go = jest.fn();
    await expect(
      startSignIn({ signInUrl: async () => Promise.reject(new Error('HTTP 502')) }, undefined, go),
    ).rejects.toThrow('HTTP 502');
    expect(go).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Failed to get login redirect URL: HTTP 502');
    error.mockRestore();
  });
});
