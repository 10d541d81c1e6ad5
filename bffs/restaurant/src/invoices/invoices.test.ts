import { pdfText } from '@turno/core/testing/pdf';
import { RestaurantInvoiceDetailSchema, RestaurantInvoicesPageSchema } from '@turno/contracts';
import { MESSAGES, buildPixBrCode, formatDateBR, formatMoney, toCentavos } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createRestaurantBff } from '../app';

/**
 * The business's invoices: the list (its own only), the invoice view with its lines, and the PDF
 * made on the server, whose text is read back with pdfjs-dist.
 */

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createRestaurantBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.restaurant);
});
afterAll(() => bff.close());

const normalise = (text: string) => text.replace(/\s+/g, ' ');

const invoices = async () =>
  RestaurantInvoicesPageSchema.parse(
    (await bff.request('/api/restaurant/invoices?limit=200', { cookie })).body,
  );

it("lists the business's own invoices, latest first, with the counts of each status", async () => {
  const page = await invoices();
  expect(page.items.length).toBeGreaterThan(0);
  expect(new Set(page.items.map((invoice) => invoice.restaurant_id))).toEqual(
    new Set([roles.restaurant.restaurantId]),
  );
  const issued = page.items.map((invoice) => invoice.issue_date);
  expect(issued).toEqual([...issued].sort().reverse());
  expect(page.total).toBe(page.stats.all);
  expect(page.stats.pending + page.stats.paid + page.stats.overdue).toBe(page.stats.all);
  const paid = RestaurantInvoicesPageSchema.parse(
    (await bff.request('/api/restaurant/invoices?status=paid', { cookie })).body,
  );
  expect(paid.items.every((invoice) => invoice.status === 'paid')).toBe(true);
  expect((await bff.request('/api/restaurant/invoices?status=late', { cookie })).status).toBe(400);
});

it('shows an invoice with its lines, and makes its PDF with the number, the client, every line and the total', async () => {
  const withLines = [];
  for (const invoice of (await invoices()).items) {
    const detail = RestaurantInvoiceDetailSchema.parse(
      (await bff.request(`/api/restaurant/invoices/${invoice.id}`, { cookie })).body,
    );
    if (detail.lines.length > 0) withLines.push(detail);
  }
  expect(withLines.length).toBeGreaterThan(0);
  const detail = withLines[0]!;
  const sum = detail.lines.reduce((total, line) => total + toCentavos(line.restaurant_payment_amount), 0);
  expect(sum).toBe(toCentavos(detail.invoice.amount));
  expect(detail.client.business_name).toBe('Supermercado Bom Preço');
  // The demo business's legal identity (issue 25), stored without mask, shown masked on the PDF.
  expect(detail.client).toMatchObject({ legal_name: 'Supermercado Bom Preço Ltda', cnpj: '12345678000195' });

  const response = await fetch(`${bff.url}/api/restaurant/invoices/${detail.invoice.id}/pdf`, {
    headers: { cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toContain(
    `fatura-${detail.invoice.invoice_number}.pdf`,
  );
  const pdf = Buffer.from(await response.arrayBuffer());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = pdfText(pdf);
  for (const expected of [
    detail.invoice.invoice_number,
    'Supermercado Bom Preço',
    `Responsável: ${detail.client.responsible_name}`,
    'Razão social: Supermercado Bom Preço Ltda',
    'CNPJ: 12.345.678/0001-95',
    `Emissão: ${formatDateBR(detail.invoice.issue_date)}`,
    `Vencimento: ${formatDateBR(detail.invoice.due_date)}`,
    `Total: ${formatMoney(detail.invoice.amount)}`,
    'Condições de pagamento',
    MESSAGES.invoices.paymentTerms,
  ]) {
    expect(text).toContain(normalise(expected));
  }
  for (const line of detail.lines) {
    expect(text).toContain(normalise(line.freelancer_name));
    expect(text).toContain(formatDateBR(line.date_needed));
    expect(text).toContain(normalise(formatMoney(line.restaurant_payment_amount)));
  }
});

it("answers 404 for another business's invoice, its view and its PDF", async () => {
  const [foreign] = await bff.db.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number }[]>('select id from invoices where restaurant_id <> ? limit 1', [
      roles.restaurant.restaurantId,
    ]);
  expect(foreign).toBeDefined();
  expect(await bff.request(`/api/restaurant/invoices/${foreign!.id}`, { cookie })).toMatchObject({
    status: 404,
    body: { error: MESSAGES.invoices.notFound },
  });
  const pdf = await fetch(`${bff.url}/api/restaurant/invoices/${foreign!.id}/pdf`, { headers: { cookie } });
  expect(pdf.status).toBe(404);
});

it("shows an unpaid invoice's Pix charge, with its QR code once the PSP created it (issue 25)", async () => {
  const connection = bff.db.orm.em.fork().getConnection();
  const [unpaid] = await connection.execute<{ id: number; txid: string }[]>(
    `select i.id, c.txid from invoices i join invoice_pix_charges c on c.invoice_id = i.id
      where i.restaurant_id = ? and i.status in ('pending', 'overdue') order by i.id limit 1`,
    [roles.restaurant.restaurantId],
  );
  expect(unpaid).toBeDefined();
  const creating = RestaurantInvoiceDetailSchema.parse(
    (await bff.request(`/api/restaurant/invoices/${unpaid!.id}`, { cookie })).body,
  );
  expect(creating.pix_charge).toMatchObject({
    status: 'creating',
    txid: unpaid!.txid,
    br_code: null,
    qr_svg: null,
  });
  const brCode = buildPixBrCode({
    target: { location: 'pix.example.com/qr/v2/cobv/abc' },
    amountCents: toCentavos(creating.invoice.amount),
    merchantName: 'Turno',
    merchantCity: 'Sao Paulo',
  });
  await connection.execute(`update invoice_pix_charges set status = 'active', br_code = ? where txid = ?`, [
    brCode,
    unpaid!.txid,
  ]);
  const active = RestaurantInvoiceDetailSchema.parse(
    (await bff.request(`/api/restaurant/invoices/${unpaid!.id}`, { cookie })).body,
  );
  expect(active.pix_charge).toMatchObject({ status: 'active', br_code: brCode });
  expect(active.pix_charge?.qr_svg).toMatch(/^<svg[^>]*>/);
});
