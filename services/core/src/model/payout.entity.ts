import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYOUT_KINDS, PAYOUT_STATUSES, PIX_SEND_FAILURE_REASONS } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Assignment } from './assignment.entity';
import { Freelancer } from './freelancer.entity';

/**
 * A Pix payout to a freelancer (issue 25). `shift`: the payout of a completed shift, one per
 * assignment (a partial unique key refuses a second), created in the completion's transaction;
 * `complement`: the difference of a timesheet raised after the shift's payout left, one per settled
 * proposal (`adjustmentKey` unique). Sent by the workers through the PSP. `idempotencyId` is what
 * the PSP is given (`payoutIdempotencyId(assignment, attempt)` for a shift,
 * `payoutComplementIdempotencyId(payout id, attempt)` for a complement): an id is sent at most
 * once; an admin's retry of a failed payout takes the next attempt. The key and payee are copied as
 * they stood at creation. `amountCents` is what is (was) sent; `deductedCents` what was taken from
 * it for the freelancer's deductions before it was sent (a payout left at 0 is `paid` without a Pix).
 */
export const Payout = defineEntity({
  name: 'Payout',
  tableName: 'payouts',
  properties: {
    id: p.integer().primary().autoincrement(),
    assignment: p.manyToOne(Assignment).ref().deleteRule('no action'),
    kind: p.enum([...PAYOUT_KINDS]).default('shift'),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('no action'),
    amountCents: p.integer(),
    deductedCents: p.integer().default(0),
    /** What made a complement (`timesheet:<proposal id>`): one complement per settlement. */
    adjustmentKey: p.string().nullable().unique('payouts_adjustment_key_unique'),
    attempt: p.integer().default(0),
    idempotencyId: p.string().unique('payouts_idempotency_id_unique'),
    status: p.enum([...PAYOUT_STATUSES]).default('pending'),
    pixKey: p.string().nullable(),
    payeeName: p.string(),
    payeeCpf: p.string().length(11).nullable(),
    failureReason: p.enum([...PIX_SEND_FAILURE_REASONS]).nullable(),
    /** The PSP's code of the failure, for the admin. */
    failureCode: p.string().nullable(),
    endToEndId: p.string().nullable(),
    /** A held payout leaves at this instant (the key's change + 24 h) unless an admin releases it sooner. */
    heldUntil: p.datetime().nullable(),
    /** When the current attempt was handed to the PSP: the sweep asks the PSP about old ones. */
    sendingSince: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    /** Set when an admin marked it paid outside the platform (with the reason). */
    paidOutsideReason: p.text().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [
    {
      name: 'payouts_shift_unique',
      expression:
        'create unique index "payouts_shift_unique" on "payouts" ("assignment_id") where "kind" = \'shift\'',
    },
  ],
  indexes: [
    { name: 'payouts_assignment_index', properties: ['assignment'] },
    { name: 'payouts_freelancer_index', properties: ['freelancer', 'createdAt'] },
    { name: 'payouts_created_at_index', properties: ['createdAt'] },
    {
      name: 'payouts_open_index',
      expression:
        'create index "payouts_open_index" on "payouts" ("status", "id") where "status" in (\'pending\', \'held\', \'sending\')',
    },
  ],
  checks: [
    { name: 'payouts_amount_not_negative', expression: 'amount_cents >= 0 and deducted_cents >= 0' },
    { name: 'payouts_attempt_range', expression: 'attempt >= 0 and attempt <= 999' },
  ],
});
export type Payout = InferEntity<typeof Payout>;

/**
 * What a freelancer owes after a timesheet cut once the shift's payout had left (`sending` or
 * `paid`; issue 25): `amountCents` owed, `remainingCents` not yet taken. The freelancer's next
 * payouts pay it before they are sent (`payout_deduction_uses`), oldest deduction first; one per
 * settled proposal (`adjustmentKey` unique).
 */
export const PayoutDeduction = defineEntity({
  name: 'PayoutDeduction',
  tableName: 'payout_deductions',
  properties: {
    id: p.integer().primary().autoincrement(),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('no action'),
    assignment: p.manyToOne(Assignment).ref().deleteRule('no action'),
    amountCents: p.integer(),
    remainingCents: p.integer(),
    adjustmentKey: p.string().unique('payout_deductions_adjustment_key_unique'),
    /** When the last of it was taken. */
    settledAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  indexes: [
    { name: 'payout_deductions_assignment_index', properties: ['assignment'] },
    { name: 'payout_deductions_created_at_index', properties: ['createdAt'] },
    {
      name: 'payout_deductions_open_index',
      expression:
        'create index "payout_deductions_open_index" on "payout_deductions" ("freelancer_id", "id") where "remaining_cents" > 0',
    },
  ],
  checks: [
    {
      name: 'payout_deductions_amounts',
      expression: 'amount_cents > 0 and remaining_cents >= 0 and remaining_cents <= amount_cents',
    },
  ],
});
export type PayoutDeduction = InferEntity<typeof PayoutDeduction>;

/** How much of a deduction a payout paid (taken from it before it was sent). */
export const PayoutDeductionUse = defineEntity({
  name: 'PayoutDeductionUse',
  tableName: 'payout_deduction_uses',
  properties: {
    id: p.integer().primary().autoincrement(),
    deduction: p.manyToOne(PayoutDeduction).ref().deleteRule('no action'),
    payout: p.manyToOne(Payout).ref().deleteRule('no action'),
    amountCents: p.integer(),
    createdAt: createdAtColumn(),
  },
  indexes: [
    { name: 'payout_deduction_uses_deduction_index', properties: ['deduction'] },
    { name: 'payout_deduction_uses_payout_index', properties: ['payout'] },
  ],
  checks: [{ name: 'payout_deduction_uses_amount_positive', expression: 'amount_cents > 0' }],
});
export type PayoutDeductionUse = InferEntity<typeof PayoutDeductionUse>;
