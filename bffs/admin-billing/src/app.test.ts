import { InvoiceListSchema } from '@turno/contracts';
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
    const invoices = InvoiceListSchema.parse(body);
    expect(new Set(invoices.map((i) => i.status))).toEqual(new Set(['pending', 'paid', 'overdue']));
    for (const invoice of invoices) expect(invoice.invoice_number).toMatch(/^TUR-\d{4}-W\d{2}-\d{4}$/);
  });

  it('guards every route: no session 401, other roles 403, cross-site changes 403', async () => {
    const { findings } = await walkRoutes({ bff, routes, roles });
    expect(findings).toEqual([]);
  });
});
