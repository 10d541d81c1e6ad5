import { invoiceChargeTxid } from '@turno/domain';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import type { Actor } from '../shared/actor';
import { completedShift, resetBillingData, sp } from '../invoices/invoices-test-data';
import {
  SYSTEM_ACTOR,
  buildInvoiceDocument,
  deleteInvoice,
  generateWeeklyInvoices,
  markInvoicePaid,
  readInvoiceDetail,
} from '../invoices';
import {
  claimInvoiceCharge,
  listPixMismatches,
  recordInvoiceChargeCancelled,
  recordInvoiceChargeCreated,
  recordInvoiceChargeExpired,
  recordPixReceived,
  sweepInvoiceCharges,
} from '.';

let db: TestDatabase;
const em = () => db.orm.em.fork();
const admin: Actor = { role: 'admin', adminId: 1 };
const CNPJ = '11444777000161';
/** Week 47 (16–22/11/2026) closed on Monday 23/11 01:00: issued 23/11, due 02/12. */
const CLOSE_W47 = sp('2026-11-23', '01:00');
const LATER = sp('2026-11-23', '10:00');

interface ChargeRow {
  txid: string;
  revision: number;
  status: string;
  amount_cents: number;
  due_date: string;
  invoice_id: number | null;
  requested_at: Date | null;
  cancel_requested_at: Date | null;
  br_code: string | null;
  failure: string | null;
  received_amount_cents: number | null;
}

async function charges(manager: EntityManager = em()): Promise<ChargeRow[]> {
  return manager.execute<ChargeRow[]>(
    `select txid, revision, status, amount_cents, to_char(due_date, 'YYYY-MM-DD') as due_date, invoice_id,
            requested_at, cancel_requested_at, br_code, failure, received_amount_cents
       from invoice_pix_charges order by id`,
  );
}

async function invoice(id: number) {
  const [row] = await em().execute<{ status: string; payment_date: string | null; amount_cents: number }[]>(
    `select status, payment_date::text as payment_date, amount_cents from invoices where id = ?`,
    [id],
  );
  return row;
}

async function eventsOf(type: string): Promise<number> {
  const [row] = await em().execute<{ n: number }[]>(
    `select count(*)::int as n from domain_events where type = ?`,
    [type],
  );
  return row!.n;
}

/** A business (with or without CNPJ) with one completed shift billed on week 47's invoice. */
async function billedBusiness(options: { cnpj?: boolean } = {}) {
  const restaurant = await insertRestaurant(
    em(),
    options.cnpj === false ? {} : { cnpj: CNPJ, legalName: 'Mercado Exemplo Ltda' },
  );
  const freelancer = await insertFreelancer(em());
  const shift = await completedShift(em(), restaurant, freelancer, { date: '2026-11-18' });
  const result = await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
  const invoiceId = result.invoiceIds[0]!;
  return { restaurant, freelancer, shift, invoiceId, txid: invoiceChargeTxid(invoiceId, 0) };
}

/** The charge created at the PSP as a worker would (claim, then the PSP's answer recorded). */
async function activate(txid: string) {
  const claim = await claimInvoiceCharge(em(), txid, LATER);
  expect(claim.action).toBe('create');
  await expect(
    recordInvoiceChargeCreated(em(), txid, { location: 'psp.example/qr/v2/1', brCode: 'BRCODE-1' }, LATER),
  ).resolves.toBe('active');
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await resetBillingData(em());
  await em().execute('truncate pix_receipts, domain_events, invoice_pix_charges restart identity cascade');
});

