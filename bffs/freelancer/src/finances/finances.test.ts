import { FreelancerRatingResponseSchema, PaymentHistoryPageSchema } from '@turno/contracts';
import { MESSAGES, toReais } from '@turno/domain';
import { startBffForTest, walkRoles, type TestBff, type WalkRoles } from '@turno/bff-kit/testing';
import { createFreelancerBff } from '../app';
import { idOf } from '../test-support';

let bff: TestBff;
let roles: WalkRoles;
let cookie: string;
beforeAll(async () => {
  bff = await startBffForTest(createFreelancerBff);
  roles = await walkRoles(bff.db.orm.em);
  cookie = await bff.sessionCookie(roles.freelancer);
});
afterAll(() => bff.close());

const history = async (query = '') =>
  PaymentHistoryPageSchema.parse(
    (await bff.request(`/api/freelancers/payment-history${query}`, { cookie })).body,
  );
const rate = (json: unknown) => bff.request('/api/ratings', { method: 'POST', cookie, json });

describe('GET /api/freelancers/payment-history', () => {
  it('lists the payments of the last 30 days newest first, with the week and month totals', async () => {
    const page = await history('?limit=200');
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.total).toBe(page.items.length);
    for (const entry of page.items) {
      expect(entry.restaurant_name).toEqual(expect.any(String));
      expect(entry.freelancer_payment_amount).toBeGreaterThan(0);
      expect(Date.now() - Date.parse(entry.check_out_time)).toBeLessThan(31 * 86_400_000);
    }
    const [sums] = await bff.db.orm.em.getConnection().execute<{ week: string; month: string }[]>(
      `select coalesce(sum(freelancer_payout_cents) filter (where completed_at >= date_trunc('week', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo'), 0) as week,
              coalesce(sum(freelancer_payout_cents) filter (where completed_at >= date_trunc('month', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo'), 0) as month
         from assignments where freelancer_id = ? and status = 'completed'`,
      [roles.freelancer.freelancerId],
    );
    expect(page.totals).toEqual({ week: toReais(Number(sums!.week)), month: toReais(Number(sums!.month)) });

    const first = await history('?limit=1');
    const second = await history(`?limit=1&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((entry) => entry.id)).toEqual(
      page.items.slice(0, 2).map((entry) => entry.id),
    );
  });
});

describe('POST /api/ratings', () => {
  it('rates the business of a completed shift once, 1–5 stars, comment up to 500', async () => {
    const entry = (await history('?limit=200')).items.find((item) => item.can_rate);
    expect(entry).toBeDefined();
    expect(await rate({ assignmentId: entry!.id, rating: 0 })).toMatchObject({ status: 400 });
    const long = await rate({ assignmentId: entry!.id, rating: 5, comment: 'a'.repeat(501) });
    expect(long.status).toBe(400);
    expect((long.body as { error: string }).error).toContain(MESSAGES.ratings.commentTooLong);

    const { status, body } = await rate({ assignmentId: entry!.id, rating: 5, comment: 'Equipe atenciosa.' });
    expect(status).toBe(201);
    expect(FreelancerRatingResponseSchema.parse(body)).toMatchObject({
      message: MESSAGES.ratings.submitted,
      assignmentId: entry!.id,
      rating: 5,
    });
    expect(await rate({ assignmentId: entry!.id, rating: 4 })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ratings.alreadyRated },
    });
    const after = (await history('?limit=200')).items.find((item) => item.id === entry!.id);
    expect(after).toMatchObject({ rated: true, can_rate: false });
  });

  it("refuses a shift not completed yet and answers 404 for another freelancer's", async () => {
    const freelancerId = roles.freelancer.freelancerId;
    const active = await idOf(
      bff,
      `select id from assignments where freelancer_id = ? and status in ('assigned', 'in_progress') limit 1`,
      [freelancerId],
    );
    expect(await rate({ assignmentId: active, rating: 5 })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ratings.notCompleted },
    });
    const foreign = await idOf(
      bff,
      `select id from assignments where freelancer_id <> ? and status = 'completed' limit 1`,
      [freelancerId],
    );
    expect(await rate({ assignmentId: foreign, rating: 5 })).toMatchObject({ status: 404 });
  });
});

describe('GET /api/freelancers/payment-history — payouts (issue 25)', () => {
  it("gives each payment its Pix payout's state, paid time, failure and hold; none without a payout", async () => {
    const freelancerId = roles.freelancer.freelancerId;
    // The demo data pays its completed shifts: this test sets its own payouts' states instead.
    await bff.db.orm.em
      .getConnection()
      .execute('delete from payouts where freelancer_id = ?', [freelancerId]);
    const completed = await bff.db.orm.em.getConnection().execute<{ id: number; cents: number }[]>(
      `select id, freelancer_payout_cents as cents from assignments
          where freelancer_id = ? and status = 'completed' and completed_at > now() - interval '29 days'
          order by id limit 3`,
      [freelancerId],
    );
    expect(completed.length).toBe(3);
    const states = [
      { status: 'paid', paid_at: '2026-11-20T17:32:00.000Z', failure_reason: null, held_until: null },
      {
        status: 'failed',
        paid_at: null,
        failure_reason: 'invalid_key',
        held_until: '2026-11-28T12:00:00.000Z',
      },
    ] as const;
    for (const [index, state] of states.entries()) {
      const assignment = completed[index]!;
      await bff.db.orm.em.getConnection().execute(
        `insert into payouts (assignment_id, freelancer_id, amount_cents, attempt, idempotency_id, status,
            payee_name, failure_reason, paid_at, held_until, created_at, updated_at)
         values (?, ?, ?, 0, ?, ?, 'Teste', ?, ?, ?, now(), now())`,
        [
          assignment.id,
          freelancerId,
          assignment.cents,
          `test-payout-${assignment.id}`,
          state.status,
          state.failure_reason,
          state.paid_at,
          state.held_until,
        ],
      );
    }
    const items = new Map((await history('?limit=200')).items.map((item) => [item.id, item]));
    for (const [index, state] of states.entries()) {
      expect(items.get(completed[index]!.id)).toMatchObject({
        payout_status: state.status,
        payout_paid_at: state.paid_at,
        payout_failure_reason: state.failure_reason,
        payout_held_until: state.held_until,
      });
    }
    expect(items.get(completed[2]!.id)).toMatchObject({
      payout_status: null,
      payout_paid_at: null,
      payout_failure_reason: null,
      payout_held_until: null,
    });
  });

  it("lists a corrected shift's complement and deduction as lines with their state; one row per shift", async () => {
    const freelancerId = roles.freelancer.freelancerId;
    const sql = <T extends object[]>(text: string, params: unknown[] = []) =>
      bff.db.orm.em.getConnection().execute<T>(text, params);
    const [shift] = await sql<{ id: number; cents: number }[]>(
      `select a.id, a.freelancer_payout_cents as cents from assignments a
          where a.freelancer_id = ? and a.status = 'completed' and a.completed_at > now() - interval '29 days'
            and exists (select 1 from payouts p where p.assignment_id = a.id and p.kind = 'shift')
          order by a.id limit 1`,
      [freelancerId],
    );
    expect(shift).toBeDefined();
    await sql(
      `insert into payouts (assignment_id, freelancer_id, kind, amount_cents, deducted_cents, attempt, idempotency_id,
          status, payee_name, paid_at, adjustment_key, created_at, updated_at)
       values (?, ?, 'complement', 1500, 0, 0, ?, 'paid', 'Teste', '2026-11-21T17:40:00.000Z', ?, now(), now())`,
      [shift!.id, freelancerId, `test-complement-${shift!.id}`, `test:c:${shift!.id}`],
    );
    await sql(
      `insert into payout_deductions (freelancer_id, assignment_id, amount_cents, remaining_cents, adjustment_key,
          created_at, updated_at)
       values (?, ?, 800, 800, ?, now() + interval '1 second', now())`,
      [freelancerId, shift!.id, `test:d:${shift!.id}`],
    );
    const page = await history('?limit=200');
    expect(page.items.filter((item) => item.id === shift!.id)).toHaveLength(1);
    const entry = page.items.find((item) => item.id === shift!.id)!;
    expect(entry.payout_lines).toEqual([
      {
        kind: 'complement',
        amount: 15,
        status: 'paid',
        paid_at: '2026-11-21T17:40:00.000Z',
        failure_reason: null,
        held_until: null,
        deducted: 0,
        remaining: null,
      },
      {
        kind: 'deduction',
        amount: -8,
        status: null,
        paid_at: null,
        failure_reason: null,
        held_until: null,
        deducted: 0,
        remaining: 8,
      },
    ]);
    expect(entry.payout_amount).toEqual(expect.any(Number));
    expect(entry.payout_deducted).toBe(0);
    expect(
      page.items.filter((item) => item.id !== shift!.id).every((item) => item.payout_lines?.length === 0),
    ).toBe(true);
    await sql('delete from payout_deductions where assignment_id = ?', [shift!.id]);
    await sql(`delete from payouts where assignment_id = ? and kind = 'complement'`, [shift!.id]);
  });
});
