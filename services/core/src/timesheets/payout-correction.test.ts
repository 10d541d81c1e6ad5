import { PAYOUT_MESSAGES, payoutComplementIdempotencyId, payoutStateText } from '@turno/domain';
import { Assignment } from '../model';
import { createTestDatabase, type TestDatabase } from '../testing';
import { admin } from '../shared/test-kit';
import {
  claimPayoutForSending,
  recordPayoutOutcome,
  retryFailedPayout,
  returnUnsentPayout,
} from '../payouts';
import { answerTimesheet, decideTimesheet, proposeTimesheet } from './timesheets.service';
import { insertCompletedShift, local } from './completed-shift-test-data';
import type { Freelancer } from '../model';

// NOW is 09:00 in Sao Paulo; the shifts below run 08:00–18:00 (R$ 150,00 to the freelancer in full).

interface PayoutLine {
  id: number;
  kind: string;
  status: string;
  amount_cents: number;
  deducted_cents: number;
  idempotency_id: string;
}

/**
 * Issue 25: a final timesheet changes the freelancer's amount after the shift's payout was created.
 * The payout not yet sent takes the new amount; one already sent gets a complement (a raise) or
 * leaves a deduction that the freelancer's next payouts pay (a cut). Real PostgreSQL.
 */
describe('a timesheet corrected after the payout', () => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  const sql = <T>(query: string, params: unknown[] = []) => em().getConnection().execute<T[]>(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A shift checked in at 08:00 and out at `outHour`, as an admin records it: its payout is created. */
  const completedShift = (outHour = 18, freelancer?: Freelancer) =>
    insertCompletedShift(em, {
      outHour,
      freelancer,
      newFreelancer: { cpf: '52998224725', pixKey: 'carla@example.com' },
    });

  const payoutsOf = (assignmentId: number) =>
    sql<PayoutLine>(
      `select id, kind, status, amount_cents, deducted_cents, idempotency_id from payouts
       where assignment_id = ? order by id`,
      [assignmentId],
    );
  const deductionsOf = (freelancerId: number) =>
    sql<{ id: number; amount_cents: number; remaining_cents: number; settled_at: string | null }>(
      `select id, amount_cents, remaining_cents, settled_at from payout_deductions where freelancer_id = ? order by id`,
      [freelancerId],
    );
  const payoutOfCents = async (assignmentId: number) =>
    (await em().findOneOrFail(Assignment, { id: assignmentId })).freelancerPayoutCents;
  const setStatus = (payoutId: number, status: string) =>
    sql(
      `update payouts set status = ?, paid_at = case when ? = 'paid' then now() else null end where id = ?`,
      [status, status, payoutId],
    );

  /** The business proposes 08:00–`outHour` and the freelancer accepts: settled. */
  async function cutTo(shift: Awaited<ReturnType<typeof completedShift>>, outHour: number) {
    const proposal = await proposeTimesheet(
      em(),
      shift.asBusiness,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(outHour), reason: 'Horário corrigido pelo gerente' },
      local(19),
    );
    await answerTimesheet(em(), shift.asWorker, proposal.proposalId, { accept: true }, local(20));
    return proposal.proposalId;
  }

  /** The freelancer proposes 08:00–18:00 (the full shift); the business accepts, `times` at once. */
  async function raiseToFull(shift: Awaited<ReturnType<typeof completedShift>>, times = 1) {
    const proposal = await proposeTimesheet(
      em(),
      shift.asWorker,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(18), reason: 'Fiquei até as 18h fechando o caixa' },
      local(19),
    );
    const answers = await Promise.allSettled(
      Array.from({ length: times }, () =>
        answerTimesheet(em(), shift.asBusiness, proposal.proposalId, { accept: true }, local(20)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    return proposal.proposalId;
  }

  it('a payout not yet sent takes the new amount, in place and audited; cut to nothing it is settled without a Pix', async () => {
    const shift = await completedShift();
    const [before] = await payoutsOf(shift.assignmentId);
    expect(before).toMatchObject({ kind: 'shift', status: 'pending', amount_cents: 15_000 });

    await cutTo(shift, 13);
    expect(await payoutOfCents(shift.assignmentId)).toBe(7_500);
    expect(await payoutsOf(shift.assignmentId)).toEqual([{ ...before, amount_cents: 7_500 }]);
    const audit = await sql<{ action: string; details: Record<string, unknown> }>(
      `select action, details from audit_events where target_type = 'payouts' and target_id = ? order by id`,
      [String(before!.id)],
    );
    expect(audit.map((row) => row.action)).toEqual(['payout.created', 'payout.amount_corrected']);
    expect(audit[1]!.details).toMatchObject({ fromCents: 15_000, toCents: 7_500, status: 'pending' });
    expect(await deductionsOf(shift.freelancer.id)).toEqual([]);

    // Another shift: disputed, the admin decides no pay — the pending payout is settled at R$ 0.
    const other = await completedShift();
    const proposal = await proposeTimesheet(
      em(),
      other.asBusiness,
      other.assignmentId,
      { checkInAt: local(8), checkOutAt: local(9), reason: 'Não trabalhou, saiu logo' },
      local(19),
    );
    await answerTimesheet(
      em(),
      other.asWorker,
      proposal.proposalId,
      { accept: false, disputeReason: 'Trabalhei o turno inteiro' },
      local(20),
    );
    await decideTimesheet(
      em(),
      admin,
      proposal.proposalId,
      { decision: 'none', note: 'Sem registro' },
      local(21),
    );
    const [zero] = await payoutsOf(other.assignmentId);
    expect(zero).toMatchObject({ kind: 'shift', status: 'paid', amount_cents: 0, deducted_cents: 0 });
    expect(payoutStateText({ status: 'paid', amountCents: 0, deductedCents: 0 })).toBe(
      PAYOUT_MESSAGES.zeroAfterCorrection,
    );
    // The sender finds nothing to send.
    expect(await claimPayoutForSending(em(), zero!.id, local(22))).toEqual({
      action: 'done',
      status: 'paid',
    });
  });

  it('a held or failed payout takes the new amount too', async () => {
    const shift = await completedShift();
    const [payout] = await payoutsOf(shift.assignmentId);
    await setStatus(payout!.id, 'failed');
    await cutTo(shift, 14);
    expect(await payoutsOf(shift.assignmentId)).toEqual([
      { ...payout, status: 'failed', amount_cents: 9_000 },
    ]);
    const other = await completedShift();
    const [held] = await payoutsOf(other.assignmentId);
    await setStatus(held!.id, 'held');
    await cutTo(other, 15);
    expect(await payoutsOf(other.assignmentId)).toEqual([{ ...held, status: 'held', amount_cents: 10_500 }]);
  });

  it('a raise after the payout was paid is a complement of the difference, once, even for twenty answers at once', async () => {
    const shift = await completedShift(13);
    expect(await payoutOfCents(shift.assignmentId)).toBe(7_500);
    const [paid] = await payoutsOf(shift.assignmentId);
    await setStatus(paid!.id, 'paid');

    await raiseToFull(shift, 20);
    expect(await payoutOfCents(shift.assignmentId)).toBe(15_000);
    const payouts = await payoutsOf(shift.assignmentId);
    expect(payouts).toHaveLength(2);
    const complement = payouts[1]!;
    expect(complement).toMatchObject({ kind: 'complement', status: 'pending', amount_cents: 7_500 });
    expect(complement.idempotency_id).toBe(payoutComplementIdempotencyId(complement.id, 0));
    expect(complement.idempotency_id).toHaveLength(32);
    expect(complement.idempotency_id).not.toBe(paid!.idempotency_id);
    const events = await sql<{ n: string }>(
      `select count(*) as n from domain_events where type = 'payout_updated' and (payload->>'payoutId')::int = ?`,
      [complement.id],
    );
    expect(Number(events[0]!.n)).toBe(1);

    // A failed complement retried by an admin takes its next attempt, still its own id.
    const claim = await claimPayoutForSending(em(), complement.id, local(21));
    expect(claim).toMatchObject({ action: 'send', payout: { amountCents: 7_500 } });
    await recordPayoutOutcome(em(), {
      idempotencyId: complement.idempotency_id,
      status: 'failed',
      failure: { reason: 'unknown' },
    });
    await retryFailedPayout(em(), admin, complement.id, local(22));
    const [, retried] = await payoutsOf(shift.assignmentId);
    expect(retried!.idempotency_id).toBe(payoutComplementIdempotencyId(complement.id, 1));
  });

  it('a raise while the payout is being sent is a complement too; a raise of a pending complement changes its amount', async () => {
    const shift = await completedShift(12);
    const [sending] = await payoutsOf(shift.assignmentId);
    await claimPayoutForSending(em(), sending!.id, local(19));
    // 08:00–14:00, then 08:00–18:00
    const first = await proposeTimesheet(
      em(),
      shift.asWorker,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(14), reason: 'Saí às 14h, não ao meio-dia' },
      local(19),
    );
    await answerTimesheet(em(), shift.asBusiness, first.proposalId, { accept: true }, local(20));
    let payouts = await payoutsOf(shift.assignmentId);
    expect(payouts.map((p) => [p.kind, p.status, p.amount_cents])).toEqual([
      ['shift', 'sending', 6_000],
      ['complement', 'pending', 3_000],
    ]);
    await raiseToFull(shift);
    payouts = await payoutsOf(shift.assignmentId);
    expect(payouts.map((p) => [p.kind, p.status, p.amount_cents])).toEqual([
      ['shift', 'sending', 6_000],
      ['complement', 'pending', 9_000],
    ]);
  });

  it('a cut after the payout was paid is a deduction, taken from the next payouts before they are sent', async () => {
    const shift = await completedShift();
    const [paid] = await payoutsOf(shift.assignmentId);
    await setStatus(paid!.id, 'paid');

    await cutTo(shift, 10); // R$ 150,00 → R$ 30,00: R$ 120,00 owed
    expect(await payoutsOf(shift.assignmentId)).toEqual([{ ...paid, status: 'paid' }]);
    expect(await deductionsOf(shift.freelancer.id)).toMatchObject([
      { amount_cents: 12_000, remaining_cents: 12_000 },
    ]);

    // The next shift (08:00–12:00, R$ 60,00) pays R$ 60,00 of it: nothing is sent, settled at R$ 0.
    const next = await completedShift(12, shift.freelancer);
    const [small] = await payoutsOf(next.assignmentId);
    expect(small).toMatchObject({ status: 'pending', amount_cents: 6_000 });
    expect(await claimPayoutForSending(em(), small!.id, local(21))).toEqual({
      action: 'done',
      status: 'paid',
    });
    const [settled] = await payoutsOf(next.assignmentId);
    expect(settled).toMatchObject({ status: 'paid', amount_cents: 0, deducted_cents: 6_000 });
    expect(payoutStateText({ status: 'paid', amountCents: 0, deductedCents: 6_000 })).toBe(
      PAYOUT_MESSAGES.settledByDeduction,
    );
    expect(await deductionsOf(shift.freelancer.id)).toMatchObject([{ remaining_cents: 6_000 }]);

    // The one after (R$ 150,00) pays the rest and sends R$ 90,00.
    const third = await completedShift(18, shift.freelancer);
    const [full] = await payoutsOf(third.assignmentId);
    const claim = await claimPayoutForSending(em(), full!.id, local(22));
    expect(claim).toMatchObject({ action: 'send', payout: { amountCents: 9_000 } });
    expect(await payoutsOf(third.assignmentId)).toMatchObject([
      { status: 'sending', amount_cents: 9_000, deducted_cents: 6_000 },
    ]);
    const [deduction] = await deductionsOf(shift.freelancer.id);
    expect(deduction).toMatchObject({ remaining_cents: 0 });
    expect(deduction!.settled_at).not.toBeNull();
    const uses = await sql<{ payout_id: number; amount_cents: number }>(
      `select payout_id, amount_cents from payout_deduction_uses where deduction_id = ? order by id`,
      [deduction!.id],
    );
    expect(uses).toEqual([
      { payout_id: small!.id, amount_cents: 6_000 },
      { payout_id: full!.id, amount_cents: 6_000 },
    ]);
    // Taken once: claiming again (a retry of the job) takes nothing more.
    expect(await claimPayoutForSending(em(), full!.id, local(23))).toMatchObject({
      action: 'check',
      payout: { amountCents: 9_000 },
    });
  });

  it('a correction of a failed payout that had paid a deduction gives it back first', async () => {
    const shift = await completedShift();
    const [paid] = await payoutsOf(shift.assignmentId);
    await setStatus(paid!.id, 'paid');
    await cutTo(shift, 16); // R$ 30,00 owed
    const next = await completedShift(18, shift.freelancer);
    const [payout] = await payoutsOf(next.assignmentId);
    const claim = await claimPayoutForSending(em(), payout!.id, local(21));
    expect(claim).toMatchObject({ action: 'send', payout: { amountCents: 12_000 } });
    await recordPayoutOutcome(em(), {
      idempotencyId: payout!.idempotency_id,
      status: 'failed',
      failure: { reason: 'invalid_key' },
    });
    await cutTo(next, 17); // R$ 150,00 → R$ 135,00
    expect(await payoutsOf(next.assignmentId)).toMatchObject([
      { status: 'failed', amount_cents: 13_500, deducted_cents: 0 },
    ]);
    expect(await deductionsOf(shift.freelancer.id)).toMatchObject([
      { amount_cents: 3_000, remaining_cents: 3_000 },
    ]);
    // The admin's retry sends it again, the deduction taken again at its claim.
    await retryFailedPayout(em(), admin, payout!.id, local(22));
    expect(await claimPayoutForSending(em(), payout!.id, local(23))).toMatchObject({
      action: 'send',
      payout: { amountCents: 10_500 },
    });
  });

  /** Waits until `count` sessions of this database wait for a lock (the jest timeout is the hang guard). */
  async function untilWaiting(count: number) {
    const waiting = async () =>
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    while ((await waiting()) < count) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /**
   * The race of a cut settled while the sender claims the same payout: `first` gets the payout's row
   * when a third transaction holding it lets go (PostgreSQL grants a row's waiters in order).
   */
  async function cutRacingClaim(first: 'claim' | 'correction') {
    const shift = await completedShift();
    const [payout] = await payoutsOf(shift.assignmentId);
    const proposal = await proposeTimesheet(
      em(),
      shift.asBusiness,
      shift.assignmentId,
      { checkInAt: local(8), checkOutAt: local(13), reason: 'Horário corrigido pelo gerente' },
      local(19),
    );
    const holder = em();
    await holder.begin();
    await holder.execute('select id from payouts where id = ? for update', [payout!.id]);
    const claim = () => claimPayoutForSending(em(), payout!.id, local(20));
    const settle = () =>
      answerTimesheet(em(), shift.asWorker, proposal.proposalId, { accept: true }, local(20));
    const firstDone = first === 'claim' ? claim() : settle();
    await untilWaiting(1);
    const secondDone = first === 'claim' ? settle() : claim();
    await untilWaiting(2);
    await holder.commit();
    const [claimed] = await Promise.all(
      first === 'claim' ? [firstDone, secondDone] : [secondDone, firstDone],
    );
    return { shift, payout: payout!, claimed: claimed as Awaited<ReturnType<typeof claim>> };
  }

  it('a cut settled while the payout moves to sending: the PSP gets the whole amount, the cut is a deduction the next payout pays', async () => {
    const { shift, payout, claimed } = await cutRacingClaim('claim');
    expect(claimed).toMatchObject({ action: 'send', payout: { amountCents: 15_000 } });
    expect(await payoutsOf(shift.assignmentId)).toEqual([
      { ...payout, status: 'sending', amount_cents: 15_000, deducted_cents: 0 },
    ]);
    expect(await deductionsOf(shift.freelancer.id)).toMatchObject([
      { amount_cents: 7_500, remaining_cents: 7_500 },
    ]);
    // Not lost: the freelancer's next payout pays it before it is sent.
    const next = await completedShift(18, shift.freelancer);
    const [full] = await payoutsOf(next.assignmentId);
    expect(await claimPayoutForSending(em(), full!.id, local(22))).toMatchObject({
      action: 'send',
      payout: { amountCents: 7_500 },
    });
    expect(await deductionsOf(shift.freelancer.id)).toMatchObject([{ remaining_cents: 0 }]);
  });

  it('a cut settled just before the claim: the payout leaves with the new amount, no deduction', async () => {
    const { shift, claimed } = await cutRacingClaim('correction');
    expect(claimed).toMatchObject({ action: 'send', payout: { amountCents: 7_500 } });
    expect(await payoutsOf(shift.assignmentId)).toMatchObject([{ status: 'sending', amount_cents: 7_500 }]);
    expect(await deductionsOf(shift.freelancer.id)).toEqual([]);
  });

  it('a payout the PSP said it never had keeps its amount: no deduction taken at its second claim, a cut of it is a deduction', async () => {
    const owed = await completedShift();
    const [paid] = await payoutsOf(owed.assignmentId);
    await setStatus(paid!.id, 'paid');
    await cutTo(owed, 16); // R$ 30,00 owed
    const shift = await completedShift(18, owed.freelancer);
    const [payout] = await payoutsOf(shift.assignmentId);
    expect(await claimPayoutForSending(em(), payout!.id, local(21))).toMatchObject({
      action: 'send',
      payout: { amountCents: 12_000 },
    });
    // The PSP answered "no such send" (the request may still be on its way there): back to pending.
    await returnUnsentPayout(em(), payout!.id);
    // Meanwhile another cut of the paid shift (R$ 30,00 more), and a cut of this very shift.
    await cutTo(owed, 14);
    await cutTo(shift, 17); // R$ 150,00 → R$ 135,00
    expect(await payoutsOf(shift.assignmentId)).toMatchObject([
      { status: 'pending', amount_cents: 12_000, deducted_cents: 3_000 },
    ]);
    expect((await deductionsOf(owed.freelancer.id)).map((d) => [d.amount_cents, d.remaining_cents])).toEqual([
      [3_000, 0],
      [3_000, 3_000],
      [1_500, 1_500],
    ]);
    // Claimed again: the same amount under the same id, nothing more taken.
    expect(await claimPayoutForSending(em(), payout!.id, local(22))).toMatchObject({
      action: 'send',
      payout: { amountCents: 12_000, idempotencyId: payout!.idempotency_id },
    });
    // The next payout pays both.
    const next = await completedShift(18, owed.freelancer);
    const [full] = await payoutsOf(next.assignmentId);
    expect(await claimPayoutForSending(em(), full!.id, local(23))).toMatchObject({
      action: 'send',
      payout: { amountCents: 10_500 },
    });
    expect((await deductionsOf(owed.freelancer.id)).map((d) => d.remaining_cents)).toEqual([0, 0, 0]);
  });
});
