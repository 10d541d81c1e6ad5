import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PAYOUT_STATUSES, PIX_SEND_FAILURE_REASONS } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Assignment } from './assignment.entity';
import { Freelancer } from './freelancer.entity';

/**
 * The Pix payout of a completed shift to its freelancer (issue 25): one per assignment (PostgreSQL
 * refuses a second), created in the completion's transaction, sent by the workers through the PSP.
 * `idempotencyId` is what the PSP is given (`payoutIdempotencyId(assignment, attempt)`): an id is
 * sent at most once; an admin's retry of a failed payout takes the next attempt. The key, payee and
 * amount are copied as they stood at completion.
 */
export const Payout = defineEntity({
  name: 'Payout',
  tableName: 'payouts',
  properties: {
    id: p.integer().primary().autoincrement(),
    assignment: p
      .oneToOne(Assignment)
      .ref()
      .owner()
      .unique('payouts_assignment_unique')
      .deleteRule('no action'),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('no action'),
    amountCents: p.integer(),
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
  indexes: [
    { name: 'payouts_freelancer_index', properties: ['freelancer', 'createdAt'] },
    { name: 'payouts_created_at_index', properties: ['createdAt'] },
    {
      name: 'payouts_open_index',
      expression:
        'create index "payouts_open_index" on "payouts" ("status", "id") where "status" in (\'pending\', \'held\', \'sending\')',
    },
  ],
  checks: [
    { name: 'payouts_amount_positive', expression: 'amount_cents > 0' },
    { name: 'payouts_attempt_range', expression: 'attempt >= 0 and attempt <= 999' },
  ],
});
export type Payout = InferEntity<typeof Payout>;