describe('issuing an invoice', () => {
  it("writes its charge 'creating' in the same transaction, once, due on the invoice's due date", async () => {
    const { invoiceId, txid, shift } = await billedBusiness();
    expect(await charges()).toEqual([
      expect.objectContaining({
        txid,
        revision: 0,
        status: 'creating',
        amount_cents: shift.chargeCents,
        due_date: '2026-12-02',
        invoice_id: invoiceId,
      }),
    ]);
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(await charges()).toHaveLength(1);
    expect(await sweepInvoiceCharges(em())).toEqual({ txids: [txid] });
  });

  it('late work added to the pending invoice gives it the next revision; the charge at the PSP is cancelled there first', async () => {
    const { restaurant, freelancer, invoiceId, txid, shift } = await billedBusiness();
    await activate(txid);
    const late = await completedShift(em(), restaurant, freelancer, { date: '2026-11-19' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    const [first, second] = await charges();
    expect(first).toMatchObject({ txid, status: 'active', cancel_requested_at: expect.anything() });
    expect(second).toMatchObject({
      txid: invoiceChargeTxid(invoiceId, 1),
      status: 'creating',
      amount_cents: shift.chargeCents + late.chargeCents,
    });
    // The sweep hands both to the workers: the cancellation and the new charge.
    expect((await sweepInvoiceCharges(em())).txids).toEqual([txid, invoiceChargeTxid(invoiceId, 1)]);
    await expect(claimInvoiceCharge(em(), txid, LATER)).resolves.toEqual({ action: 'cancel', txid });
    await expect(recordInvoiceChargeCancelled(em(), txid, LATER)).resolves.toBe('cancelled');
  });

  it('a charge the PSP never had is simply cancelled when the invoice grows', async () => {
    const { restaurant, freelancer, txid } = await billedBusiness();
    await completedShift(em(), restaurant, freelancer, { date: '2026-11-19' });
    await generateWeeklyInvoices(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect((await charges()).map((charge) => [charge.txid, charge.status])).toEqual([
      [txid, 'cancelled'],
      [expect.stringMatching(/R0001$/), 'creating'],
    ]);
  });
});

describe('the workers claim a charge', () => {
  it('hands it to the PSP with the business CNPJ and legal name, and records its BR Code', async () => {
    const { txid, invoiceId, shift } = await billedBusiness();
    const claim = await claimInvoiceCharge(em(), txid, LATER);
    expect(claim).toEqual({
      action: 'create',
      charge: {
        txid,
        invoiceId,
        invoiceNumber: expect.stringMatching(/^TUR-/),
        amountCents: shift.chargeCents,
        dueDate: '2026-12-02',
        debtor: { cnpj: CNPJ, name: 'Mercado Exemplo Ltda' },
      },
    });
    // A second claim (a retry, a worker that died after the PSP accepted) creates again: the PSP
    // answers the same charge for the same txid.
    await expect(claimInvoiceCharge(em(), txid, LATER)).resolves.toMatchObject({ action: 'create' });
    await recordInvoiceChargeCreated(em(), txid, { location: 'loc', brCode: 'BR' }, LATER);
    expect(await charges()).toEqual([
      expect.objectContaining({ status: 'active', br_code: 'BR', requested_at: expect.anything() }),
    ]);
    await expect(claimInvoiceCharge(em(), txid, LATER)).resolves.toEqual({
      action: 'done',
      status: 'active',
    });
    expect(await sweepInvoiceCharges(em())).toEqual({ txids: [] });
  });

  it('fails it with the reason when the business has no CNPJ (the invoice stays payable otherwise)', async () => {
    const { txid, invoiceId } = await billedBusiness({ cnpj: false });
    await expect(claimInvoiceCharge(em(), txid, LATER)).resolves.toEqual({
      action: 'done',
      status: 'failed',
    });
    expect(await charges()).toEqual([
      expect.objectContaining({ status: 'failed', failure: expect.stringContaining('CNPJ') }),
    ]);
    expect((await invoice(invoiceId))?.status).toBe('pending');
  });
});

describe('a Pix received', () => {
  const pix = (txid: string, amountCents: number, endToEndId = 'E12345678202611231000abcdefghijk') => ({
    endToEndId,
    txid,
    amountCents,
    paidAt: sp('2026-11-24', '14:32').toISOString(),
  });

  it("of the invoice's amount pays the charge and the invoice; the same notification twice changes nothing", async () => {
    const { txid, invoiceId, shift } = await billedBusiness();
    await activate(txid);
    await expect(recordPixReceived(em(), pix(txid, shift.chargeCents), LATER)).resolves.toEqual({
      outcome: 'paid',
      invoiceId,
    });
    await expect(recordPixReceived(em(), pix(txid, shift.chargeCents), LATER)).resolves.toEqual({
      outcome: 'duplicate',
    });
    expect(await invoice(invoiceId)).toMatchObject({ status: 'paid', payment_date: '2026-11-24' });
    expect(await charges()).toEqual([
      expect.objectContaining({ status: 'paid', received_amount_cents: shift.chargeCents }),
    ]);
    expect(await eventsOf('invoice_paid')).toBe(1);
    const [audit] = await em().execute<{ n: number }[]>(
      `select count(*)::int as n from audit_events where action = 'invoice.paid_by_pix'`,
    );
    expect(audit!.n).toBe(1);
  });

  it('twenty copies of one notification at once record one receipt and pay once', async () => {
    const { txid, invoiceId, shift } = await billedBusiness();
    await activate(txid);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => recordPixReceived(em(), pix(txid, shift.chargeCents), LATER)),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'paid')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'duplicate')).toHaveLength(19);
    expect((await invoice(invoiceId))?.status).toBe('paid');
    expect(await eventsOf('invoice_paid')).toBe(1);
  });

  it('of another amount leaves the invoice pending and lists it as a divergence; the right amount later pays it', async () => {
    const { txid, invoiceId, shift, restaurant } = await billedBusiness();
    await activate(txid);
    await expect(recordPixReceived(em(), pix(txid, 10_000, 'E1'), LATER)).resolves.toEqual({
      outcome: 'mismatch',
      invoiceId,
    });
    expect((await invoice(invoiceId))?.status).toBe('pending');
    expect(await listPixMismatches(em())).toEqual([
      expect.objectContaining({
        invoice_id: invoiceId,
        restaurant_id: restaurant.id,
        invoice_status: 'pending',
        amount: shift.chargeCents / 100,
        received_amount: 100,
        txid,
        end_to_end_id: 'E1',
        received_at: sp('2026-11-24', '14:32').toISOString(),
      }),
    ]);
    await expect(recordPixReceived(em(), pix(txid, shift.chargeCents, 'E2'), LATER)).resolves.toEqual({
      outcome: 'paid',
      invoiceId,
    });
    expect(await listPixMismatches(em())).toEqual([]);
  });

  it('racing an admin\'s "Marcar como paga": no deadlock, the invoice paid once, the Pix paid or listed', async () => {
    for (let round = 0; round < 5; round += 1) {
      await resetBillingData(em());
      const { txid, invoiceId, shift } = await billedBusiness();
      await activate(txid);
      const [byHand, byPix] = await Promise.allSettled([
        markInvoicePaid(em(), admin, invoiceId, LATER),
        recordPixReceived(em(), pix(txid, shift.chargeCents, `E${round}`), LATER),
      ]);
      expect(byPix.status).toBe('fulfilled');
      expect((await invoice(invoiceId))?.status).toBe('paid');
      const [charge] = await charges();
      if (byHand.status === 'fulfilled') expect(charge?.status).toBe('mismatch');
      else expect([charge?.status, (byHand.reason as { status: number }).status]).toEqual(['paid', 409]);
    }
  });

  it('with a txid Turno does not know is recorded, and changes nothing', async () => {
    await billedBusiness();
    await expect(recordPixReceived(em(), pix('OUTROTXID123', 500), LATER)).resolves.toEqual({
      outcome: 'unknown_txid',
    });
    await expect(recordPixReceived(em(), pix(invoiceChargeTxid(999, 0), 500, 'E9'), LATER)).resolves.toEqual({
      outcome: 'unknown_txid',
    });
    const [row] = await em().execute<{ n: number }[]>('select count(*)::int as n from pix_receipts');
    expect(row!.n).toBe(2);
  });

  it("before the creation's answer is recorded (out of order): paid, and the late answer keeps it paid", async () => {
    const { txid, invoiceId, shift } = await billedBusiness();
    await claimInvoiceCharge(em(), txid, LATER);
    await recordPixReceived(em(), pix(txid, shift.chargeCents), LATER);
    await expect(
      recordInvoiceChargeCreated(em(), txid, { location: 'loc', brCode: 'BR' }, LATER),
    ).resolves.toBe('paid');
    expect((await invoice(invoiceId))?.status).toBe('paid');
  });
});

