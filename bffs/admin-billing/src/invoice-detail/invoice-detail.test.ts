import { pdfText as pdfDocumentText } from '@turno/core/testing/pdf';
import { createHash } from 'node:crypto';
import { AdminInvoiceDetailSchema, AdminInvoicesPageSchema } from '@turno/contracts';
import { MESSAGES, formatMoney } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

// PDFs are read back in a child process: give a loaded machine time.
jest.setTimeout(120_000);

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const pdfText = (pdf: Buffer) => pdfDocumentText(pdf).text;

const invoices = async (query = '') =>
  AdminInvoicesPageSchema.parse((await bff.request(`/api/admin/invoices${query}`, { cookie })).body);

describe("one business's invoices (admin_billing/RestaurantInvoices)", () => {
  it('filters the list on the server by restaurantId: only its invoices, its own stat cards', async () => {
    const all = await invoices('?limit=200');
    const restaurantId = all.items[0]!.restaurant_id;
    const own = all.items.filter((i) => i.restaurant_id === restaurantId);
    const page = await invoices(`?restaurantId=${restaurantId}&limit=200`);
    expect(page.items.map((i) => i.id)).toEqual(own.map((i) => i.id));
    expect(page.stats.all).toBe(own.length);
    expect(page.stats.pending).toBe(own.filter((i) => i.status === 'pending').length);
    const paid = await invoices(`?restaurantId=${restaurantId}&status=paid`);
    expect(paid.items.every((i) => i.status === 'paid' && i.restaurant_id === restaurantId)).toBe(true);
    // A business with no invoice: an empty page, zero counts (not the whole list).
    const none = await invoices('?restaurantId=2147483000');
    expect(none.items).toEqual([]);
    expect(none.stats.all).toBe(0);
    const bad = await bff.request('/api/admin/invoices?restaurantId=abc', { cookie });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: string }).error).toMatch(/^Mercado: /);
  });
});

describe('invoice view, print page and PDF (admin)', () => {
  it("shows any business's invoice as its document: number, client, lines, total", async () => {
    const invoice = (await invoices('?limit=200')).items.find((i) => i.amount > 0)!;
    const response = await bff.request(`/api/admin/invoices/${invoice.id}`, { cookie });
    expect(response.status).toBe(200);
    const detail = AdminInvoiceDetailSchema.parse(response.body);
    expect(detail.invoice).toEqual(invoice);
    expect(detail.document.number).toBe(invoice.invoice_number);
    expect(detail.document.title).toBe(`Fatura ${invoice.invoice_number}`);
    expect(detail.document.client.businessName).toBe(invoice.restaurant_name);
    // Every demo business has its razão social and CNPJ (issue 25): the document shows the CNPJ masked.
    expect(detail.document.client.legalName).toEqual(expect.stringContaining('Ltda'));
    expect(detail.document.client.cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    expect(detail.document.total).toBe(formatMoney(invoice.amount));
    expect(detail.document.lines.length).toBeGreaterThan(0);
    const unknown = await bff.request('/api/admin/invoices/2147483000', { cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: MESSAGES.invoices.notFound });
  });

  it('serves the printable page of the same document (A4 print stylesheet, every line, the total)', async () => {
    const invoice = (await invoices('?limit=200')).items.find((i) => i.amount > 0)!;
    const detail = AdminInvoiceDetailSchema.parse(
      (await bff.request(`/api/admin/invoices/${invoice.id}`, { cookie })).body,
    );
    const response = await fetch(`${bff.url}/api/admin/invoices/${invoice.id}/print`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain(`<title>Fatura ${invoice.invoice_number}</title>`);
    expect(html).toContain('@page { size: A4');
    expect(html).toContain(`Total: ${formatMoney(invoice.amount)}`);
    expect(html.match(/<tr><td>/g)?.length).toBe(detail.document.lines.length);
    expect(html).toContain(`/bff/admin-billing/api/restaurant/invoices/${invoice.id}/pdf`);
    // Its CSP lets exactly its own stylesheet and print button run, nothing else.
    const csp = response.headers.get('content-security-policy')!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    const handler = /onclick="([^"]*)"/.exec(html)![1]!;
    expect(csp).toContain(`style-src ${hash(style)}`);
    expect(csp).toContain(`script-src 'unsafe-hashes' ${hash(handler)}`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(
      (await fetch(`${bff.url}/api/admin/invoices/2147483000/print`, { headers: { cookie } })).status,
    ).toBe(404);
  });

  it('answers GET /api/restaurant/invoices/{id}/pdf to an admin for any invoice: a PDF with its number and total', async () => {
    const invoice = (await invoices('?limit=200')).items.find((i) => i.amount > 0)!;
    const response = await fetch(`${bff.url}/api/restaurant/invoices/${invoice.id}/pdf`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('content-disposition')).toContain(`fatura-${invoice.invoice_number}.pdf`);
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(invoice.invoice_number);
    expect(text).toContain(`Total: ${formatMoney(invoice.amount)}`.replace(/\s+/g, ' '));
    // A business's session is refused here: its own PDFs come from the restaurant BFF.
    const restaurant = await fetch(`${bff.url}/api/restaurant/invoices/${invoice.id}/pdf`, {
      headers: { cookie: await bff.sessionCookie(roles.restaurant) },
    });
    expect(restaurant.status).toBe(403);
  });
});
