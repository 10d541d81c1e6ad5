import { AdminInvoicesPageSchema } from '@turno/contracts';
import { startBffForTest, walkRoles, walkRoutes, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminBillingBff, routes } from './app';

let bff: TestBff;
let roles: WalkRoles;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
});
afterAll(() => bff.close());

describe('admin-billing BFF', () => {
  it('lists the invoices, pending, paid and overdue, with readable numbers, to an admin', async () => {
    const { status, body } = await bff.request('/api/admin/invoices', {
      cookie: await bff.sessionCookie(roles.admin),
    });
    expect(status).toBe(200);
    const page = AdminInvoicesPageSchema.parse(body);
    const invoices = page.items;
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['pending', 'paid', 'overdue']));
    for (const invoice of invoices) expect(invoice.invoice_number).toMatch(/^TUR-\d{4}-W\d{2}-\d{4}$/);
    expect(page.stats.all).toBe(page.stats.pending + page.stats.paid + page.stats.overdue);
    const pendingSum = invoices
      .filter((i) => i.status !== 'paid')
      .reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0);
    expect(Math.round(page.stats.pendingAmount * 100)).toBe(pendingSum);
  });

  it('filters a status and searches the invoice number', async () => {
    const cookie = await bff.sessionCookie(roles.admin);
    const paid = AdminInvoicesPageSchema.parse(
      (await bff.request('/api/admin/invoices?status=paid', { cookie })).body,
    );
    expect(paid.items.every((i) => i.status === 'paid')).toBe(true);
    expect(paid.total).toBe(paid.stats.paid);
    const number = paid.items[0]!.invoice_number;
    const found = AdminInvoicesPageSchema.parse(
      (await bff.request(`/api/admin/invoices?q=${number.toLowerCase()}`, { cookie })).body,
    );
    expect(found.items.map((i) => i.invoice_number)).toEqual([number]);
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403', async () => {
    const { findings } = await walkRoutes({ bff, routes, roles });
    expect(findings).toEqual([]);
  });
});
