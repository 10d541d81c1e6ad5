import {
  parseWebhookBody,
  signWebhookBody,
  verifyWebhook,
  webhookUrlToken,
  webhookUrlWithToken,
} from './webhooks';

const secret = 's3cret';
const now = 1_800_000_000;

function request(rawBody: string, headers: Record<string, string> = {}, token = webhookUrlToken(secret)) {
  return { rawBody, headers, url: `/psp/webhook?hmac=${token}&ignorar=/pix` };
}

describe('verifyWebhook', () => {
  const body = JSON.stringify({ pix: [] });
  const signed = { 'x-turno-signature': signWebhookBody(secret, body, now) };

  it("builds the URL Efí calls (its '/pix' lands in the ignored parameter) without the secret", () => {
    const url = webhookUrlWithToken('https://api.turno.com.br/psp/webhook', secret);
    expect(url).toBe(`https://api.turno.com.br/psp/webhook?hmac=${webhookUrlToken(secret)}&ignorar=`);
    expect(url).not.toContain(secret);
  });

  it('accepts the URL token with a good signature', () => {
    expect(verifyWebhook(request(body, signed), { secret, requireSignature: true, nowSeconds: now })).toEqual(
      {
        ok: true,
        signed: true,
      },
    );
  });

  it('refuses a wrong or missing token, a changed body, an old or forged signature', () => {
    const options = { secret, requireSignature: true, nowSeconds: now };
    expect(verifyWebhook(request(body, signed, 'nope'), options)).toMatchObject({ ok: false });
    expect(verifyWebhook({ ...request(body, signed), url: '/psp/webhook/pix' }, options)).toMatchObject({
      ok: false,
    });
    expect(verifyWebhook(request(`${body} `, signed), options)).toEqual({
      ok: false,
      reason: 'bad signature',
    });
    expect(verifyWebhook(request(body, signed), { ...options, nowSeconds: now + 301 })).toEqual({
      ok: false,
      reason: 'signature too old',
    });
    expect(verifyWebhook(request(body, { 'x-turno-signature': 't=1,v1=' }), options)).toMatchObject({
      ok: false,
    });
    expect(verifyWebhook(request(body), options)).toEqual({ ok: false, reason: 'missing signature' });
    expect(verifyWebhook(request(body, signed), { ...options, secret: '' })).toMatchObject({ ok: false });
  });

  it('takes an unsigned request with the token when signatures are not required (Efí), still checking one present', () => {
    const options = { secret, requireSignature: false, nowSeconds: now };
    expect(verifyWebhook(request(body), options)).toEqual({ ok: true, signed: false });
    expect(verifyWebhook(request(`${body} `, signed), options)).toMatchObject({ ok: false });
  });
});

describe('parseWebhookBody', () => {
  it('reads the standard notification of received Pix', () => {
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: 'E12345678202009091221abcdef12345',
          txid: 'TURNOFATURA0000000000000042R0000',
          valor: '1500.75',
          horario: '2026-11-26T13:03:33.902Z',
          infoPagador: 'Fatura',
        },
      ],
    });
    expect(parseWebhookBody(body)).toEqual({
      ok: true,
      events: [
        {
          type: 'payment_received',
          endToEndId: 'E12345678202009091221abcdef12345',
          txid: 'TURNOFATURA0000000000000042R0000',
          amountCents: 150_075,
          paidAt: '2026-11-26T13:03:33.902Z',
        },
      ],
    });
  });

  it("reads Efí's send outcomes, with the failure in pt-BR", () => {
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: 'E09089356202611261300abcdefghijk',
          valor: '123.45',
          horario: '2026-11-26T13:00:00Z',
          chave: 'pix@turno.dev',
          status: 'NAO_REALIZADO',
          tipo: 'SOLICITACAO',
          gnExtras: {
            idEnvio: 'TURNOREPASSE0000000000000007T000',
            erro: { codigo: 'chave_invalida', motivo: 'Chave inválida' },
          },
        },
        {
          valor: '10.00',
          horario: { solicitacao: '2026-11-26T13:00:00Z', liquidacao: '2026-11-26T13:00:02Z' },
          status: 'REALIZADO',
          gnExtras: { idEnvio: 'TURNOREPASSE0000000000000008T000' },
        },
      ],
    });
    const parsed = parseWebhookBody(body);
    expect(parsed).toEqual({
      ok: true,
      events: [
        expect.objectContaining({
          type: 'send_updated',
          idempotencyId: 'TURNOREPASSE0000000000000007T000',
          status: 'failed',
          amountCents: 12_345,
          failure: {
            reason: 'invalid_key',
            message: 'chave Pix inválida — atualize seu Perfil',
            pspCode: 'chave_invalida',
          },
        }),
        expect.objectContaining({
          idempotencyId: 'TURNOREPASSE0000000000000008T000',
          status: 'paid',
          at: '2026-11-26T13:00:02Z',
        }),
      ],
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no pix', '{}'],
    ['an empty list', '{"pix":[]}'],
    [
      'a bad amount',
      '{"pix":[{"endToEndId":"E12345678202009091221abcdef12345","valor":"10","horario":"x"}]}',
    ],
    ['a short endToEndId', '{"pix":[{"endToEndId":"E1","valor":"10.00","horario":"x"}]}'],
    [
      'a send with a bad status',
      '{"pix":[{"valor":"10.00","horario":"x","status":"PAGO","gnExtras":{"idEnvio":"a"}}]}',
    ],
  ])('refuses %s (a 400, never a 500)', (_, body) => {
    expect(parseWebhookBody(body)).toMatchObject({ ok: false, error: expect.any(String) });
  });
});
