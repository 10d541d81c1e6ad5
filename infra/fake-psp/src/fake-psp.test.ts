/**
 * The fake PSP's answers against the Central Bank's schemas (services/psp/spec/openapi.yaml), and
 * its control endpoints. Raw HTTP here: the Efí adapter's own tests (services/psp) drive it too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parsePixBrCode } from '@turno/domain';
import Ajv from 'ajv';
import { publishedStandard, standardSchema, standardValidator } from './openapi';
import { startFakePsp, type RunningFakePsp } from './server';

const TXID = 'TURNOFATURA0000000000000042R0000';
const CHARGE = {
  calendario: { dataDeVencimento: '2026-12-02', validadeAposVencimento: 30 },
  devedor: { cnpj: '11222333000181', nome: 'Supermercado Bom Preço Ltda' },
  valor: { original: '1500.75' },
  chave: 'pix@turno.dev',
  solicitacaoPagador: 'Fatura 2026-0042',
};

let fake: RunningFakePsp;
let token: string;

async function call(method: string, path: string, body?: unknown, auth = true) {
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

beforeEach(async () => {
  fake = await startFakePsp({ port: 0, settleAfterMs: 1 });
  const basic = Buffer.from('turno-dev:turno-dev-secret').toString('base64');
  const response = await fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials' }),
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});

afterEach(async () => {
  await fake.close();
});

describe('answers in the shapes of the standard API Pix', () => {
  it("needs one correction of the published schema: its own cobv example fails DadosRecebedor's root 'required'", () => {
    const spec = publishedStandard();
    const example = (spec.components as { examples: Record<string, { value: unknown }> }).examples
      .cobResponse4?.value;
    const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', logger: false });
    ajv.addSchema(spec, 'raw');
    const validate = ajv.getSchema('raw#/components/schemas/DadosRecebedor');
    expect(validate?.(example)).toBe(false);
    expect(standardSchema('DadosRecebedor')(example)).toEqual([]);
    expect(
      standardSchema('DadosRecebedor')({ recebedor: { cnpj: '56989000019533', nome: 'X' } }),
    ).not.toEqual([]);
  });

  it('the request body this test sends is a CobVSolicitada (the schema check can fail)', () => {
    expect(standardSchema('CobVSolicitada')(CHARGE)).toEqual([]);
    expect(standardSchema('CobVSolicitada')({ ...CHARGE, valor: { original: '1500,75' } })).not.toEqual([]);
  });

  it('PUT /v2/cobv/:txid answers 201 with a CobVGerada whose BR Code points at its location', async () => {
    const created = await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    expect(created.status).toBe(201);
    expect(standardSchema('CobVGerada')(created.body)).toEqual([]);
    const brCode = parsePixBrCode(created.body.pixCopiaECola);
    expect(brCode.ok && brCode.value).toMatchObject({
      location: created.body.loc.location,
      amountCents: 150_075,
    });
  });

  it('GET /v2/cobv/:txid answers a CobVCompleta, with the Pix received once paid', async () => {
    await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    const paid = await fetch(`${fake.url}/__control/charges/${TXID}/pay`, { method: 'POST', body: '{}' });
    expect(paid.status).toBe(200);
    const read = await call('GET', `/v2/cobv/${TXID}`);
    expect(read.status).toBe(200);
    expect(standardSchema('CobVCompleta')(read.body)).toEqual([]);
    expect(read.body.status).toBe('CONCLUIDA');
    expect(read.body.pix).toHaveLength(1);
    expect(standardSchema('Pix')(read.body.pix[0])).toEqual([]);
  });

  it('refuses as the standard does: a Problema for a bad txid, an unknown charge, a second PUT', async () => {
    for (const response of [
      await call('PUT', '/v2/cobv/short', CHARGE),
      await call('GET', `/v2/cobv/${TXID}`),
      await call('PATCH', `/v2/cobv/${TXID}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(standardSchema('Problema')(response.body)).toEqual([]);
    }
    await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    const again = await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    expect(again.status).toBe(400);
    expect(standardSchema('Problema')(again.body)).toEqual([]);
  });

  it('PATCH removes an open charge and answers a CobVGerada', async () => {
    await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    const removed = await call('PATCH', `/v2/cobv/${TXID}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    expect(removed.status).toBe(200);
    expect(standardSchema('CobVGerada')(removed.body)).toEqual([]);
    expect(removed.body.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('posts webhook bodies that are the standard WebhookPixBody, to <url>/pix, signed', async () => {
    const received: { url: string; body: string; signature?: string }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          url: req.url ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['x-turno-signature'] as string | undefined,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const registered = await call('PUT', '/v2/webhook/pix%40turno.dev', {
        webhookUrl: `http://127.0.0.1:${port}/psp/webhook?hmac=t&ignorar=`,
      });
      expect(registered.status).toBe(200);
      await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
      await fetch(`${fake.url}/__control/charges/${TXID}/pay`, {
        method: 'POST',
        body: '{"amountCents": 1000}',
      });
      await fake.idle();
      expect(received).toHaveLength(1);
      expect(received[0]?.url).toBe('/psp/webhook?hmac=t&ignorar=/pix');
      expect(received[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const validate = standardValidator(
        '#/components/requestBodies/WebhookPixBody/content/application~1json/schema',
      );
      const body = JSON.parse(received[0]?.body ?? '{}');
      expect(validate(body)).toEqual([]);
      expect(body.pix[0]).toMatchObject({ txid: TXID, valor: '10.00' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("Efí's Pix send endpoints", () => {
  const SEND = {
    valor: '123.45',
    pagador: { chave: 'pix@turno.dev' },
    favorecido: { chave: 'ana.souza@example.com', cpf: '52998224725' },
  };

  it('accepts a send once (201, EM_PROCESSAMENTO), refuses the same idEnvio (409), settles it', async () => {
    const first = await call('PUT', '/v3/gn/pix/abc123', SEND);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ idEnvio: 'abc123', valor: '123.45', status: 'EM_PROCESSAMENTO' });
    expect(first.body.e2eId).toMatch(/^E[a-zA-Z0-9]{31}$/);
    expect((await call('PUT', '/v3/gn/pix/abc123', SEND)).status).toBe(409);
    await fake.idle();
    const read = await call('GET', '/v2/gn/pix/enviados/id-envio/abc123');
    expect(read.body).toMatchObject({ idEnvio: 'abc123', status: 'REALIZADO', endToEndId: first.body.e2eId });
    expect((await call('GET', '/v2/gn/pix/enviados/id-envio/nope')).status).toBe(404);
  });

  it('refuses a bad idEnvio, amount, payer key, payee key or CPF with 400 and a name', async () => {
    expect((await call('PUT', '/v3/gn/pix/a_b', SEND)).body.nome).toBe('id_envio_invalido');
    expect((await call('PUT', '/v3/gn/pix/a1', { ...SEND, valor: '0.00' })).body.nome).toBe('valor_invalido');
    expect((await call('PUT', '/v3/gn/pix/a2', { ...SEND, pagador: { chave: 'x@y.com' } })).status).toBe(400);
    expect((await call('PUT', '/v3/gn/pix/a3', { ...SEND, favorecido: { chave: 'x' } })).body.nome).toBe(
      'chave_invalida',
    );
    expect(
      (await call('PUT', '/v3/gn/pix/a4', { ...SEND, favorecido: { chave: 'a@b.com', cpf: '52998224726' } }))
        .body.nome,
    ).toBe('cpf_invalido');
    expect(fake.state.sends.size).toBe(0);
  });

  it('wants a token', async () => {
    expect((await call('GET', '/v2/gn/pix/enviados/id-envio/abc', undefined, false)).status).toBe(401);
  });
});

describe('control endpoints', () => {
  const control = (path: string, body: unknown) =>
    fetch(`${fake.url}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });
  const SEND = {
    valor: '1.00',
    pagador: { chave: 'pix@turno.dev' },
    favorecido: { chave: 'ana.souza@example.com' },
  };

  it('answers its health for npm start (readyUrl) without a token', async () => {
    const response = await fetch(`${fake.url}/__control/health`);
    expect(response.status).toBe(200);
  });

  it('fails the next N sends with the given error, then works again', async () => {
    await control('fail-sends', {
      count: 2,
      status: 422,
      nome: 'saldo_insuficiente',
      mensagem: 'Saldo insuficiente',
    });
    expect((await call('PUT', '/v3/gn/pix/f1', SEND)).body).toEqual({
      nome: 'saldo_insuficiente',
      mensagem: 'Saldo insuficiente',
    });
    expect((await call('PUT', '/v3/gn/pix/f2', SEND)).status).toBe(422);
    expect((await call('PUT', '/v3/gn/pix/f3', SEND)).status).toBe(201);
  });

  it('rejects a send after accepting it (NAO_REALIZADO with the error)', async () => {
    await control('fail-sends', {
      mode: 'reject',
      nome: 'pix_rejeitado',
      mensagem: 'Recusado pelo recebedor',
    });
    expect((await call('PUT', '/v3/gn/pix/r1', SEND)).status).toBe(201);
    await fake.idle();
    expect((await call('GET', '/v2/gn/pix/enviados/id-envio/r1')).body).toMatchObject({
      status: 'NAO_REALIZADO',
      gnExtras: { erro: { codigo: 'pix_rejeitado' } },
    });
  });

  it('answers 429 with Retry-After beyond the rate limit', async () => {
    await control('rate-limit', { perSecond: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await call('GET', '/v2/gn/pix/enviados/id-envio/x'));
    expect(statuses.map((r) => r.status)).toEqual([404, 404, 429]);
    expect(Number(statuses[2]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('adds latency to every API answer', async () => {
    await control('latency', { ms: 150 });
    const started = performance.now();
    await call('GET', '/v2/gn/pix/enviados/id-envio/x');
    // A lower bound only: the answer cannot come before the delay it was told to add.
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('pays a charge with another amount and keeps it open', async () => {
    await call('PUT', `/v2/cobv/${TXID}`, CHARGE);
    await control(`charges/${TXID}/pay`, { amountCents: 100 });
    expect((await call('GET', `/v2/cobv/${TXID}`)).body).toMatchObject({
      status: 'ATIVA',
      pix: [{ valor: '1.00' }],
    });
  });
});