describe('a charge past its last payable day (due 02/12 + 30 days: payable through 01/01)', () => {
  const LAST_DAY = sp('2027-01-01', '23:59');
  const EXPIRED = sp('2027-01-02', '00:01');

  it('is swept and claimed to expire only from the day after, and a paid or settled one never is', async () => {
    const { txid } = await billedBusiness();
    await activate(txid);
    expect(await sweepInvoiceCharges(em(), 500, LAST_DAY)).toEqual({ txids: [] });
    await expect(claimInvoiceCharge(em(), txid, LAST_DAY)).resolves.toEqual({
      action: 'done',
      status: 'active',
    });
    await expect(recordInvoiceChargeExpired(em(), txid, LAST_DAY)).resolves.toEqual({
      status: 'active',
      renewedTxid: null,
    });
    expect(await sweepInvoiceCharges(em(), 500, EXPIRED)).toEqual({ txids: [txid] });
    await expect(claimInvoiceCharge(em(), txid, EXPIRED)).resolves.toEqual({ action: 'expire', txid });
    // Paid meanwhile (a webhook): nothing expires.
    await recordPixReceived(
      em(),
      { endToEndId: 'E-late', txid, amountCents: (await charges())[0]!.amount_cents, paidAt: EXPIRED },
      EXPIRED,
    );
    await expect(recordInvoiceChargeExpired(em(), txid, EXPIRED)).resolves.toEqual({
      status: 'paid',
      renewedTxid: null,
    });
    expect(await sweepInvoiceCharges(em(), 500, EXPIRED)).toEqual({ txids: [] });
  });

  it('expired: cancelled (audited), and its unpaid invoice gets a new charge due that day, once', async () => {
    const { txid, invoiceId } = await billedBusiness();
    await activate(txid);
    const updates = await eventsOf('invoice_charge_updated');
    const renewed = invoiceChargeTxid(invoiceId, 1);
    await expect(recordInvoiceChargeExpired(em(), txid, EXPIRED)).resolves.toEqual({
      status: 'cancelled',
      renewedTxid: renewed,
    });
    await expect(recordInvoiceChargeExpired(em(), txid, EXPIRED)).resolves.toEqual({
      status: 'cancelled',
      renewedTxid: null,
    });
    const [old, next] = await charges();
    expect(old).toMatchObject({ txid, status: 'cancelled', cancel_requested_at: null });
    expect(next).toMatchObject({ txid: renewed, revision: 1, status: 'creating', due_date: '2027-01-02' });
    expect(await charges()).toHaveLength(2);
    expect((await invoice(invoiceId))?.status).not.toBe('paid');
    expect(await eventsOf('invoice_charge_updated')).toBe(updates + 1);
    const [audit] = await em().execute<
      { target_id: string; details: { txid: string; lastPayableDate: string } }[]
    >(`select target_id, details from audit_events where action = 'invoice.pix_expired'`);
    expect(audit).toMatchObject({ details: { txid, lastPayableDate: '2027-01-01' } });
    expect(Number(audit?.target_id)).toBe(invoiceId);
    // The business's view: the new charge, being created (no QR of the expired one).
    const detail = await readInvoiceDetail(em(), admin, invoiceId);
    expect(detail.pix_charge).toMatchObject({ txid: renewed, status: 'creating', br_code: null });
  });

  it('of an invoice deleted meanwhile: expired, nothing renewed', async () => {
    const { txid, invoiceId } = await billedBusiness();
    await activate(txid);
    await em().execute(`update invoice_pix_charges set invoice_id = null where txid = ?`, [txid]);
    await em().execute(`update invoices set status = 'paid', payment_date = '2026-12-01' where id = ?`, [
      invoiceId,
    ]);
    await expect(recordInvoiceChargeExpired(em(), txid, EXPIRED)).resolves.toEqual({
      status: 'cancelled',
      renewedTxid: null,
    });
    expect(await charges()).toHaveLength(1);
  });
});

