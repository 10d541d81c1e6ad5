import {
  AdminInvoicesPageSchema,
  InvoiceDeletionSchema,
  InvoiceServicesPageSchema,
  InvoiceStatusChangeSchema,
} from '@turno/contracts';
import { MESSAGES, saoPauloDate } from '@turno/domain';
import {
  insertCompletedAssignment,
  insertFreelancer,
  insertJob,
  insertRestaurant,
} from '@turno/core/testing';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(() => bff.close());

const invoices = async (query = '') =>
  AdminInvoicesPageSchema.parse((await bff.request(`/api/admin/invoices${query}`, { cookie })).body);

describe('invoice actions (Faturas)', () => {
  it('marks a pending invoice paid: stat cards move, a second time is refused, paid stays paid', async () => {
    const before = await invoices();
    const pending = (await invoices('?status=pending')).items[0]!;
    const paid = await bff.request(`/api/admin/invoices/${pending.id}/mark-paid`, { method: 'POST', cookie });
    expect(paid.status).toBe(200);
    expect(InvoiceStatusChangeSchema.parse(paid.body)).toEqual({
      id: pending.id,
      invoice_number: pending.invoice_number,
      status: 'paid',
      payment_date: saoPauloDate(new Date()),
      message: MESSAGES.invoices.markedPaid,
    });
    const after = await invoices();
    expect(after.stats).toEqual({
      ...before.stats,
      paid: before.stats.paid + 1,
      pending: before.stats.pending - 1,
      pendingAmount: Math.round((before.stats.pendingAmount - pending.amount) * 100) / 100,
    });
    expect(
      await bff.request(`/api/admin/invoices/${pending.id}/mark-paid`, { method: 'POST', cookie }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.invoices.onlyPendingCanBePaid } });
  });

  it('marks an overdue invoice paid', async () => {
    const overdue = (await invoices('?status=overdue')).items[0]!;
    const paid = await bff.request(`/api/admin/invoices/${overdue.id}/mark-paid`, { method: 'POST', cookie });
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid' } });
  });

  it('deletes a pending invoice and frees its services; a paid one cannot be deleted', async () => {
    const pending = (await invoices('?status=pending')).items[0]!;
    const [row] = await bff.db.orm.em
      .fork()
      .getConnection()
      .execute<{ lines: number }[]>('select count(*)::int as lines from invoice_lines where invoice_id = ?', [
        pending.id,
      ]);
    const deleted = await bff.request(`/api/admin/invoices/${pending.id}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBe(200);
    expect(InvoiceDeletionSchema.parse(deleted.body)).toEqual({
      id: pending.id,
      invoice_number: pending.invoice_number,
      freedAssignments: row!.lines,
      message: MESSAGES.invoices.deleted,
    });
    expect((await invoices()).items.map((i) => i.id)).not.toContain(pending.id);
    expect(
      await bff.request(`/api/admin/invoices/${pending.id}`, { method: 'DELETE', cookie }),
    ).toMatchObject({
      status: 404,
      body: { error: MESSAGES.invoices.notFound },
    });

    const paid = (await invoices('?status=paid')).items[0]!;
    expect(await bff.request(`/api/admin/invoices/${paid.id}`, { method: 'DELETE', cookie })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.invoices.paidCannotBeChanged },
    });
    expect((await invoices('?status=paid')).items.map((i) => i.id)).toContain(paid.id);
  });

  it('answers an unknown or malformed invoice id with a pt-BR 404 / 400', async () => {
    for (const [method, path] of [
      ['POST', '/api/admin/invoices/2147483647/mark-paid'],
      ['DELETE', '/api/admin/invoices/2147483647'],
    ] as const) {
      expect(await bff.request(path, { method, cookie })).toMatchObject({
        status: 404,
        body: { error: MESSAGES.invoices.notFound },
      });
    }
    for (const id of ['abc', '2147483648', '0', '-1']) {
      const response = await bff.request(`/api/admin/invoices/${id}/mark-paid`, { method: 'POST', cookie });
      expect({ id, status: response.status }).toEqual({ id, status: 400 });
      expect((response.body as { error: string }).error).toMatch(/^Identificador: /);
    }
  });
});

describe('GET /api/admin/invoice-services', () => {
  it('pages one business’s completed services of a period, billed or not, with the period’s totals', async () => {
    const em = bff.db.orm.em.fork();
    const restaurant = await insertRestaurant(em, { businessName: 'Mercado dos Serviços' });
    const freelancer = await insertFreelancer(em, { name: 'Bruno Lima' });
    for (const [date, start] of [
      ['2026-03-02', '08:00'],
      ['2026-03-02', '14:00'],
      ['2026-03-04', '08:00'],
    ] as const) {
      const job = await insertJob(em, restaurant, {
        dateNeeded: date,
        startTime: start,
        status: 'completed',
      });
      await insertCompletedAssignment(em, job, freelancer);
    }
    // Outside the period and another business's: not listed.
    await insertCompletedAssignment(
      em,
      await insertJob(em, restaurant, { dateNeeded: '2026-03-09' }),
      freelancer,
    );
    const base = `/api/admin/invoice-services?restaurantId=${restaurant.id}&startDate=2026-03-01&endDate=2026-03-08`;

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await bff.request(`${base}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
      expect(response.status).toBe(200);
      const page = InvoiceServicesPageSchema.parse(response.body);
      expect(page.totals).toEqual({ services: 3, unbilled: 3, amount: 447 });
      expect(page.total).toBe(3);
      seen.push(...page.items.map((s) => `${s.date_needed} ${s.start_time} ${s.freelancer_name}`));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      '2026-03-02 08:00 Bruno Lima',
      '2026-03-02 14:00 Bruno Lima',
      '2026-03-04 08:00 Bruno Lima',
    ]);
  });

  it('refuses a bad period and answers 404 for an unknown business', async () => {
    const { restaurantId } = roles.restaurant;
    expect(
      await bff.request(
        `/api/admin/invoice-services?restaurantId=${restaurantId}&startDate=2026-03-08&endDate=2026-03-01`,
        { cookie },
      ),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.invoices.startAfterEnd } });
    expect(
      await bff.request(
        '/api/admin/invoice-services?restaurantId=2147483647&startDate=2026-03-01&endDate=2026-03-08',
        { cookie },
      ),
    ).toMatchObject({ status: 404, body: { error: MESSAGES.restaurants.notFound } });
    const missing = await bff.request(`/api/admin/invoice-services?restaurantId=${restaurantId}`, { cookie });
    expect(missing.status).toBe(400);
  });
});
