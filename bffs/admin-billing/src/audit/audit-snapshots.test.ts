import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { AdminInvoicesPageSchema, InvoiceGenerationRunSchema } from '@turno/contracts';
import { saoPauloDate } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createQueues } from '@turno/workers';
import { createAdminBillingBff } from '../app';

// The generation request enqueues a run: keep it off the real queues.
const prefix = `turno-test-${randomBytes(4).toString('hex')}`;
process.env.QUEUE_PREFIX = prefix;

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
});
afterAll(async () => {
  const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  const queues = createQueues({ connection, prefix });
  await Promise.all(Object.values(queues).map((queue) => queue.obliterate({ force: true })));
  await Promise.all(Object.values(queues).map((queue) => queue.close()));
  await connection.quit();
  await bff.close();
});

interface Row {
  action: string;
  outcome: string;
  target_type: string | null;
  target_id: string | null;
  details: {
    before?: Record<string, Record<string, unknown>>;
    after?: Record<string, Record<string, unknown>>;
  };
}
const lastAuditOf = async (action: string): Promise<Row> => {
  const [row] = await bff.db.orm.em
    .fork()
    .getConnection()
    .execute<Row[]>(
      'select action, outcome, target_type, target_id, details from audit_events where action = ? order by id desc limit 1',
      [action],
    );
  return row!;
};
const pendingInvoices = async () =>
  AdminInvoicesPageSchema.parse((await bff.request('/api/admin/invoices?status=pending', { cookie })).body)
    .items;

describe('audit trail of billing actions: before/after values', () => {
  it('marking an invoice paid keeps its status and payment date before and after', async () => {
    const invoice = (await pendingInvoices())[0]!;
    const paid = await bff.request(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'POST', cookie });
    expect(paid.status).toBe(200);
    const row = await lastAuditOf('POST /api/admin/invoices/:id/mark-paid');
    expect(row).toMatchObject({ outcome: 'success', target_type: 'invoices', target_id: String(invoice.id) });
    const key = `invoices:${invoice.id}`;
    expect(row.details.before![key]).toMatchObject({
      status: 'pending',
      payment_date: null,
      invoice_number: invoice.invoice_number,
      amount_cents: Math.round(invoice.amount * 100),
    });
    expect(row.details.after![key]).toMatchObject({ status: 'paid', payment_date: saoPauloDate(new Date()) });
  });

  it('deleting an invoice keeps it before only', async () => {
    const invoice = (await pendingInvoices())[0]!;
    const deleted = await bff.request(`/api/admin/invoices/${invoice.id}`, { method: 'DELETE', cookie });
    expect(deleted.status).toBe(200);
    const row = await lastAuditOf('DELETE /api/admin/invoices/:id');
    expect(row.details.before![`invoices:${invoice.id}`]).toMatchObject({ status: 'pending' });
    expect(row.details.after).toEqual({});
  });

  it('a generation request keeps the run it started as its record', async () => {
    const response = await bff.request('/api/admin/invoices/generate-weekly', {
      cookie,
      json: { weekOffset: -1, timezone: 'America/Sao_Paulo' },
    });
    expect(response.status).toBe(202);
    const run = InvoiceGenerationRunSchema.parse(response.body);
    const row = await lastAuditOf('POST /api/admin/invoices/generate-weekly');
    expect(row).toMatchObject({ target_type: 'invoice-generation-runs', target_id: run.runId });
    expect(row.details.after![`invoice-generation-runs:${run.runId}`]).toMatchObject({ kind: 'weekly' });
  });
});
