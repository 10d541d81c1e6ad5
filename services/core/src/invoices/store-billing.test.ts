/**
 * Chains (issue 28): a business billed centrally gets one weekly invoice for all its stores, one
 * billed per store gets one invoice per store that had work, each with its own Pix charge; a change
 * of mode applies from the next run and never bills a service twice.
 */
import { STORE_BILLING_MESSAGES } from '@turno/domain';
import { setBillingMode } from '../accounts/billing-mode.service';
import { Store, type Freelancer, type Restaurant } from '../model';
import { OWNER_MEMBERSHIP, type Actor } from '../shared/actor';
import { createTestDatabase, insertFreelancer, insertRestaurant, type TestDatabase } from '../testing';
import { completedShift, resetBillingData, sp } from './invoices-test-data';
import { SYSTEM_ACTOR, closeBillingCycle } from './invoices.service';
import { readInvoiceDetail } from './restaurant-invoices.queries';

let db: TestDatabase;
const em = () => db.orm.em.fork();
const owner = (restaurantId: number): Actor => ({
  role: 'restaurant',
  restaurantId,
  userId: 0,
  member: OWNER_MEMBERSHIP,
});

/** Billing week 47 of 2026 (16/11–22/11) closes on Monday 23/11; week 48 on 30/11. */
const CLOSE_W47 = sp('2026-11-23', '01:00');
const CLOSE_W48 = sp('2026-11-30', '01:00');

let business: Restaurant;
let centro: Store;
let vila: Store;
let freelancer: Freelancer;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  const setup = em();
  await resetBillingData(setup);
  business = await insertRestaurant(setup, { businessName: 'Rede Bom Preço' });
  centro = await setup.findOneOrFail(Store, { restaurant: business.id });
  centro.name = 'Loja Centro';
  vila = setup.create(Store, { restaurant: business, name: 'Loja Vila Mariana', cnpj: '12345678000276' });
  await setup.flush();
  freelancer = await insertFreelancer(setup);
});

interface BilledInvoice {
  id: number;
  store_id: number | null;
  amount_cents: number;
  lines: number;
  lines_cents: number;
  pix_charges: number;
}

async function invoices(): Promise<BilledInvoice[]> {
  return em().execute<BilledInvoice[]>(
    `select i.id, i.store_id, i.amount_cents,
            (select count(*) from invoice_lines l where l.invoice_id = i.id)::int as lines,
            (select coalesce(sum(l.amount_cents), 0) from invoice_lines l where l.invoice_id = i.id)::int as lines_cents,
            (select count(*) from invoice_pix_charges c where c.invoice_id = i.id)::int as pix_charges
       from invoices i order by i.id`,
  );
}

async function shiftAt(store: Store, date: string, start = '08:00') {
  return completedShift(em(), business, freelancer, { date, start, store });
}

describe('centralized billing (the default)', () => {
  it('bills every store of the business on one invoice whose lines name their store', async () => {
    const a = await shiftAt(centro, '2026-11-17');
    const b = await shiftAt(vila, '2026-11-18');
    const result = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(result.invoicesGenerated).toBe(1);
    const [invoice, ...others] = await invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ store_id: null, lines: 2, amount_cents: a.chargeCents + b.chargeCents });

    const detail = await readInvoiceDetail(em(), owner(business.id), invoice!.id);
    expect(detail.invoice.store_id).toBeNull();
    expect(detail.lines.map((line) => [line.date_needed, line.store_id, line.store_name])).toEqual([
      ['2026-11-17', centro.id, 'Loja Centro'],
      ['2026-11-18', vila.id, 'Loja Vila Mariana'],
    ]);
  });
});