describe("an admin's actions", () => {
  it('marking the invoice paid by hand asks the workers to cancel its active charge', async () => {
    const { txid, invoiceId } = await billedBusiness();
    await activate(txid);
    await markInvoicePaid(em(), admin, invoiceId, LATER);
    expect(await charges()).toEqual([
      expect.objectContaining({ status: 'active', cancel_requested_at: expect.anything() }),
    ]);
    expect(await sweepInvoiceCharges(em())).toEqual({ txids: [txid] });
    await expect(claimInvoiceCharge(em(), txid, LATER)).resolves.toEqual({ action: 'cancel', txid });
    await recordInvoiceChargeCancelled(em(), txid, LATER);
    expect((await charges())[0]?.status).toBe('cancelled');
    // A Pix arriving after that is a divergence (the invoice was paid otherwise).
    await expect(
      recordPixReceived(em(), { endToEndId: 'E7', txid, amountCents: 100, paidAt: LATER }, LATER),
    ).resolves.toEqual({ outcome: 'mismatch', invoiceId });
  });

  it('deleting cancels the charge at the PSP first; the PSP down or the charge paid meanwhile deletes nothing', async () => {
    const { txid, invoiceId } = await billedBusiness();
    await activate(txid);
    const down = jest.fn(async () => {
      throw new Error('PSP down');
    });
    await expect(deleteInvoice(em(), admin, invoiceId, { cancelCharge: down })).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('nada foi excluído'),
    });
    await expect(
      deleteInvoice(em(), admin, invoiceId, { cancelCharge: async () => 'paid' }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await invoice(invoiceId))?.status).toBe('pending');
    expect((await charges())[0]?.status).toBe('active');

    const cancel = jest.fn(async () => 'cancelled' as const);
    await expect(deleteInvoice(em(), admin, invoiceId, { cancelCharge: cancel })).resolves.toMatchObject({
      id: invoiceId,
    });
    expect(cancel).toHaveBeenCalledWith(txid);
    expect(await invoice(invoiceId)).toBeUndefined();
    expect(await charges()).toEqual([
      expect.objectContaining({ txid, status: 'cancelled', invoice_id: null }),
    ]);
  });

  it('deleting without a PSP at hand has the workers cancel first, then deletes on the next try', async () => {
    const { txid, invoiceId } = await billedBusiness();
    await activate(txid);
    await expect(deleteInvoice(em(), admin, invoiceId)).rejects.toMatchObject({ status: 409 });
    expect(await sweepInvoiceCharges(em())).toEqual({ txids: [txid] });
    await recordInvoiceChargeCancelled(em(), txid, LATER);
    await expect(deleteInvoice(em(), admin, invoiceId)).resolves.toMatchObject({ id: invoiceId });
  });

  it('deleting an invoice whose charge the PSP never had needs no PSP', async () => {
    const { invoiceId } = await billedBusiness();
    await expect(deleteInvoice(em(), admin, invoiceId)).resolves.toMatchObject({ id: invoiceId });
    expect((await charges())[0]).toMatchObject({ status: 'cancelled', invoice_id: null });
  });
});

describe('the invoice detail', () => {
  it('carries its latest charge, and the document its BR Code while payable', async () => {
    const { txid, invoiceId, shift } = await billedBusiness();
    const creating = await readInvoiceDetail(em(), admin, invoiceId);
    expect(creating.pix_charge).toMatchObject({ status: 'creating', br_code: null, txid });
    expect(buildInvoiceDocument(creating).pix).toBeNull();
    await activate(txid);
    const active = await readInvoiceDetail(em(), admin, invoiceId);
    expect(active.pix_charge).toEqual({
      status: 'active',
      txid,
      br_code: 'BRCODE-1',
      qr_svg: null,
      due_date: '2026-12-02',
      amount: shift.chargeCents / 100,
      received_at: null,
      received_amount: null,
    });
    expect(buildInvoiceDocument(active).pix).toEqual({
      brCode: 'BRCODE-1',
      instructions: expect.stringContaining('Vencimento 02/12/2026.'),
    });
  });
});
