/**
 * The admin's side of invoices payable by Pix (issue 25), on the demo data with the fake PSP: the
 * invoice view carries the charge and its QR code, deleting cancels the charge at the PSP first
 * (the PSP down: 409 and nothing deleted), and the divergences are listed.
 */
import { claimInvoiceCharge, recordInvoiceChargeCreated, recordPixReceived } from '@turno/core';
import { AdminInvoiceDetailSchema, PixMismatchListSchema } from '@turno/contracts';
import { INVOICE_PIX_CHARGE_TEXTS } from '@turno/domain';
import { startFakePsp, type RunningFakePsp } from '@turno/fake-psp';
import { EfiPixProvider, pspSettingsFromEnv } from '@turno/psp';
import { startBffForTest, walkRoles, type TestBff } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';
import { setChargePspForTests } from './pix-charges';

jest.setTimeout(60_000);

let bff: TestBff;
let cookie: string;
let fake: RunningFakePsp;
let provider: EfiPixProvider;
let unreachable: EfiPixProvider;
const em = () => bff.db.orm.em.fork();

beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  cookie = await bff.sessionCookie((await walkRoles(bff.db.orm.em)).admin);
  fake = await startFakePsp({ port: 0 });
  provider = new EfiPixProvider({ ...pspSettingsFromEnv(), baseUrl: fake.url, rateLimitPerSecond: 0 });
  unreachable = new EfiPixProvider({
    ...pspSettingsFromEnv(),
    baseUrl: 'http://127.0.0.1:9',
    timeoutMs: 2_000,
    rateLimitPerSecond: 0,
  });
});

afterAll(async () => {
  setChargePspForTests(undefined);
  provider.close();
  unreachable.close();
  await fake.close();
  await bff.close();
});

/** The unpaid demo invoices with their charge (written `creating` by the demo data). */
async function unpaidInvoices(): Promise<{ id: number; txid: string; amount_cents: number }[]> {
  return em().execute(
    `select i.id, c.txid, i.amount_cents from invoices i join invoice_pix_charges c on c.invoice_id = i.id
      where i.status in ('pending', 'overdue') and c.status = 'creating' order by i.id`,
  );
}

/** The charge created at the fake PSP as the workers do it. */
async function activate(txid: string): Promise<string> {
  const claim = await claimInvoiceCharge(em(), txid, new Date());
  if (claim.action !== 'create') throw new Error(`not creatable: ${claim.action}`);
  const created = await provider.createDueCharge(claim.charge);
  await recordInvoiceChargeCreated(em(), txid, created, new Date());
  return created.brCode;
}

it('the invoice view carries its Pix charge, its QR code and the document its BR Code', async () => {
  const [invoice] = await unpaidInvoices();
  expect(invoice).toBeDefined();
  const brCode = await activate(invoice!.txid);
  const response = await bff.request(`/api/admin/invoices/${invoice!.id}`, { cookie });
  expect(response.status).toBe(200);
  const detail = AdminInvoiceDetailSchema.parse(response.body);
  expect(detail.pix_charge).toMatchObject({
    status: 'active',
    txid: invoice!.txid,
    br_code: brCode,
    amount: invoice!.amount_cents / 100,
  });
  expect(detail.pix_charge?.qr_svg).toMatch(/^<svg[^>]*>/);
  expect(detail.document.pix).toEqual({ brCode, instructions: expect.stringContaining('Vencimento') });
});

it('deleting cancels the charge at the PSP first; the PSP down answers 409 and deletes nothing', async () => {
  const [, invoice] = await unpaidInvoices();
  await activate(invoice!.txid);
  setChargePspForTests(unreachable);
  const refused = await bff.request(`/api/admin/invoices/${invoice!.id}`, { method: 'DELETE', cookie });
  expect(refused).toMatchObject({ status: 409, body: { error: INVOICE_PIX_CHARGE_TEXTS.cancelUnavailable } });
  expect((await bff.request(`/api/admin/invoices/${invoice!.id}`, { cookie })).status).toBe(200);
  expect(fake.state.charges.get(invoice!.txid)?.status).toBe('ATIVA');

  setChargePspForTests(provider);
  const deleted = await bff.request(`/api/admin/invoices/${invoice!.id}`, { method: 'DELETE', cookie });
  expect(deleted.status).toBe(200);
  expect(fake.state.charges.get(invoice!.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  const [charge] = await em().execute<{ status: string; invoice_id: number | null }[]>(
    'select status, invoice_id from invoice_pix_charges where txid = ?',
    [invoice!.txid],
  );
  expect(charge).toEqual({ status: 'cancelled', invoice_id: null });
});

it('lists the divergences: a Pix of another amount, with what was received and when', async () => {
  const [invoice] = await unpaidInvoices();
  await activate(invoice!.txid);
  const paidAt = '2026-11-27T14:32:00.000Z';
  await recordPixReceived(em(), {
    endToEndId: 'E1234567820261127143200000000001',
    txid: invoice!.txid,
    amountCents: 1_000,
    paidAt,
  });
  const response = await bff.request('/api/admin/invoices/pix-mismatches', { cookie });
  expect(response.status).toBe(200);
  const list = PixMismatchListSchema.parse(response.body);
  expect(list.items).toEqual([
    expect.objectContaining({
      invoice_id: invoice!.id,
      txid: invoice!.txid,
      amount: invoice!.amount_cents / 100,
      received_amount: 10,
      received_at: paidAt,
    }),
  ]);
});
