/**
 * The invoice-charges queue against real PostgreSQL, Redis and the fake PSP (over HTTP): an issued
 * invoice's charge is created at the PSP once — whatever runs twice or dies after the PSP accepted —
 * and cancelled there when the invoice is paid by hand or deleted; a business without CNPJ fails it.
 */
import { eventually } from '@turno/server-runtime/testing';
import type { Redis } from 'ioredis';
import {
  claimInvoiceCharge,
  deleteInvoice,
  generateCustomInvoices,
  markInvoicePaid,
  type EntityManager,
} from '@turno/core';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
  type TestDatabase,
} from '@turno/core/testing';
import { addDays, invoiceChargeTxid, parsePixBrCode } from '@turno/domain';
import type { RunningFakePsp } from '@turno/fake-psp';
import type { EfiPixProvider } from '@turno/psp';
import { JOB_NAMES, type Queues } from '../queues';
import { startWorkers, type InvoiceChargeWorkerSettings } from '../worker-process';
import {
  cancelChargeAtPsp,
  createClaimedCharge,
  enqueueInvoiceChargeSyncs,
  syncInvoiceCharge,
} from './invoice-charges.processor';
import {
  closeWorkerTestEnv,
  openWorkerTestEnv,
  silentLogger,
  startTestPsp,
  testQueuePrefix,
} from '../testing/worker-test-env';

jest.setTimeout(60_000);

const silent = silentLogger;
const CNPJ = '11444777000161';
const NOW = new Date('2026-11-27T12:00:00Z');

let db: TestDatabase;
let connection: Redis;
let queues: Queues;
let fake: RunningFakePsp;
let provider: EfiPixProvider;
let closePsp: () => Promise<void>;
const prefix = testQueuePrefix('charges');
const em = (): EntityManager => db.orm.em.fork();
const deps = () => ({ provider, queue: queues.invoiceCharges, logger: silent });

beforeAll(async () => {
  ({ db, connection, queues } = await openWorkerTestEnv(prefix));
  ({ fake, provider, close: closePsp } = await startTestPsp());
});

afterAll(async () => {
  await closePsp();
  await closeWorkerTestEnv({ db, connection, queues });
});

/** An invoice of one completed shift (R$ 149,00) for a business with (or without) CNPJ; its txid. */
async function issuedInvoice(withCnpj = true): Promise<{ invoiceId: number; txid: string }> {
  const restaurant = await insertRestaurant(
    em(),
    withCnpj ? { cnpj: CNPJ, legalName: 'Mercado Exemplo Ltda' } : {},
  );
  const freelancer = await insertFreelancer(em());
  const fork = em();
  const job = await insertJob(fork, restaurant, { dateNeeded: '2026-11-20', status: 'completed' });
  await insertCompletedAssignment(fork, job, freelancer);
  const result = await generateCustomInvoices(
    em(),
    { role: 'system' },
    { startDate: '2026-11-20', endDate: '2026-11-20', restaurantIds: [restaurant.id] },
    NOW,
  );
  const invoiceId = result.invoiceIds[0]!;
  return { invoiceId, txid: invoiceChargeTxid(invoiceId, 0) };
}

async function chargeRow(txid: string) {
  const [row] = await em().execute<
    { status: string; br_code: string | null; location: string | null; failure: string | null }[]
  >(`select status, br_code, location, failure from invoice_pix_charges where txid = ?`, [txid]);
  return row!;
}

const atPsp = (txid: string) => fake.state.charges.get(txid);

/**
 * Runs `run` beside this test's workers (its queues' prefix, the fake PSP, the clock at `now`), and
 * closes them whatever happens.
 */
async function withChargeWorkers(
  settings: { now?: Date } & Omit<InvoiceChargeWorkerSettings, 'provider'>,
  run: (workers: ReturnType<typeof startWorkers>) => Promise<void>,
) {
  const { now = NOW, ...charges } = settings;
  const workers = startWorkers({
    orm: db.orm,
    connection,
    prefix,
    logger: silent,
    now: () => now,
    invoiceCharges: { provider, ...charges },
  });
  try {
    await run(workers);
  } finally {
    await workers.close();
  }
}

