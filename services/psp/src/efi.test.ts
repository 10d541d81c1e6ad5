/**
 * The Efí adapter against the fake PSP (infra/fake-psp) over real HTTP: sends, reads, charges,
 * webhooks, and the faults the worker must survive (timeouts after accepting, failures, 429s).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { invoiceChargeTxid, parsePixBrCode, payoutIdempotencyId } from '@turno/domain';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { standardSchema } from '@turno/fake-psp/openapi';
import { EfiPixProvider } from './efi';
import { PspError, isRetryable } from './errors';
import type { PixSendRequest } from './provider';
import type { PspSettings } from './settings';
import { parseWebhookBody, verifyWebhook, webhookUrlWithToken, type PspEvent } from './webhooks';

const SECRET = 'test-webhook-secret';

interface Receiver {
  url: string;
  events: PspEvent[];
  refused: string[];
  close(): Promise<void>;
}

/** Turno's side of the webhook: verifies, parses, records (what the BFF will do next session). */
async function startReceiver(): Promise<Receiver> {
  const events: PspEvent[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const verified = verifyWebhook(
        { headers: req.headers, rawBody, url: req.url ?? '/' },
        { secret: SECRET, requireSignature: true },
      );
      if (!verified.ok) {
        refused.push(verified.reason);
        res.writeHead(401).end();
        return;
      }
      const parsed = parseWebhookBody(rawBody);
      if (!parsed.ok) {
        refused.push(parsed.error);
        res.writeHead(400).end();
        return;
      }
      events.push(...parsed.events);
      res.writeHead(200).end('200');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: webhookUrlWithToken(`http://127.0.0.1:${port}/psp/webhook`, SECRET),
    events,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let fake: RunningFakePsp;
let receiver: Receiver;
let psp: EfiPixProvider;

function settings(overrides: Partial<PspSettings> = {}): PspSettings {
  return {
    provider: 'efi',
    baseUrl: fake.url,
    clientId: 'client',
    clientSecret: 'secret',
    accountKey: 'pix@turno.dev',
    webhookSecret: SECRET,
    webhookRequireSignature: true,
    timeoutMs: 30_000,
    rateLimitPerSecond: 0,
    ...overrides,
  };
}

async function control(path: string, body: unknown = {}): Promise<unknown> {
  const response = await fetch(`${fake.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function payout(assignmentId: number, overrides: Partial<PixSendRequest> = {}): PixSendRequest {
  return {
    idempotencyId: payoutIdempotencyId(assignmentId),
    amountCents: 12_345,
    key: 'ana.souza@example.com',
    keyType: 'email',
    payee: { name: 'Ana Souza', cpf: '529.982.247-25' },
    description: 'Turno: turno de 12/11',
    ...overrides,
  };
}

beforeEach(async () => {
  receiver = await startReceiver();
  fake = await startFakePsp({
    port: 0,
    clientId: 'client',
    clientSecret: 'secret',
    webhookSecret: SECRET,
    settleAfterMs: 5,
  });
  psp = new EfiPixProvider(settings());
  await psp.registerWebhook(receiver.url);
});

afterEach(async () => {
  psp.close();
  await fake.close();
  await receiver.close();
});

describe('Pix sends', () => {
  it('sends once, settles, and tells Turno by a verified webhook', async () => {
    const sent = await psp.sendPix(payout(7));
    expect(sent).toMatchObject({
      idempotencyId: payoutIdempotencyId(7),
      status: 'processing',
      amountCents: 12_345,
    });
    expect(sent.endToEndId).toMatch(/^E[a-zA-Z0-9]{31}$/);
    await fake.idle();
    expect(receiver.refused).toEqual([]);
    expect(receiver.events).toEqual([
      expect.objectContaining({
        type: 'send_updated',
        idempotencyId: payoutIdempotencyId(7),
        status: 'paid',
        amountCents: 12_345,
        endToEndId: sent.endToEndId,
      }),
    ]);
    const read = await psp.getPixSend(payoutIdempotencyId(7));
    expect(read).toMatchObject({ status: 'paid', endToEndId: sent.endToEndId, amountCents: 12_345 });
    expect(read.settledAt).toEqual(expect.any(String));
  });

  it('never sends the same idempotency id twice: the second call answers for the first', async () => {
    const first = await psp.sendPix(payout(8));
    const second = await psp.sendPix(payout(8));
    expect(second.endToEndId).toBe(first.endToEndId);
    expect(fake.state.sends.size).toBe(1);
    expect(fake.state.sendRequests).toEqual([payoutIdempotencyId(8), payoutIdempotencyId(8)]);
  });

  it('reads a send the PSP never accepted as not_found (sending is then safe)', async () => {
    expect(await psp.getPixSend(payoutIdempotencyId(99))).toEqual({
      idempotencyId: payoutIdempotencyId(99),
      status: 'not_found',
    });
  });

  it('times out after the PSP accepted: transient, outcome unknown, and the retry does not send again', async () => {
    // Only the send that hangs gets the short deadline: the reads after it keep the usual one, so a
    // loaded machine cannot turn them into timeouts.
    const impatient = new EfiPixProvider(settings({ timeoutMs: 300 }));
    await control('timeout-after-accept', { count: 1 });
    const error = await impatient.sendPix(payout(9)).catch((e: unknown) => e);
    impatient.close();
    expect(error).toBeInstanceOf(PspError);
    expect(error).toMatchObject({ kind: 'transient', code: 'timeout', outcomeUnknown: true });
    expect(isRetryable(error)).toBe(true);
    // What the worker does next: ask by id, then (here) find it sent.
    const read = await psp.getPixSend(payoutIdempotencyId(9));
    expect(['processing', 'paid']).toContain(read.status);
    const retried = await psp.sendPix(payout(9));
    expect(retried.endToEndId).toBe(read.endToEndId);
    expect(fake.state.sends.size).toBe(1);
  });

  it('refuses an invalid key permanently, with the reason in pt-BR, without retry', async () => {
    await control('fail-sends', {
      count: 1,
      status: 400,
      nome: 'chave_invalida',
      mensagem: 'Chave Pix inválida',
    });
    const error = (await psp.sendPix(payout(10)).catch((e: unknown) => e)) as PspError;
    expect(error).toBeInstanceOf(PspError);
    expect(error).toMatchObject({
      kind: 'permanent',
      status: 400,
      code: 'chave_invalida',
      reason: 'invalid_key',
    });
    expect(error.failureMessage).toBe('chave Pix inválida — atualize seu Perfil');
    expect(isRetryable(error)).toBe(false);
  });

  it('treats a 5xx as transient and the next try succeeds with the same id', async () => {
    await control('fail-sends', {
      count: 1,
      status: 503,
      nome: 'servico_indisponivel',
      mensagem: 'Tente novamente',
    });
    const error = (await psp.sendPix(payout(11)).catch((e: unknown) => e)) as PspError;
    expect(error).toMatchObject({ kind: 'transient', status: 503 });
    expect((await psp.sendPix(payout(11))).status).toBe('processing');
    expect(fake.state.sends.size).toBe(1);
  });

  it('turns a 429 into a transient error carrying Retry-After', async () => {
    await psp.getPixSend('warmup'); // the OAuth token, before the limit
    await control('rate-limit', { perSecond: 1 });
    await psp.getPixSend('a');
    const error = (await psp.getPixSend('b').catch((e: unknown) => e)) as PspError;
    expect(error).toMatchObject({ kind: 'transient', status: 429 });
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it('reports a send refused after acceptance (key of another CPF) as failed with its reason', async () => {
    await control('keys', { key: 'ana.souza@example.com', ownerCpf: '11144477735' });
    await psp.sendPix(payout(12));
    await fake.idle();
    const read = await psp.getPixSend(payoutIdempotencyId(12));
    expect(read).toMatchObject({ status: 'failed', failure: { reason: 'key_owner_mismatch' } });
    expect(read.failure?.message).toBe('a chave Pix não pertence ao seu CPF — atualize seu Perfil');
    expect(receiver.events).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure: expect.objectContaining({ reason: 'key_owner_mismatch' }),
      }),
    ]);
  });

  it('never calls the PSP with a key that is not of its stored type', async () => {
    const error = (await psp
      .sendPix(payout(13, { key: '529.982.247-26', keyType: 'cpf' }))
      .catch((e: unknown) => e)) as PspError;
    expect(error).toMatchObject({ kind: 'permanent', reason: 'invalid_key' });
    expect(fake.state.sendRequests).toEqual([]);
  });

  it('gets a new token when the PSP refuses the old one, and reports bad credentials as auth', async () => {
    const bad = new EfiPixProvider(settings({ clientSecret: 'wrong' }));
    const error = (await bad.getPixSend('x').catch((e: unknown) => e)) as PspError;
    bad.close();
    expect(error).toMatchObject({ kind: 'permanent', auth: true, status: 401 });
  });

  it('delivers a webhook twice or out of order, and the events still say the final state', async () => {
    await control('webhooks', { duplicate: true });
    await psp.sendPix(payout(14));
    await fake.idle();
    expect(receiver.events.filter((e) => e.type === 'send_updated' && e.status === 'paid')).toHaveLength(2);

    receiver.events.length = 0;
    await control('webhooks', { duplicate: false, hold: true });
    const txid = invoiceChargeTxid(3);
    await psp.createDueCharge({
      txid,
      amountCents: 5_000,
      dueDate: '2026-12-02',
      debtor: { cnpj: '11222333000181', name: 'Mercado' },
    });
    await control(`charges/${txid}/pay`, { amountCents: 4_000 });
    await control(`charges/${txid}/pay`, {});
    await control('webhooks/flush', { order: 'reverse' });
    await fake.idle();
    expect(receiver.events.map((e) => e.type === 'payment_received' && e.amountCents)).toEqual([
      5_000, 4_000,
    ]);
  });
});

describe('charges with due date (cobv)', () => {
  const txid = invoiceChargeTxid(42);
  const request = {
    txid,
    amountCents: 150_075,
    dueDate: '2026-12-02',
    debtor: { cnpj: '11.222.333/0001-81', name: 'Supermercado Bom Preço Ltda' },
    payerMessage: 'Fatura 2026-0042 da Turno',
    info: [{ name: 'Fatura', value: '2026-0042' }],
  };

  it('creates a charge whose BR Code points at its location with the amount', async () => {
    const charge = await psp.createDueCharge(request);
    expect(charge).toMatchObject({
      txid,
      status: 'ATIVA',
      amountCents: 150_075,
      dueDate: '2026-12-02',
      pix: [],
    });
    const parsed = parsePixBrCode(charge.brCode);
    expect(parsed.ok && parsed.value).toMatchObject({ location: charge.location, amountCents: 150_075 });
    // What the adapter sent is the standard's request body of PUT /cobv/{txid}.
    expect(standardSchema('CobVSolicitada')(fake.state.charges.get(txid)?.body)).toEqual([]);
  });

  it('is idempotent by txid: creating it again answers the same charge', async () => {
    const first = await psp.createDueCharge(request);
    const again = await psp.createDueCharge(request);
    expect(again.location).toBe(first.location);
    expect(fake.state.charges.size).toBe(1);
  });

  it('reads the Pix paid for it, the webhook says the same, and a paid charge cannot be cancelled', async () => {
    await psp.createDueCharge(request);
    await control(`charges/${txid}/pay`, {});
    await fake.idle();
    const charge = await psp.getDueCharge(txid);
    expect(charge?.status).toBe('CONCLUIDA');
    expect(charge?.pix).toEqual([expect.objectContaining({ txid, amountCents: 150_075 })]);
    expect(receiver.events).toEqual([
      expect.objectContaining({
        type: 'payment_received',
        txid,
        amountCents: 150_075,
        endToEndId: charge?.pix[0]?.endToEndId,
      }),
    ]);
    await expect(psp.cancelDueCharge(txid)).rejects.toMatchObject({ kind: 'permanent', status: 400 });
  });

  it('keeps a charge paid with another amount open', async () => {
    await psp.createDueCharge(request);
    await control(`charges/${txid}/pay`, { amountCents: 100_000 });
    const charge = await psp.getDueCharge(txid);
    expect(charge?.status).toBe('ATIVA');
    expect(charge?.pix.map((p) => p.amountCents)).toEqual([100_000]);
  });

  it('cancels an open charge (twice is fine) and knows no unknown txid', async () => {
    await psp.createDueCharge(request);
    await psp.cancelDueCharge(txid);
    await psp.cancelDueCharge(txid);
    expect((await psp.getDueCharge(txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await psp.getDueCharge(invoiceChargeTxid(43))).toBeNull();
    await psp.cancelDueCharge(invoiceChargeTxid(43));
  });
});
