import ExcelJS from 'exceljs';
import { AdminPayoutsPageSchema, PayoutActionResponseSchema, type AdminPayoutsPage } from '@turno/contracts';
import { PAYOUT_MESSAGES, addDays, saoPauloDate, saoPauloDateTimeToInstant } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createAdminBillingBff } from '../app';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;

interface Seeded {
  id: number;
  assignmentId: number;
  freelancerId: number;
  name: string;
  cents: number;
  status: string;
  day: string;
}
const seeded: Seeded[] = [];
const today = saoPauloDate(new Date());
// Far in the past, so no payout of the demo data or of a completion shares these days.
const DAY_1 = '2025-03-10';
const DAY_2 = '2025-03-11';

const sql = <T extends object[]>(text: string, params: unknown[] = []) =>
  bff.db.orm.em.getConnection().execute<T>(text, params);

/** Payouts of seeded completed shifts, created at 12:00 São Paulo on the given day, in the given state. */
async function seedPayouts(): Promise<void> {
  // The demo data pays its completed shifts: these tests set their own payouts' states instead.
  await sql('delete from payouts');
  const assignments = await sql<{ id: number; freelancer_id: number; name: string; cents: number }[]>(
    `select a.id, a.freelancer_id, f.name, a.freelancer_payout_cents as cents
       from assignments a join freelancers f on f.id = a.freelancer_id
      where a.status = 'completed' and a.freelancer_payout_cents > 0
        and not exists (select 1 from payouts p where p.assignment_id = a.id)
      order by a.id limit 6`,
  );
  expect(assignments.length).toBe(6);
  const plan = [
    { status: 'failed', day: DAY_1 },
    { status: 'held', day: DAY_1 },
    { status: 'pending', day: DAY_1 },
    { status: 'sending', day: DAY_2 },
    { status: 'paid', day: DAY_2 },
    { status: 'failed', day: DAY_2 },
  ];
  for (const [index, assignment] of assignments.entries()) {
    const { status, day } = plan[index]!;
    const [row] = await sql<{ id: number }[]>(
      `insert into payouts (assignment_id, freelancer_id, amount_cents, attempt, idempotency_id, status,
          pix_key, payee_name, failure_reason, held_until, paid_at, sending_since, created_at, updated_at)
       values (?, ?, ?, 0, ?, ?, 'chave@exemplo.com', ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        assignment.id,
        assignment.freelancer_id,
        assignment.cents,
        `turno-test-${assignment.id}-0`,
        status,
        assignment.name,
        status === 'failed' ? 'invalid_key' : null,
        status === 'held' ? new Date(Date.now() + 3_600_000) : null,
        status === 'paid' ? saoPauloDateTimeToInstant(day, '14:32') : null,
        status === 'sending' ? new Date() : null,
        saoPauloDateTimeToInstant(day, '12:00'),
        new Date(),
      ],
    );
    seeded.push({
      id: row!.id,
      assignmentId: assignment.id,
      freelancerId: assignment.freelancer_id,
      name: assignment.name,
      cents: assignment.cents,
      status,
      day,
    });
  }
}

beforeAll(async () => {
  bff = await startBffForTest(createAdminBillingBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.admin);
  await seedPayouts();
});
afterAll(() => bff.close());

const PERIOD = `from=${DAY_1}&to=${DAY_2}`;
const list = async (query: string): Promise<AdminPayoutsPage> => {
  const response = await bff.request(`/api/admin/payouts?${query}`, { cookie });
  expect(response.status).toBe(200);
  return AdminPayoutsPageSchema.parse(response.body);
};
const post = (path: string, json?: unknown) =>
  bff.request(`/api/admin/payouts/${path}`, { method: 'POST', cookie, json: json ?? {} });
const reais = (cents: number) => cents / 100;
const statusOf = async (id: number) =>
  (await sql<{ status: string }[]>('select status from payouts where id = ?', [id]))[0]!.status;

describe('GET /api/admin/payouts (Repasses)', () => {
  it('lists the period newest first, with its count, sum and totals per São Paulo day', async () => {
    const page = await list(`${PERIOD}&limit=200`);
    expect(page.period).toEqual({ from: DAY_1, to: DAY_2 });
    expect(page.items.map((item) => item.id)).toEqual([...seeded].reverse().map((item) => item.id));
    expect(page.total).toBe(6);
    const sum = (rows: Seeded[]) => reais(rows.reduce((total, row) => total + row.cents, 0));
    expect(page.totals).toEqual({ count: 6, amount: sum(seeded) });
    expect(page.days).toEqual([
      { date: DAY_2, count: 3, amount: sum(seeded.filter((row) => row.day === DAY_2)) },
      { date: DAY_1, count: 3, amount: sum(seeded.filter((row) => row.day === DAY_1)) },
    ]);
    expect(page.items[0]).toMatchObject({
      assignment_id: seeded[5]!.assignmentId,
      freelancer_name: seeded[5]!.name,
      amount: reais(seeded[5]!.cents),
      status: 'failed',
      failure_reason: 'invalid_key',
      created_at: saoPauloDateTimeToInstant(DAY_2, '12:00').toISOString(),
    });
  });

  it('filters by state, by day and by part of the name (accents and case ignored)', async () => {
    const failed = await list(`${PERIOD}&status=failed`);
    expect(failed.items.map((item) => item.id).sort()).toEqual(
      seeded
        .filter((row) => row.status === 'failed')
        .map((row) => row.id)
        .sort(),
    );
    expect(failed.totals.count).toBe(2);
    expect(failed.days.map((day) => [day.date, day.count])).toEqual([
      [DAY_2, 1],
      [DAY_1, 1],
    ]);
    const oneDay = await list(`from=${DAY_2}&to=${DAY_2}`);
    expect(oneDay.items.every((item) => saoPauloDate(new Date(item.created_at)) === DAY_2)).toBe(true);
    expect(oneDay.total).toBe(3);

    const name = seeded[0]!.name;
    const part = name.split(' ')[0]!.toUpperCase();
    const byName = await list(`${PERIOD}&q=${encodeURIComponent(part)}`);
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((item) => item.freelancer_name.toUpperCase().includes(part))).toBe(true);
    expect((await list(`${PERIOD}&q=ninguem-com-este-nome`)).total).toBe(0);
  });

  it('pages by a cursor, without repeats, within the bound; refuses a bad period in pt-BR', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminPayoutsPage = await list(`${PERIOD}&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      expect(page.total).toBe(6);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...seeded].reverse().map((item) => item.id));

    expect(await bff.request(`/api/admin/payouts?limit=201`, { cookie })).toMatchObject({ status: 400 });
    const reversed = await bff.request(`/api/admin/payouts?from=${DAY_2}&to=${DAY_1}`, { cookie });
    expect(reversed.status).toBe(400);
    expect((reversed.body as { error: string }).error).toContain(PAYOUT_MESSAGES.invalidPeriod);
    const long = await bff.request(`/api/admin/payouts?from=2024-01-01&to=${DAY_1}`, { cookie });
    expect((long.body as { error: string }).error).toContain(PAYOUT_MESSAGES.periodTooLong);
    expect(await bff.request('/api/admin/payouts?status=perdido', { cookie })).toMatchObject({ status: 400 });
  });

  it('covers the last 30 days when no period is given', async () => {
    const page = await list('');
    expect(page.period).toEqual({ from: addDays(today, -29), to: today });
    expect(page.items.some((item) => seeded.some((row) => row.id === item.id))).toBe(false);
  });
});

