import { ApiError, createAdminApi, createSessionApi } from './api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session api', () => {
  it('GET /api/users/me with cookies, parsed with the contract', async () => {
    const user = { id: 1, email: 'm@x.com', name: 'Marcos', profile: null };
    const fetchImpl = jest.fn(async () => json(user));
    await expect(createSessionApi(fetchImpl).currentUser()).resolves.toEqual(user);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/users/me',
      expect.objectContaining({ credentials: 'include', method: 'GET' }),
    );
  });

  it('rejects an answer that breaks the contract', async () => {
    const fetchImpl = jest.fn(async () => json({ id: 'x' }));
    await expect(createSessionApi(fetchImpl).currentUser()).rejects.toBeInstanceOf(ApiError);
  });

  it('returns the provider URL', async () => {
    const fetchImpl = jest.fn(async () =>
      json({ redirectUrl: 'http://localhost:4400/auth?client_id=turno' }),
    );
    await expect(createSessionApi(fetchImpl).signInUrl()).resolves.toBe(
      'http://localhost:4400/auth?client_id=turno',
    );
    expect(fetchImpl).toHaveBeenCalledWith('/api/oauth/google/redirect_url', expect.anything());
  });

  it('POSTs the callback query to /api/sessions as JSON', async () => {
    const fetchImpl = jest.fn(async () => json({ success: true }));
    await createSessionApi(fetchImpl).createSession({ code: 'c', state: 's', iss: 'http://idp' });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/sessions',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ code: 'c', state: 's', iss: 'http://idp' }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it("carries the server's error text and the status", async () => {
    const fetchImpl = jest.fn(async () => json({ error: 'Nome é obrigatório' }, 400));
    const error = await createSessionApi(fetchImpl)
      .setupProfile({
        name: '',
        userType: 'freelancer',
        acceptedTerms: true,
        termsVersion: 'v',
        privacyNoticeVersion: 'v',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, serverMessage: 'Nome é obrigatório' });
  });

  it('reports a network failure without a status', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createAdminApi(fetchImpl).login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: undefined,
    });
  });

  it('admin verify and logout', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json({ ok: true, admin: { id: 1, email: 'admin@turno.example', name: null } }))
      .mockResolvedValueOnce(json({ success: true }));
    const api = createAdminApi(fetchImpl);
    await expect(api.verify()).resolves.toMatchObject({ ok: true });
    await api.logout();
    expect(fetchImpl).toHaveBeenLastCalledWith(
      '/api/admin/logout',
      expect.objectContaining({ method: 'POST', body: undefined }),
    );
  });
});
