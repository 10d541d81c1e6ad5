/**
 * Test helpers of the payouts, for core's users (the workers, the admin-billing BFF's webhook): a
 * shift completed through core's own path (its payout created by the completion) and a payout's
 * row read with plain SQL.
 */
import { approveCheckOut, manualCheckIn, requestCheckOut } from '../assignments/assignments.service';
import type { Actor } from '../shared/actor';
import { assignFreelancer } from '../workflows/staffing.service';
import { insertFreelancer, insertJob, insertRestaurant } from './fixtures';
import type { TestDatabase } from './test-database';

const admin: Actor = { role: 'admin', adminId: 1 };
const HOUR = 3_600_000;
/** The shifts' day; the workers' clock in tests stands after it. */
export const SHIFT_DAY_NOON = new Date('2026-03-02T12:00:00Z');
export const PAYEE_CPF = '52998224725';

/** A payout as its row stands. */
export interface PayoutRow {
  id: number;
  idempotencyId: string;
  amountCents: number;
  status: string;
  endToEndId: string | null;
  paidAt: Date | null;
  failureReason: string | null;
  failureCode: string | null;
}

export async function payoutRow(
  db: TestDatabase,
  column: 'id' | 'assignment_id',
  value: number,
): Promise<PayoutRow> {
  const [row] = await db.orm.em
    .fork()
    .getConnection()
    .execute<Record<string, unknown>[]>(
      `select id, idempotency_id, amount_cents, status, end_to_end_id, paid_at, failure_reason, failure_code
       from payouts where ${column} = ?`,
      [value],
    );
  if (!row) throw new Error(`no payout with ${column} ${value}`);
  return {
    id: row.id as number,
    idempotencyId: row.idempotency_id as string,
    amountCents: row.amount_cents as number,
    status: row.status as string,
    endToEndId: row.end_to_end_id as string | null,
    paidAt: row.paid_at ? new Date(row.paid_at as string) : null,
    failureReason: row.failure_reason as string | null,
    failureCode: row.failure_code as string | null,
  };
}

/**
 * A shift completed through core's own path (assigned, checked in, check-out asked and approved):
 * the completion creates its payout, `pending`, to `pixKey`. Answers the payout.
 */
export async function completedShiftWithPayout(
  db: TestDatabase,
  pixKey: string | null = 'bruna@example.com',
  options: {
    /**
     * Workers that hear completions (LISTEN) are running: they may have claimed the payout before
     * it is read here, so `sending` (or already `paid`) is as expected as `pending`.
     */
    workersRunning?: boolean;
  } = {},
): Promise<PayoutRow> {
  const em = () => db.orm.em.fork();
  const now = SHIFT_DAY_NOON;
  const restaurant = await insertRestaurant(em());
  const freelancer = await insertFreelancer(em(), {
    name: 'Bruna Lima',
    cpf: PAYEE_CPF,
    pixKey,
    profilePhotoUrl: '/static/avatars/test.svg',
  });
  const job = await insertJob(em(), restaurant, { dateNeeded: '2026-03-02' });
  const { assignmentId } = await assignFreelancer(
    em(),
    admin,
    { jobId: job.id, freelancerId: freelancer.id },
    now,
  );
  await manualCheckIn(em(), admin, assignmentId, new Date(now.getTime() - HOUR));
  await requestCheckOut(
    em(),
    { role: 'freelancer', freelancerId: freelancer.id, userId: freelancer.user.id },
    assignmentId,
    new Date(now.getTime() + 5 * HOUR),
  );
  await approveCheckOut(em(), admin, assignmentId, new Date(now.getTime() + 5 * HOUR + 60_000));
  const payout = await payoutRow(db, 'assignment_id', assignmentId);
  const expected = options.workersRunning ? ['pending', 'sending', 'paid'] : ['pending'];
  if (!expected.includes(payout.status))
    throw new Error(`payout ${payout.id} is ${payout.status}, not ${expected.join(' or ')}`);
  return payout;
}