describe('payout actions', () => {
  const audited = async (action: string, id: number) =>
    sql<{ outcome: string; target_id: string }[]>(
      `select outcome, target_id from audit_events where action = ? and target_id = ? order by id`,
      [action, String(id)],
    );

  it('"Reenviar" sends a failed payout again (next attempt); anything else is refused', async () => {
    const failed = seeded.find((row) => row.status === 'failed')!;
    const answer = await post(`${failed.id}/retry`);
    expect(answer.status).toBe(200);
    expect(PayoutActionResponseSchema.parse(answer.body)).toEqual({
      payoutId: failed.id,
      status: 'pending',
      message: PAYOUT_MESSAGES.retried,
    });
    const [row] = await sql<{ attempt: number; failure_reason: string | null }[]>(
      'select attempt, failure_reason from payouts where id = ?',
      [failed.id],
    );
    expect(row).toEqual({ attempt: 1, failure_reason: null });
    expect(await post(`${failed.id}/retry`)).toMatchObject({
      status: 409,
      body: { error: PAYOUT_MESSAGES.notRetryable },
    });
    expect(await audited('POST /api/admin/payouts/:id/retry', failed.id)).toEqual([
      { outcome: 'success', target_id: String(failed.id) },
      { outcome: 'refused', target_id: String(failed.id) },
    ]);
    expect(await audited('payout.retried', failed.id)).toHaveLength(1);
  });

  it('"Liberar" releases a held payout; a payout not held is refused', async () => {
    const held = seeded.find((row) => row.status === 'held')!;
    expect(await post(`${held.id}/release`)).toMatchObject({
      status: 200,
      body: { payoutId: held.id, status: 'pending', message: PAYOUT_MESSAGES.released },
    });
    expect(await post(`${held.id}/release`)).toMatchObject({
      status: 409,
      body: { error: PAYOUT_MESSAGES.notReleasable },
    });
    expect(await audited('POST /api/admin/payouts/:id/release', held.id)).toHaveLength(2);
  });

  it('"Marcar como pago" needs a reason, refuses one being sent or already paid', async () => {
    const pending = seeded.find((row) => row.status === 'pending')!;
    const sending = seeded.find((row) => row.status === 'sending')!;
    const paid = seeded.find((row) => row.status === 'paid')!;
    const noReason = await post(`${pending.id}/mark-paid`, { reason: ' ok ' });
    expect(noReason.status).toBe(400);
    expect((noReason.body as { error: string }).error).toContain(PAYOUT_MESSAGES.reasonRequired);
    expect(await post(`${pending.id}/mark-paid`, {})).toMatchObject({ status: 400 });
    expect(await statusOf(pending.id)).toBe('pending');

    expect(await post(`${pending.id}/mark-paid`, { reason: 'Pago por TED em 27/11' })).toMatchObject({
      status: 200,
      body: { payoutId: pending.id, status: 'paid', message: PAYOUT_MESSAGES.markedPaid },
    });
    const [row] = await sql<{ paid_outside_reason: string }[]>(
      'select paid_outside_reason from payouts where id = ?',
      [pending.id],
    );
    expect(row!.paid_outside_reason).toBe('Pago por TED em 27/11');
    expect(await post(`${sending.id}/mark-paid`, { reason: 'Pago por TED' })).toMatchObject({
      status: 409,
      body: { error: PAYOUT_MESSAGES.sendingCannotBeMarked },
    });
    expect(await post(`${paid.id}/mark-paid`, { reason: 'Pago por TED' })).toMatchObject({
      status: 409,
      body: { error: PAYOUT_MESSAGES.alreadyPaid },
    });
    expect(await statusOf(sending.id)).toBe('sending');
  });

  it('answers 404 for an unknown payout and 400 for an id that is not one', async () => {
    for (const action of ['retry', 'release']) {
      expect(await post(`999999/${action}`)).toMatchObject({
        status: 404,
        body: { error: PAYOUT_MESSAGES.notFound },
      });
      expect(await post(`abc/${action}`)).toMatchObject({ status: 400 });
    }
    expect(await post('999999/mark-paid', { reason: 'Pago por TED' })).toMatchObject({ status: 404 });
  });

  it('is for admins only: a freelancer or a business is refused, nothing changes', async () => {
    const failed = seeded.filter((row) => row.status === 'failed')[1]!;
    for (const role of ['freelancer', 'restaurant'] as const) {
      const other = await bff.sessionCookie(roles[role]);
      const listed = await bff.request(`/api/admin/payouts?${PERIOD}`, { cookie: other });
      expect([403, 404]).toContain(listed.status);
      const retried = await bff.request(`/api/admin/payouts/${failed.id}/retry`, {
        method: 'POST',
        cookie: other,
        json: {},
      });
      expect([403, 404]).toContain(retried.status);
      const exported = await bff.request(`/api/admin/exports/payouts.xlsx?${PERIOD}`, { cookie: other });
      expect([403, 404]).toContain(exported.status);
    }
    expect(await statusOf(failed.id)).toBe('failed');
    expect((await bff.request(`/api/admin/payouts?${PERIOD}`)).status).toBe(401);
  });
});

