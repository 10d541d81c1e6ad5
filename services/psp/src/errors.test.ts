import { PspError, failureReasonOf, isRetryable, parseRetryAfter } from './errors';
import { httpError, pspErrorOf } from './http';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:10 GMT', Date.parse('2026-11-26T12:00:00Z'))).toBe(10_000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', Date.parse('2026-11-26T12:00:00Z'))).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('failureReasonOf', () => {
  it.each([
    ['chave_invalida', '', 'invalid_key'],
    ['chave_nao_encontrada', '', 'key_not_found'],
    ['cpf_divergente', 'O CPF informado não é o titular da chave', 'key_owner_mismatch'],
    ['saldo_insuficiente', '', 'insufficient_funds'],
    ['limite_excedido', '', 'limit_exceeded'],
    ['id_envio_duplicado', '', 'duplicate'],
    ['pix_rejeitado', 'Recusado pelo PSP do recebedor', 'rejected_by_receiver'],
    [undefined, 'Algo novo', 'unknown'],
  ])('%s (%s) → %s', (code, message, reason) => {
    expect(failureReasonOf(code, message)).toBe(reason);
  });
});

describe('httpError', () => {
  const response = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    headers,
    body,
    text: JSON.stringify(body),
  });

  it('classifies 429, 408 and 5xx as transient and other 4xx as permanent', () => {
    expect(httpError('x', response(429, {}, { 'retry-after': '3' }))).toMatchObject({
      kind: 'transient',
      retryAfterMs: 3000,
    });
    expect(httpError('x', response(408, {}))).toMatchObject({ kind: 'transient' });
    expect(httpError('x', response(502, {}))).toMatchObject({ kind: 'transient', outcomeUnknown: true });
    expect(
      httpError('x', response(400, { nome: 'valor_invalido', mensagem: 'Campo valor inválido' })),
    ).toMatchObject({
      kind: 'permanent',
      code: 'valor_invalido',
      outcomeUnknown: false,
    });
    expect(httpError('x', response(403, {}))).toMatchObject({ kind: 'permanent', auth: true });
  });

  it("reads Efí's errors, the standard's problems and OAuth's errors", () => {
    expect(pspErrorOf({ nome: 'chave_invalida', mensagem: 'Chave inválida' })).toEqual({
      code: 'chave_invalida',
      message: 'Chave inválida',
    });
    expect(
      pspErrorOf({
        type: 'https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida',
        title: 'Cobrança inválida.',
        status: 400,
        detail: 'txid em uso',
      }),
    ).toEqual({ code: 'CobVOperacaoInvalida', message: 'txid em uso' });
    expect(pspErrorOf({ error: 'invalid_client' })).toEqual({ code: 'invalid_client', message: undefined });
    expect(pspErrorOf('oops')).toEqual({});
  });

  it('retries what is transient or unexpected, never what the PSP refused', () => {
    expect(isRetryable(new PspError('t', { kind: 'transient' }))).toBe(true);
    expect(isRetryable(new PspError('p', { kind: 'permanent', reason: 'invalid_key' }))).toBe(false);
    expect(isRetryable(new Error('bug'))).toBe(true);
  });
});
