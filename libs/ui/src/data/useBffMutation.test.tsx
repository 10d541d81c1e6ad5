/** @jest-environment jsdom */
import { MESSAGES, SERVICE_UNAVAILABLE_MESSAGE } from '@turno/domain';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import { BffError } from './fetch-bff';
import { sendBff } from './send-bff';
import { bffErrorMessage, useBffMutation } from './useBffMutation';

const Answer = z.object({ message: z.string() });

/** A fetch answer (jsdom has no Response). */
function json(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

describe('sendBff', () => {
  it('sends JSON with the cookies and parses the answer with its contract', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return json(200, { message: 'ok' });
    }) as unknown as typeof fetch;
    await expect(sendBff('/bff/x/api/a', { body: { a: 1 }, schema: Answer, fetchImpl })).resolves.toEqual({
      message: 'ok',
    });
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    // No body: nothing sent, and no JSON content type for a body that is not there.
    await sendBff('/bff/x/api/b', { method: 'DELETE', schema: Answer, fetchImpl });
    expect(calls[1]!.init).toMatchObject({
      method: 'DELETE',
      body: undefined,
      headers: { Accept: 'application/json' },
    });
  });

  it("keeps the server's text (error, else details) and the status of a refusal", async () => {
    const refused = sendBff('/a', {
      schema: Answer,
      fetchImpl: (async () => json(409, { details: 'Vaga já preenchida' })) as unknown as typeof fetch,
    });
    await expect(refused).rejects.toMatchObject({ status: 409, serverMessage: 'Vaga já preenchida' });
    const down = sendBff('/a', {
      schema: Answer,
      fetchImpl: (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch,
    });
    await expect(down).rejects.toMatchObject({ status: undefined, serverMessage: undefined });
  });
});

describe('bffErrorMessage', () => {
  it("says the server's text first, then what the status means, else the screen's fallback", () => {
    const fallback = 'Erro ao salvar vaga';
    expect(bffErrorMessage(new BffError('x', 400, { serverMessage: 'Data inválida' }), fallback)).toBe(
      'Data inválida',
    );
    expect(bffErrorMessage(new BffError('x', undefined), fallback)).toBe(MESSAGES.common.connection);
    expect(bffErrorMessage(new BffError('x', undefined), fallback, 'Sem conexão')).toBe('Sem conexão');
    expect(bffErrorMessage(new BffError('x', 401), fallback)).toBe(MESSAGES.common.unauthenticated);
    expect(bffErrorMessage(new BffError('x', 403), fallback)).toBe(MESSAGES.common.forbidden);
    expect(bffErrorMessage(new BffError('x', 409), fallback)).toBe(MESSAGES.common.conflict);
    expect(bffErrorMessage(new BffError('x', 422), fallback)).toBe(MESSAGES.common.invalidInput);
    expect(bffErrorMessage(new BffError('x', 429), fallback)).toBe(MESSAGES.common.rateLimited);
    expect(bffErrorMessage(new BffError('x', 503), fallback)).toBe(SERVICE_UNAVAILABLE_MESSAGE);
    // A bad gateway says no more than the screen's own text (what the agenda shows for it).
    expect(bffErrorMessage(new BffError('x', 502), fallback)).toBe(fallback);
    expect(bffErrorMessage(new BffError('x', 500), fallback)).toBe(fallback);
    expect(bffErrorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('useBffMutation', () => {
  it('is pending while a change runs, ignores a second one meanwhile, and returns the answer', async () => {
    let answer!: (response: Response) => void;
    const fetchImpl = jest.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() =>
      useBffMutation({ fallback: 'Erro ao salvar', fetchImpl: fetchImpl as unknown as typeof fetch }),
    );
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.send('/a', { schema: Answer, key: 'approve-1' });
    });
    expect(result.current.pending).toBe(true);
    expect(result.current.pendingKey).toBe('approve-1');
    let second: unknown;
    await act(async () => {
      second = await result.current.send('/a', { schema: Answer });
    });
    expect(second).toEqual({ ok: false, message: null });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await act(async () => {
      answer(json(200, { message: 'Aprovado' }));
      await first;
    });
    await expect(first).resolves.toEqual({ ok: true, data: { message: 'Aprovado' } });
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("keeps the failure's pt-BR message (the call's own fallback first) until the next change starts", async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce(json(500, {}))
      .mockResolvedValueOnce(json(200, { message: 'ok' }));
    const { result } = renderHook(() => useBffMutation({ fallback: 'Erro ao salvar', fetchImpl }));
    await act(async () => {
      await expect(
        result.current.send('/a', { schema: Answer, fallback: 'Erro ao excluir' }),
      ).resolves.toEqual({
        ok: false,
        message: 'Erro ao excluir',
      });
    });
    expect(result.current.error).toBe('Erro ao excluir');
    await act(async () => {
      await result.current.send('/a', { schema: Answer });
    });
    expect(result.current.error).toBeNull();
  });
});