describe('GET /api/admin/exports/payouts.xlsx', () => {
  it("exports the list's filters, every row, with the state as the screen says it and the sum", async () => {
    const response = await fetch(`${bff.url}/api/admin/exports/payouts.xlsx?${PERIOD}&status=paid`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="repasses-pago-${DAY_1}-a-${DAY_2}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    const sheet = book.getWorksheet('Repasses')!;
    const values = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((row) => (row as unknown[]).slice(1));
    const flat = JSON.stringify(values);
    const paidRows = (await list(`${PERIOD}&status=paid`)).items;
    expect(paidRows.length).toBeGreaterThan(0);
    for (const payout of paidRows) expect(flat).toContain(payout.freelancer_name);
    expect(flat).toContain('Pago às');
    expect(flat).not.toContain('Falhou');
  });
});

describe('a timesheet corrected after the payout (complement and deduction)', () => {
  const DAY_3 = '2025-03-12';

  it('lists a complement and a deduction for what they are; the totals are of what leaves by Pix', async () => {
    const shift = seeded[4]!; // paid on DAY_2
    const [complement] = await sql<{ id: number }[]>(
      `insert into payouts (assignment_id, freelancer_id, kind, amount_cents, deducted_cents, attempt, idempotency_id,
          status, pix_key, payee_name, adjustment_key, created_at, updated_at)
       values (?, ?, 'complement', 2500, 500, 0, ?, 'pending', 'chave@exemplo.com', ?, ?, ?, now()) returning id`,
      [
        shift.assignmentId,
        shift.freelancerId,
        `turno-test-complement-${shift.assignmentId}`,
        shift.name,
        `test:complement:${shift.assignmentId}`,
        saoPauloDateTimeToInstant(DAY_3, '12:00'),
      ],
    );
    const [deduction] = await sql<{ id: number }[]>(
      `insert into payout_deductions (freelancer_id, assignment_id, amount_cents, remaining_cents, adjustment_key,
          created_at, updated_at)
       values (?, ?, 1200, 700, ?, ?, now()) returning id`,
      [
        shift.freelancerId,
        shift.assignmentId,
        `test:deduction:${shift.assignmentId}`,
        saoPauloDateTimeToInstant(DAY_3, '13:00'),
      ],
    );
    const page = await list(`from=${DAY_3}&to=${DAY_3}`);
    expect(page.items.map((item) => [item.kind, item.id, item.amount, item.status])).toEqual([
      ['deduction', deduction!.id, -12, 'pending'],
      ['complement', complement!.id, 25, 'pending'],
    ]);
    expect(page.items[0]).toMatchObject({ remaining: 7, freelancer_name: shift.name });
    expect(page.items[1]).toMatchObject({ deducted: 5, remaining: null });
    expect(page.total).toBe(2);
    expect(page.totals).toEqual({ count: 1, amount: 25 });
    expect(page.days).toEqual([{ date: DAY_3, count: 1, amount: 25 }]);
    // A deduction is "pending" while owed: the state filter finds it; once taken, "paid".
    expect((await list(`from=${DAY_3}&to=${DAY_3}&status=paid`)).items).toEqual([]);
    // The shift payouts of the other days are still "Turno".
    expect(new Set((await list(`${PERIOD}&limit=200`)).items.map((item) => item.kind))).toEqual(
      new Set(['shift']),
    );
    // The workbook says each line's kind and a deduction's state.
    const exported = await fetch(`${bff.url}/api/admin/exports/payouts.xlsx?from=${DAY_3}&to=${DAY_3}`, {
      headers: { cookie },
    });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const flat = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(flat).toContain('Desconto');
    expect(flat).toContain('Complemento');
    expect(flat).toContain(PAYOUT_MESSAGES.deductionOpen('R$ 7,00'));
    await sql('delete from payout_deductions where id = ?', [deduction!.id]);
    await sql('delete from payouts where id = ?', [complement!.id]);
  });
});