describe('per-store billing', () => {
  beforeEach(async () => {
    await setBillingMode(em(), owner(business.id), { billingMode: 'per_store' });
  });

  it('bills each store with work on an invoice of its own, each with its own number and Pix charge', async () => {
    const a = await shiftAt(centro, '2026-11-17');
    const b1 = await shiftAt(vila, '2026-11-18');
    const b2 = await shiftAt(vila, '2026-11-19');
    const result = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    expect(result.invoicesGenerated).toBe(2);
    expect(result.completedAssignments).toBe(3);
    const rows = await invoices();
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        store_id: centro.id,
        amount_cents: a.chargeCents,
        lines: 1,
        lines_cents: a.chargeCents,
        pix_charges: 1,
      },
      {
        store_id: vila.id,
        amount_cents: b1.chargeCents + b2.chargeCents,
        lines: 2,
        lines_cents: b1.chargeCents + b2.chargeCents,
        pix_charges: 1,
      },
    ]);
    const numbers = await em().execute<{ invoice_number: string }[]>(
      'select invoice_number from invoices order by id',
    );
    expect(new Set(numbers.map((row) => row.invoice_number)).size).toBe(2);

    const detail = await readInvoiceDetail(em(), owner(business.id), rows[1]!.id);
    expect(detail.invoice).toMatchObject({ store_id: vila.id, store_name: 'Loja Vila Mariana' });
    // The branch's CNPJ, when the store has one, is the client's on its invoice.
    expect(detail.client.cnpj).toBe('12345678000276');
    const centroDetail = await readInvoiceDetail(em(), owner(business.id), rows[0]!.id);
    expect(centroDetail.client.cnpj).toBe(business.cnpj ?? null);
  });

  it("adds a store's late work to that store's pending invoice of the week, not to another store's", async () => {
    await shiftAt(centro, '2026-11-17');
    await shiftAt(vila, '2026-11-18');
    await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    const late = await shiftAt(vila, '2026-11-20', '14:00');
    const rerun = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W48);
    expect(rerun).toMatchObject({ invoicesGenerated: 0, invoicesUpdated: 1, completedAssignments: 1 });
    const rows = await invoices();
    expect(rows).toHaveLength(2);
    const vilaInvoice = rows.find((row) => row.store_id === vila.id)!;
    expect(vilaInvoice.lines).toBe(2);
    expect(vilaInvoice.amount_cents).toBe(vilaInvoice.lines_cents);
    expect(vilaInvoice.lines_cents).toBeGreaterThan(late.chargeCents);
  });

  it("puts a store's credit on that store's invoice", async () => {
    const a = await shiftAt(centro, '2026-11-17');
    await shiftAt(vila, '2026-11-18');
    await em().execute(
      `insert into invoice_adjustments (assignment_id, restaurant_id, charge_delta_cents, payout_delta_cents, reason, created_at)
       values (?, ?, -1000, -800, 'Ajuste de horas', ?)`,
      [a.assignmentId, business.id, sp('2026-11-20', '12:00')],
    );
    await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    const rows = await invoices();
    const centroInvoice = rows.find((row) => row.store_id === centro.id)!;
    const vilaInvoice = rows.find((row) => row.store_id === vila.id)!;
    expect(centroInvoice.amount_cents).toBe(centroInvoice.lines_cents - 1000);
    expect(vilaInvoice.amount_cents).toBe(vilaInvoice.lines_cents);
  });

  it('switching back to centralized bills late work on a new invoice of the business, each service once', async () => {
    await shiftAt(centro, '2026-11-17');
    await shiftAt(vila, '2026-11-18');
    await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W47);
    await shiftAt(vila, '2026-11-20');
    await shiftAt(centro, '2026-11-21');
    const saved = await setBillingMode(em(), owner(business.id), { billingMode: 'centralized' });
    expect(saved).toEqual({ billingMode: 'centralized', changed: true });
    const rerun = await closeBillingCycle(em(), SYSTEM_ACTOR, {}, CLOSE_W48);
    expect(rerun).toMatchObject({ invoicesGenerated: 1, invoicesUpdated: 0, completedAssignments: 2 });
    const rows = await invoices();
    expect(rows.map((row) => [row.store_id, row.lines])).toEqual([
      [centro.id, 1],
      [vila.id, 1],
      [null, 2],
    ]);
    const [times] = await em().execute<{ max: number; billed: number }[]>(
      `select max(n)::int as max, count(*)::int as billed
         from (select count(*) as n from invoice_lines group by assignment_id) t`,
    );
    expect(times).toEqual({ max: 1, billed: 4 });
  });
});

describe('setBillingMode', () => {
  it('answers unchanged when the mode is already the one asked for', async () => {
    expect(await setBillingMode(em(), owner(business.id), { billingMode: 'centralized' })).toEqual({
      billingMode: 'centralized',
      changed: false,
    });
  });

  it('refuses a manager and a mode that does not exist', async () => {
    const manager: Actor = {
      role: 'restaurant',
      restaurantId: business.id,
      userId: 0,
      member: { ...OWNER_MEMBERSHIP, role: 'manager', storeIds: [centro.id] },
    };
    await expect(setBillingMode(em(), manager, { billingMode: 'per_store' })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      setBillingMode(em(), owner(business.id), { billingMode: 'per-store' as 'per_store' }),
    ).rejects.toMatchObject({ status: 400, message: STORE_BILLING_MESSAGES.invalidMode });
  });
});
