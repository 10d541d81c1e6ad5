/**
 * The deductions a freelancer owes (a timesheet cut after the shift's payout left; created by
 * `timesheets/payout-correction.ts`) are paid by their next payouts, taken when a payout is claimed
 * for sending (issue 25).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { isPayoutAmountOpen } from '@turno/domain';
import type { Payout } from '../model';

/**
 * Takes the freelancer's open deductions (oldest first, rows locked) from a payout about to be
 * sent, never below R$ 0. Answers how much it took. In the claim's transaction, the payout's row
 * locked; a payout whose amount is no longer open (`isPayoutAmountOpen` of @turno/domain: its
 * attempt was handed to the PSP) takes nothing, and the deductions stay for the next one.
 */
export async function takeDeductions(tx: EntityManager, payout: Payout, now: Date): Promise<number> {
  if (payout.amountCents <= 0 || !isPayoutAmountOpen(payout.status, payout.sendingSince)) return 0;
  const open = await tx.execute<{ id: number; remaining_cents: number }[]>(
    `select id, remaining_cents from payout_deductions
     where freelancer_id = ? and remaining_cents > 0 order by id for update`,
    [payout.freelancer.id],
  );
  let taken = 0;
  for (const deduction of open) {
    const take = Math.min(deduction.remaining_cents, payout.amountCents - taken);
    if (take <= 0) break;
    await tx.execute(
      `update payout_deductions set remaining_cents = remaining_cents - ?,
         settled_at = case when remaining_cents - ? = 0 then ?::timestamptz else null end, updated_at = ?
       where id = ?`,
      [take, take, now, now, deduction.id],
    );
    await tx.execute(
      `insert into payout_deduction_uses (deduction_id, payout_id, amount_cents, created_at) values (?, ?, ?, ?)`,
      [deduction.id, payout.id, take, now],
    );
    taken += take;
  }
  payout.amountCents -= taken;
  payout.deductedCents += taken;
  return taken;
}
