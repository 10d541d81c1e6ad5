/**
 * `POST /psp/webhook` with the fake PSP (infra/fake-psp) delivering over HTTP: sends settled at the
 * PSP mark their payouts paid, delivered twice or out of order; late and contrary notifications
 * change nothing; a forged or malformed notification gets a 4xx, never a 500.
 */
import {
  claimInvoiceCharge,
  claimPayoutForSending,
  generateCustomInvoices,
  recordInvoiceChargeCreated,
} from '@turno/core';
import {
  completedShiftWithPayout,
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  payoutRow,
  type PayoutRow,
} from '@turno/core/testing';
import { checkPixKey, invoiceChargeTxid } from '@turno/domain';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { countRoundTrips, startBffForTest, type TestBff } from '@turno/bff-kit/testing';
import { EfiPixProvider, pspSettingsFromEnv, signWebhookBody, webhookUrlWithToken } from '@turno/psp';
import { createAdminBillingBff } from '../app';
import { PayoutSettler, webhookSettingsFromEnv } from './psp-webhook';

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

  it('an id no payout has, and a Pix for no charge of Turno, are answered 200 (nothing to change)', async () => {
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
            txid: 'TURNOFATURA0000000000009999R0000',
            valor: '99.90',
            horario: new Date().toISOString(),
          },
        ],
      }),
    );
    expect(received.status).toBe(200);
  });

  /** The statements (PostgreSQL round trips) one request cost; requests one at a time. */
  const statementsOf = async (body: string) => {
    const counted = await countRoundTrips({ orm: bff.db.orm, redis: bff.redis }, () => post(body));
    return { status: counted.result.status, body: counted.result.body, statements: counted.postgres };
  };

  it('a send settled costs one statement, so does the same notification again and a "processing" one', async () => {
    await control('webhooks', { hold: true }); // the PSP's own notification of this send stays away
    const payout = await sentPayout();
    const paid = await statementsOf(sendNotification(payout.idempotencyId, 'REALIZADO'));
    expect(paid).toMatchObject({
      status: 200,
      body: { results: [{ idempotencyId: payout.idempotencyId, status: 'paid' }] },
    });
    expect(paid.statements).toHaveLength(1);
    expect(paid.statements[0]).toMatch(/^\s*with input as/);
    const again = await statementsOf(sendNotification(payout.idempotencyId, 'REALIZADO'));
    expect(again).toMatchObject({ status: 200, body: { results: [{ status: 'paid' }] } });
    expect(again.statements).toHaveLength(1);
    const late = await statementsOf(sendNotification(payout.idempotencyId, 'EM_PROCESSAMENTO'));
    expect(late).toMatchObject({ status: 200, body: { results: [{ status: 'paid' }] } });
    expect(late.statements).toHaveLength(1);
    // A refused one costs none.
    expect((await statementsOf('not json')).statements).toHaveLength(0);
    expect(await auditCount(payout.id, 'payout.paid')).toBe(1);
  });

  it('settles the outcomes that arrive while a settlement is on its way together; a send being settled is answered by it', async () => {
    await control('webhooks', { hold: true });
    const payouts = [await sentPayout(), await sentPayout(), await sentPayout()];
    const [a, b, c] = payouts.map((payout) => payout.idempotencyId) as [string, string, string];
    const settler = new PayoutSettler(bff.db.orm, () => new Date(), 1);
    const paid = (idempotencyId: string) => ({ idempotencyId, status: 'paid' as const, endToEndId: 'E1' });
    const counted = await countRoundTrips({ orm: bff.db.orm, redis: bff.redis }, () =>
      // In one tick: `a` goes alone; its duplicate waits for it; `b`, `b` again and `c` wait for it
      // to end and go together, `b` being settled once.
      Promise.all([
        settler.settle(paid(a)),
        settler.settle(paid(a)),
        settler.settle(paid(b)),
        settler.settle(paid(b)),
        settler.settle({ idempotencyId: c, status: 'failed', failure: { reason: 'invalid_key' } }),
        settler.settle(paid('TURNOREPASSE9999999999999999T000')),
      ]),
    );
    expect(counted.result).toEqual(['paid', 'paid', 'paid', 'paid', 'failed', null]);
    expect(counted.postgres).toHaveLength(2);
    for (const payout of payouts.slice(0, 2)) {
      expect(await payoutWhere('id', payout.id)).toMatchObject({ status: 'paid', endToEndId: 'E1' });
      expect(await auditCount(payout.id, 'payout.paid')).toBe(1);
    }
    expect(await payoutWhere('id', payouts[2]!.id)).toMatchObject({
      status: 'failed',
      failureReason: 'invalid_key',
    });
    expect(await auditCount(payouts[2]!.id, 'payout.failed')).toBe(1);
  });

  it('a batch one bad outcome fails is settled one by one: the others settled, the bad one refused alone', async () => {
    await control('webhooks', { hold: true });
    const [first, second] = [await sentPayout(), await sentPayout()];
    const settler = new PayoutSettler(bff.db.orm, () => new Date(), 1);
    const [alone, good, bad] = await Promise.allSettled([
      settler.settle({ idempotencyId: 'TURNOREPASSE9999999999999999T000', status: 'paid' }),
      settler.settle({ idempotencyId: first.idempotencyId, status: 'paid', endToEndId: 'E2' }),
      // An end-to-end id longer than its column: PostgreSQL refuses the statement.
      settler.settle({ idempotencyId: second.idempotencyId, status: 'paid', endToEndId: 'E'.repeat(300) }),
    ]);
    expect(alone).toEqual({ status: 'fulfilled', value: null });
    expect(good).toEqual({ status: 'fulfilled', value: 'paid' });
    expect(bad.status).toBe('rejected');
    expect((await payoutWhere('id', first.id)).status).toBe('paid');
    expect((await payoutWhere('id', second.id)).status).toBe('sending');
    expect(await auditCount(second.id, 'payout.paid')).toBe(0);
  });

  describe('a Pix received for an invoice', () => {
    const em = () => bff.db.orm.em.fork();
    let dateOffset = 0;

    /** An invoice of R$ 149,00 whose charge the workers created at the fake PSP; its id and txid. */
    async function invoiceWithActiveCharge(): Promise<{ invoiceId: number; txid: string }> {
      await control('webhooks', { hold: false }); // an earlier test keeps the PSP's notifications away
      const restaurant = await insertRestaurant(em(), {
        cnpj: '11444777000161',
        legalName: 'Mercado Exemplo Ltda',
      });
      const freelancer = await insertFreelancer(em());
      const fork = em();
      dateOffset += 1;
      const date = `2026-10-${String(dateOffset).padStart(2, '0')}`;
      const job = await insertJob(fork, restaurant, { dateNeeded: date, status: 'completed' });
      await insertCompletedAssignment(fork, job, freelancer);
      const issued = await generateCustomInvoices(
        em(),
        { role: 'system' },
        { startDate: date, endDate: date, restaurantIds: [restaurant.id] },
      );
      const invoiceId = issued.invoiceIds[0]!;
      const txid = invoiceChargeTxid(invoiceId, 0);
      const claim = await claimInvoiceCharge(em(), txid, new Date());
      if (claim.action !== 'create') throw new Error(`not creatable: ${claim.action}`);
      const created = await provider.createDueCharge(claim.charge);
      await recordInvoiceChargeCreated(em(), txid, created, new Date());
      return { invoiceId, txid };
    }

    const invoiceNow = async (invoiceId: number) =>
      (
        await em().execute<{ status: string; charge: string; receipts: number }[]>(
          `select i.status, c.status as charge,
                  (select count(*)::int from pix_receipts r where r.txid = c.txid) as receipts
             from invoices i join invoice_pix_charges c on c.invoice_id = i.id where i.id = ?`,
          [invoiceId],
        )
      )[0]!;

    async function payAtPsp(txid: string, body: Record<string, unknown> = {}) {
      const response = await fetch(`${fake.url}/__control/charges/${txid}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      await fake.idle();
    }

    it("of the invoice's amount, delivered twice by the PSP: the invoice paid once, both answered 200", async () => {
      const { invoiceId, txid } = await invoiceWithActiveCharge();
      await control('webhooks', { duplicate: true });
      try {
        await payAtPsp(txid);
      } finally {
        await control('webhooks', { duplicate: false });
      }
      expect(await invoiceNow(invoiceId)).toEqual({ status: 'paid', charge: 'paid', receipts: 1 });
      const deliveries = fake.state.deliveries.filter((delivery) => delivery.body.includes(txid));
      expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
      const [events] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from domain_events where type = 'invoice_paid' and (payload->>'invoiceId')::int = ?`,
        [invoiceId],
      );
      expect(events!.n).toBe(1);
    });

    it('costs its statements: a new Pix paying the invoice 8 (its transaction), the same notification again 1 (a read)', async () => {
      const { invoiceId, txid } = await invoiceWithActiveCharge();
      const [invoice] = await em().execute<{ amount_cents: number }[]>(
        `select amount_cents from invoices where id = ?`,
        [invoiceId],
      );
      const body = JSON.stringify({
        pix: [
          {
            endToEndId: `E09089356202611271200${String(invoiceId).padStart(11, '0')}`,
            txid,
            valor: (invoice!.amount_cents / 100).toFixed(2),
            horario: new Date().toISOString(),
          },
        ],
      });
      const first = await statementsOf(body);
      expect(first).toMatchObject({ status: 200, body: { results: [{ outcome: 'paid' }] } });
      // The receipt read; begin; the receipt written with the invoice locked; the charge locked; the
      // charge settled with its event and audit entry; the invoice paid and its event; commit.
      expect(first.statements).toHaveLength(8);
      expect(await invoiceNow(invoiceId)).toEqual({ status: 'paid', charge: 'paid', receipts: 1 });
      const again = await statementsOf(body);
      expect(again).toMatchObject({ status: 200, body: { results: [{ outcome: 'duplicate' }] } });
      expect(again.statements).toEqual([expect.stringMatching(/^select 1 as seen from pix_receipts/)]);
      const [audit] = await em().execute<{ n: number }[]>(
        `select count(*)::int as n from audit_events where action = 'invoice.paid_by_pix' and target_id = ?`,
        [String(invoiceId)],
      );
      expect(audit!.n).toBe(1);
    });

    it('of another amount: the invoice stays pending, the charge is a divergence', async () => {
      const { invoiceId, txid } = await invoiceWithActiveCharge();
      await payAtPsp(txid, { amountCents: 10_000 });
      expect(await invoiceNow(invoiceId)).toEqual({ status: 'pending', charge: 'mismatch', receipts: 1 });
    });

    it('an unknown txid and a malformed Pix: 200 recorded, and 400 logged', async () => {
      const body = JSON.stringify({
        pix: [
          {
            endToEndId: 'E0000000020261127abcdefghijklmno',
            txid: 'TXIDDEOUTROSISTEMA1',
            valor: '10.00',
            horario: new Date().toISOString(),
          },
        ],
      });
      await expect(post(body)).resolves.toMatchObject({
        status: 200,
        body: { results: [{ type: 'payment_received', outcome: 'unknown_txid' }] },
      });
      const bad = JSON.stringify({
        pix: [{ endToEndId: 'E1', txid: 'X', valor: 'dez reais', horario: 'ontem' }],
      });
      await expect(post(bad)).resolves.toMatchObject({ status: 400 });
    });
  });
});
