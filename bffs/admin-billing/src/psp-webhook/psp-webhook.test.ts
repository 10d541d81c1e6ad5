/**
 * `POST /psp/webhook` with the fake PSP (infra/fake-psp) delivering over HTTP: sends settled at the
 * PSP mark their payouts paid, delivered twice or out of order; late and contrary notifications
 * change nothing; a forged or malformed notification gets a 4xx, never a 500.
 */
import { claimPayoutForSending } from '@turno/core';
import { completedShiftWithPayout, payoutRow, type PayoutRow } from '@turno/core/testing';
import { checkPixKey } from '@turno/domain';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { EfiPixProvider, pspSettingsFromEnv, signWebhookBody, webhookUrlWithToken } from '@turno/psp';
import { createAdminBillingBff } from '../app';
import { webhookSettingsFromEnv } from './psp-webhook';

jest.setTimeout(60_000);

/** The BFF reads PSP_WEBHOOK_SECRET (its development default here); the fake signs with the same. */
const SECRET = pspSettingsFromEnv().webhookSecret;

let bff: TestBff;
let fake: RunningFakePsp;
let provider: EfiPixProvider;
let webhookUrl: string;

beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff, { seed: false });
  webhookUrl = webhookUrlWithToken(`${bff.url}/psp/webhook`, SECRET);
  fake = await startFakePsp({ port: 0, webhookUrl, webhookSecret: SECRET, settleAfterMs: 5 });
  provider = new EfiPixProvider({ ...pspSettingsFromEnv(), baseUrl: fake.url, rateLimitPerSecond: 0 });
});

afterAll(async () => {
  provider.close();
  await fake.close();
  await bff.close();
});

