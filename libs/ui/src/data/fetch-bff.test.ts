import { SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { z } from 'zod';
import { BffError, fetchBff, fetchBffConditional } from './fetch-bff';

const Schema = z.array(z.object({ id: z.number() }));
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('fetchBff', () => {
  it('sends cookies and returns the parsed body', async () => {
    const fetchImpl = jest.fn(async () => json([{ id: 1 }]));
    await expect(fetchBff('/bff/restaurant/api/jobs', Schema, { fetchImpl })).resolves.toEqual([{ id: 1 }]);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/bff/restaurant/api/jobs',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('shows the server error text when there is one', async () => {
    const fetchImpl = async () => json({ error: 'Acesso negado' }, 403);
    await expect(fetchBff('/x', Schema, { fetchImpl })).rejects.toMatchObject({
      detail: 'Acesso negado',
      status: 403,
    });
  });

  it('explains a down service in Portuguese', async () => {
    const fetchImpl = async () => new Response('Bad Gateway', { status: 502 });
    const error = await fetchBff('/x', Schema, { fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BffError);
    // The same text the BFFs and the gateway answer (one message, written twice: see STATUS_DETAILS).
    expect((error as BffError).detail).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    expect((error as BffError).message).toMatch(/^Erro ao carregar dados/);
  });

  it('reports a connection failure', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchBff('/x', Schema, { fetchImpl })).rejects.toMatchObject({
      detail: expect.stringMatching(/conectar/),
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchImpl = async () => json([{ id: 'one' }]);
    await expect(fetchBff('/x', Schema, { fetchImpl })).rejects.toMatchObject({
      detail: expect.stringMatching(/formato inesperado/),
    });
    spy.mockRestore();
  });

  it('lets an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchImpl = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(fetchBff('/x', Schema, { fetchImpl, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('fetchBffConditional', () => {
  const withEtag = (body: unknown, etag: string) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json', ETag: etag },
    });

  it('returns the data and its ETag, bypassing the HTTP cache', async () => {
    const fetchImpl = jest.fn(async () => withEtag([{ id: 1 }], '"v1"'));
    await expect(fetchBffConditional('/x', Schema, { fetchImpl })).resolves.toEqual({
      notModified: false,
      data: [{ id: 1 }],
      etag: '"v1"',
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/x',
      expect.objectContaining({ credentials: 'include', cache: 'no-store' }),
    );
  });

  it('sends If-None-Match and reports a 304 without reading a body', async () => {
    const fetchImpl = jest.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 304 }),
    );
    await expect(fetchBffConditional('/x', Schema, { fetchImpl, ifNoneMatch: '"v1"' })).resolves.toEqual({
      notModified: true,
      etag: '"v1"',
    });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.headers).toMatchObject({ 'If-None-Match': '"v1"', Accept: 'application/json' });
  });

  it('sends no If-None-Match without an ETag', async () => {
    const fetchImpl = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => withEtag([], '"v2"'));
    await fetchBffConditional('/x', Schema, { fetchImpl });
    expect(fetchImpl.mock.calls[0]![1]!.headers).not.toHaveProperty('If-None-Match');
  });

  it('treats a 304 it did not ask for as an error', async () => {
    const fetchImpl = async () => new Response(null, { status: 304 });
    await expect(fetchBffConditional('/x', Schema, { fetchImpl })).rejects.toBeInstanceOf(BffError);
  });

  it('explains errors in Portuguese like fetchBff', async () => {
    const fetchImpl = async () => json({ error: 'limit: deve ser no máximo 200' }, 400);
    await expect(fetchBffConditional('/x', Schema, { fetchImpl, ifNoneMatch: '"v1"' })).rejects.toMatchObject(
      {
        detail: 'limit: deve ser no máximo 200',
        status: 400,
      },
    );
  });
});