describe('invoice-charges queue', () => {
  it("the sweep creates an issued invoice's charge at the PSP with the business's CNPJ, and keeps its BR Code", async () => {
    const { txid } = await issuedInvoice();
    await withChargeWorkers({ concurrency: 2 }, async () => {
      await queues.invoiceCharges.add(JOB_NAMES.sweepInvoiceCharges, {});
      await eventually(async () => (await chargeRow(txid)).status === 'active');
    });
    const row = await chargeRow(txid);
    const charge = atPsp(txid);
    expect(charge?.status).toBe('ATIVA');
    expect(charge?.body).toMatchObject({
      devedor: { cnpj: CNPJ, nome: 'Mercado Exemplo Ltda' },
      valor: { original: '149.00' },
    });
    expect(row.br_code).toBe(charge?.brCode);
    const parsed = parsePixBrCode(row.br_code!);
    expect(parsed).toMatchObject({ ok: true, value: { amountCents: 14_900 } });
  });

  it('created once when the job runs twice at the same time', async () => {
    const { txid } = await issuedInvoice();
    const results = await Promise.all([
      syncInvoiceCharge(em(), txid, NOW, deps()),
      syncInvoiceCharge(em(), txid, NOW, deps()),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['active', 'active']);
    expect([...fake.state.charges.keys()].filter((key) => key === txid)).toHaveLength(1);
    expect((await chargeRow(txid)).br_code).toBe(atPsp(txid)?.brCode);
  });

  it('a worker killed after the PSP accepted: the next run finds the same charge and records it', async () => {
    const { txid } = await issuedInvoice();
    // The first run: claimed (requested_at committed) and accepted by the PSP, then the worker died.
    const claim = await claimInvoiceCharge(em(), txid, NOW);
    if (claim.action !== 'create') throw new Error(`expected a create claim, got ${claim.action}`);
    const accepted = await provider.createDueCharge({ ...claim.charge, validDaysAfterDue: 30 });
    expect((await chargeRow(txid)).status).toBe('creating');
    await expect(syncInvoiceCharge(em(), txid, NOW, deps())).resolves.toMatchObject({ status: 'active' });
    const row = await chargeRow(txid);
    expect(row.br_code).toBe(accepted.brCode);
    expect(row.location).toBe(accepted.location);
    expect(atPsp(txid)?.revisao).toBe(0);
  });

  it('marking the invoice paid by hand cancels its charge at the PSP', async () => {
    const { invoiceId, txid } = await issuedInvoice();
    await syncInvoiceCharge(em(), txid, NOW, deps());
    await markInvoicePaid(em(), { role: 'admin', adminId: 1 }, invoiceId, NOW);
    await enqueueInvoiceChargeSyncs(queues.invoiceCharges, [txid]); // what the sweep would do
    await withChargeWorkers({}, async () => {
      await eventually(async () => (await chargeRow(txid)).status === 'cancelled');
    });
    expect(atPsp(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('"Marcar como paga": the workers hear it committed and cancel the charge at the PSP at once, no sweep', async () => {
    const { invoiceId, txid } = await issuedInvoice();
    await syncInvoiceCharge(em(), txid, NOW, deps());
    expect(atPsp(txid)?.status).toBe('ATIVA');
    const since = Date.now();
    // No scheduler here (the 15 s sweep is registered by main.ts only) and no sweep job is added.
    await withChargeWorkers({ listen: true }, async (workers) => {
      await workers.payoutListener!.ready();
      await markInvoicePaid(em(), { role: 'admin', adminId: 1 }, invoiceId, NOW);
      await eventually(async () => (await chargeRow(txid)).status === 'cancelled');
    });
    expect(atPsp(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const sweeps = (
      await queues.invoiceCharges.getJobs(['completed', 'active', 'waiting', 'delayed'])
    ).filter((job) => job.name === JOB_NAMES.sweepInvoiceCharges && job.timestamp >= since);
    expect(sweeps).toEqual([]);
  });

  it('a charge the PSP created after its invoice was deleted is cancelled there', async () => {
    const { txid } = await issuedInvoice();
    const claim = await claimInvoiceCharge(em(), txid, NOW);
    if (claim.action !== 'create') throw new Error('expected a create claim');
    // The deletion reached the PSP before the creation did (an unknown txid is fine to cancel).
    await deleteInvoice(em(), { role: 'admin', adminId: 1 }, claim.charge.invoiceId!, {
      cancelCharge: (id) => cancelChargeAtPsp(em(), provider, id, NOW),
    });
    // The creation in flight now reaches the PSP, and its record finds the charge cancelled.
    await expect(createClaimedCharge(em(), claim.charge, NOW, deps())).resolves.toMatchObject({
      status: 'cancelled',
      created: true,
      cancelled: true,
    });
    expect(atPsp(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });

  it('cancelling a charge the business just paid records the payment instead', async () => {
    const { invoiceId, txid } = await issuedInvoice();
    await syncInvoiceCharge(em(), txid, NOW, deps());
    const paid = await fetch(`${fake.url}/__control/charges/${txid}/pay`, { method: 'POST', body: '{}' });
    expect(paid.status).toBe(200);
    await expect(cancelChargeAtPsp(em(), provider, txid, NOW)).resolves.toBe('paid');
    expect((await chargeRow(txid)).status).toBe('paid');
    const [invoice] = await em().execute<{ status: string }[]>('select status from invoices where id = ?', [
      invoiceId,
    ]);
    expect(invoice?.status).toBe('paid');
  });

  it('a business without CNPJ: failed with the reason, nothing asked of the PSP', async () => {
    const { txid } = await issuedInvoice(false);
    await expect(syncInvoiceCharge(em(), txid, NOW, deps())).resolves.toMatchObject({ status: 'failed' });
    expect((await chargeRow(txid)).failure).toContain('CNPJ');
    expect(atPsp(txid)).toBeUndefined();
  });

  it('a billing run on the invoices queue has its charges created at once, without waiting for the sweep', async () => {
    const restaurant = await insertRestaurant(em(), { cnpj: CNPJ, legalName: 'Mercado da Semana Ltda' });
    const freelancer = await insertFreelancer(em());
    const fork = em();
    const job = await insertJob(fork, restaurant, { dateNeeded: '2026-11-18', status: 'completed' });
    await insertCompletedAssignment(fork, job, freelancer);
    await withChargeWorkers({}, async () => {
      await queues.invoices.add(JOB_NAMES.weeklyInvoices, { weekOffset: -1 });
      await eventually(async () => {
        const [row] = await em().execute<{ status: string }[]>(
          `select c.status from invoice_pix_charges c join invoices i on i.id = c.invoice_id
            where i.restaurant_id = ?`,
          [restaurant.id],
        );
        return row?.status === 'active';
      });
    });
  });

  describe('a charge past its last payable day (due date + 30 days)', () => {
    /** The fake PSP's clock (its own expiry); none puts it back. */
    const pspClock = (now?: Date) =>
      fetch(`${fake.url}/__control/clock`, {
        method: 'POST',
        body: JSON.stringify(now ? { now: now.toISOString() } : {}),
      });
    afterEach(async () => {
      await pspClock();
    });

    /** An active charge, and a day (São Paulo, midday) after its last payable one. */
    async function activeCharge() {
      const issued = await issuedInvoice();
      await syncInvoiceCharge(em(), issued.txid, NOW, deps());
      const [row] = await em().execute<{ due_date: string }[]>(
        `select to_char(due_date, 'YYYY-MM-DD') as due_date from invoice_pix_charges where txid = ?`,
        [issued.txid],
      );
      const expiredDay = addDays(row!.due_date, 31);
      return { ...issued, expiredDay, expiredAt: new Date(`${expiredDay}T15:00:00Z`) };
    }

    async function invoiceStatus(invoiceId: number) {
      const [row] = await em().execute<{ status: string }[]>('select status from invoices where id = ?', [
        invoiceId,
      ]);
      return row?.status;
    }

    it('removed by the PSP (REMOVIDA_PELO_PSP): the sweep expires it and the invoice gets a new charge at the PSP', async () => {
      const { invoiceId, txid, expiredDay, expiredAt } = await activeCharge();
      await pspClock(expiredAt);
      expect((await provider.getDueCharge(txid))?.status).toBe('REMOVIDA_PELO_PSP');
      const renewed = invoiceChargeTxid(invoiceId, 1);
      await withChargeWorkers({ now: expiredAt, concurrency: 2 }, async () => {
        await queues.invoiceCharges.add(JOB_NAMES.sweepInvoiceCharges, {});
        await eventually(async () => (await chargeRow(renewed).catch(() => null))?.status === 'active');
      });
      expect((await chargeRow(txid)).status).toBe('cancelled');
      expect(atPsp(txid)?.status).toBe('REMOVIDA_PELO_PSP'); // read, not removed again
      expect(atPsp(renewed)?.body).toMatchObject({
        calendario: { dataDeVencimento: expiredDay, validadeAposVencimento: 30 },
      });
      expect((await chargeRow(renewed)).br_code).toBe(atPsp(renewed)?.brCode);
      expect(await invoiceStatus(invoiceId)).not.toBe('paid');
    });

    it('kept ATIVA by the PSP: the worker removes it there, then expires and renews it', async () => {
      const { invoiceId, txid, expiredAt } = await activeCharge();
      await expect(syncInvoiceCharge(em(), txid, expiredAt, deps())).resolves.toEqual({
        status: 'cancelled',
        created: false,
        cancelled: true,
        renewedTxid: invoiceChargeTxid(invoiceId, 1),
      });
      expect(atPsp(txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
      expect((await chargeRow(invoiceChargeTxid(invoiceId, 1))).status).toBe('creating');
      // Repeated (a duplicate job): nothing more.
      await expect(syncInvoiceCharge(em(), txid, expiredAt, deps())).resolves.toMatchObject({
        status: 'cancelled',
      });
      const [count] = await em().execute<{ n: number }[]>(
        'select count(*)::int as n from invoice_pix_charges where invoice_id = ?',
        [invoiceId],
      );
      expect(count?.n).toBe(2);
    });

    it('paid at the PSP with the webhook lost: the payment is recorded, nothing expires', async () => {
      const { invoiceId, txid, expiredAt } = await activeCharge();
      const paid = await fetch(`${fake.url}/__control/charges/${txid}/pay`, { method: 'POST', body: '{}' });
      expect(paid.status).toBe(200);
      expect((await chargeRow(txid)).status).toBe('active'); // no webhook reached Turno
      await pspClock(expiredAt);
      await expect(syncInvoiceCharge(em(), txid, expiredAt, deps())).resolves.toMatchObject({
        status: 'paid',
        renewedTxid: null,
      });
      expect(await invoiceStatus(invoiceId)).toBe('paid');
      expect(atPsp(invoiceChargeTxid(invoiceId, 1))).toBeUndefined();
    });
  });
});