async function control(path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(`${fake.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const payoutWhere = (column: 'id' | 'assignment_id', value: number) => payoutRow(bff.db, column, value);

/** A completed shift (core's own path) whose payout the worker has handed to the PSP. */
async function sentPayout(): Promise<PayoutRow> {
  const em = () => bff.db.orm.em.fork();
  const payout = await completedShiftWithPayout(bff.db);
  const claim = await claimPayoutForSending(em(), payout.id, new Date());
  if (claim.action !== 'send') throw new Error(`not sendable: ${claim.action}`);
  const key = checkPixKey(claim.payout.pixKey);
  if (!key.ok) throw new Error('bad key');
  await provider.sendPix({
    idempotencyId: claim.payout.idempotencyId,
    amountCents: claim.payout.amountCents,
    key: key.key,
    keyType: key.type,
    payee: { name: claim.payout.payeeName, cpf: claim.payout.payeeCpf! },
  });
  return payoutWhere('id', payout.id);
}

const auditCount = async (payoutId: number, action: string) =>
  Number(
    (
      await bff.db.orm.em
        .fork()
        .getConnection()
        .execute<{ n: string }[]>(
          `select count(*) as n from audit_events where target_type like 'payout%' and target_id = ? and action = ?`,
          [String(payoutId), action],
        )
    )[0]!.n,
  );

/** Posts a body to the webhook as the PSP would (signed unless told otherwise). */
async function post(body: string, options: { url?: string; signature?: string | null } = {}) {
  const signature = options.signature === undefined ? signWebhookBody(SECRET, body) : options.signature;
  const response = await fetch(`${options.url ?? webhookUrl}/pix`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-turno-signature': signature } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sendNotification = (
  idEnvio: string,
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO',
  endToEndId = 'E09089356202603021200abcdefghijk',
) =>
  JSON.stringify({
    pix: [
      {
        endToEndId,
        valor: '150.00',
        horario: new Date().toISOString(),
        status,
        tipo: 'SOLICITACAO',
        gnExtras: {
          idEnvio,
          ...(status === 'NAO_REALIZADO'
            ? { erro: { codigo: 'chave_invalida', motivo: 'Chave inválida' } }
            : {}),
        },
      },
    ],
  });

describe('POST /psp/webhook', () => {
  it('a settled send, delivered twice by the PSP: paid once, both deliveries answered 200', async () => {
    await control('webhooks', { duplicate: true });
    try {
      const payout = await sentPayout();
      expect(payout.status).toBe('sending');
      await fake.idle();
      const mine = fake.state.deliveries.filter((d) => d.body.includes(payout.idempotencyId));
      expect(mine.map((d) => d.status)).toEqual([200, 200]);
      const after = await payoutWhere('id', payout.id);
      const atPsp = fake.state.sends.get(payout.idempotencyId)!;
      expect(after).toMatchObject({ status: 'paid', endToEndId: atPsp.e2eId });
      expect(after.paidAt).toEqual(new Date(atPsp.liquidacao!));
      expect(await auditCount(payout.id, 'payout.paid')).toBe(1);
    } finally {
      await control('webhooks', { duplicate: false });
    }
  });

  it('out of order: held notifications delivered latest first, then a late "processing" and a contrary "failed"', async () => {
    await control('webhooks', { hold: true });
    const first = await sentPayout();
    const second = await sentPayout();
    await fake.idle();
    expect(fake.state.heldWebhooks).toHaveLength(2);
    await control('webhooks', { hold: false });
    await control('webhooks/flush', { order: 'reverse' });
    await fake.idle();
    for (const payout of [first, second]) {
      expect((await payoutWhere('id', payout.id)).status).toBe('paid');
    }
    const paid = await payoutWhere('id', first.id);
    // What an earlier state says, arriving after the final one, changes nothing.
    const late = await post(sendNotification(first.idempotencyId, 'EM_PROCESSAMENTO'));
    expect(late).toEqual({
      status: 200,
      body: {
        received: 1,
        results: [{ type: 'send_updated', idempotencyId: first.idempotencyId, status: 'paid' }],
      },
    });
    expect((await post(sendNotification(first.idempotencyId, 'NAO_REALIZADO'))).status).toBe(200);
    expect(await payoutWhere('id', first.id)).toEqual(paid);
    expect(await auditCount(first.id, 'payout.paid')).toBe(1);
    expect(await auditCount(first.id, 'payout.failed')).toBe(0);
  });

  it('refuses what is not the PSP (401) and what is not a notification (400), logging it, never a 500', async () => {
    await control('webhooks', { hold: true }); // the PSP's own notification of this send stays away
    const payout = await sentPayout();
    const body = sendNotification(payout.idempotencyId, 'REALIZADO');
    // Wrong URL token, a signature of another secret, no signature, a signature of another body.
    expect((await post(body, { url: webhookUrlWithToken(`${bff.url}/psp/webhook`, 'other') })).status).toBe(
      401,
    );
    expect((await post(body, { signature: signWebhookBody('other', body) })).status).toBe(401);
    expect((await post(body, { signature: null })).status).toBe(401);
    expect((await post(body, { signature: signWebhookBody(SECRET, '{}') })).status).toBe(401);
    // Signed but not a notification: not JSON, no items, a wrong amount, an unknown status.
    for (const bad of [
      'not json',
      '{"pix":[]}',
      body.replace('"150.00"', '"150"'),
      body.replace('REALIZADO', 'PAGO'),
      '[]',
    ]) {
      const answer = await post(bad);
      expect([bad, answer.status]).toEqual([bad, 400]);
    }
    expect((await payoutWhere('id', payout.id)).status).toBe('sending');
    // A GET is not a notification either; the kit's routes are untouched.
    expect((await fetch(`${bff.url}/psp/webhook`)).status).toBe(405);
    expect((await fetch(`${bff.url}/readyz`)).status).toBe(200);
  });

  it('reads only the webhook secret and the signature rule from the environment', () => {
    expect(webhookSettingsFromEnv({})).toEqual({ webhookSecret: SECRET, webhookRequireSignature: true });
    expect(webhookSettingsFromEnv({ NODE_ENV: 'production', PSP_WEBHOOK_SECRET: 's' })).toEqual({
      webhookSecret: 's',
      webhookRequireSignature: false,
    });
    // No secret in production: the BFF still starts (billing works), every notification gets 401.
    expect(webhookSettingsFromEnv({ NODE_ENV: 'production' }).webhookSecret).toBe('');
    expect(
      webhookSettingsFromEnv({ PSP_WEBHOOK_SECRET: 'x', PSP_WEBHOOK_REQUIRE_SIGNATURE: 'false' }),
    ).toEqual({ webhookSecret: 'x', webhookRequireSignature: false });
  });

  it('an id no payout has, and a Pix received, are answered 200 (nothing to change)', async () => {
    const unknown = await post(sendNotification('TURNOREPASSE9999999999999999T000', 'REALIZADO'));
    expect(unknown).toEqual({
      status: 200,
      body: {
        received: 1,
        results: [
          { type: 'send_updated', idempotencyId: 'TURNOREPASSE9999999999999999T000', status: 'unknown' },
        ],
      },
    });
    const received = await post(
      JSON.stringify({
        pix: [
          {
            endToEndId: 'E09089356202603021200zyxwvutsrqp',
            txid: 'TURNOFATURA0000000000000001R0000',
            valor: '99.90',
            horario: new Date().toISOString(),
          },
        ],
      }),
    );
    expect(received.status).toBe(200);
  });
});
