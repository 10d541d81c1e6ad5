import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  ASSIGNMENT_STATUSES,
  CANCELLED_BY,
  CHECK_IN_METHODS,
  CHECK_OUT_METHODS,
  PAY_BASES,
} from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Freelancer } from './freelancer.entity';
import { Job } from './job.entity';

/**
 * A freelancer allocated to a job, and the shift's progress: on the way → check-in requested →
 * checked in (in_progress) → check-out requested → checked out (completed).
 * The amounts are frozen at completion; PostgreSQL allows one non-cancelled assignment per job.
 */
export const Assignment = defineEntity({
  name: 'Assignment',
  tableName: 'assignments',
  properties: {
    id: p.integer().primary().autoincrement(),
    job: p.manyToOne(Job).ref().deleteRule('cascade'),
    freelancer: p.manyToOne(Freelancer).ref().deleteRule('cascade'),
    status: p.enum([...ASSIGNMENT_STATUSES]).default('assigned'),
    onTheWayAt: p.datetime().nullable(),
    checkinRequestedAt: p.datetime().nullable(),
    checkInAt: p.datetime().nullable(),
    checkoutRequestedAt: p.datetime().nullable(),
    checkOutAt: p.datetime().nullable(),
    restaurantChargeCents: p.integer().nullable(),
    freelancerPayoutCents: p.integer().nullable(),
    commissionCents: p.integer().nullable(),
    completedAt: p.datetime().nullable(),
    /** How the check-in was recorded (manager approval, admin, inside the geofence, store code). */
    checkInMethod: p.enum([...CHECK_IN_METHODS]).nullable(),
    /** Metres between the reported position and the store at a geofence check-in. */
    checkInDistanceM: p.integer().nullable(),
    checkOutMethod: p.enum([...CHECK_OUT_METHODS]).nullable(),
    /** How the completion was paid: by worked time or the full scheduled shift. */
    payBasis: p.enum([...PAY_BASES]).nullable(),
    /** Minutes paid for (worked minutes inside the schedule, or the scheduled minutes when paid in full). */
    paidMinutes: p.integer().nullable(),
    /** Who released the allocated shift, when, why; and what a late release by the business costs it. */
    cancelledBy: p.enum([...CANCELLED_BY]).nullable(),
    cancelledAt: p.datetime().nullable(),
    cancellationReason: p.text().nullable(),
    /** Owed by the business for cancelling an accepted shift less than 12 h before it (billed). */
    cancellationFeeCents: p.integer().nullable(),
    /** The freelancer's share of the cancellation fee. */
    cancellationPayoutCents: p.integer().nullable(),
    /**
     * Confirmations and reminders (issue 26): when the freelancer was asked to confirm, confirmed,
     * was reminded 2 h before; when the business was told the shift was unconfirmed 12 h before,
     * and when it was released for that (by the business or automatically).
     */
    confirmationRequestedAt: p.datetime().nullable(),
    confirmedAt: p.datetime().nullable(),
    remindedAt: p.datetime().nullable(),
    unconfirmedAt: p.datetime().nullable(),
    releasedUnconfirmedAt: p.datetime().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [
    {
      name: 'assignments_one_active_per_job',
      expression:
        'create unique index "assignments_one_active_per_job" on "assignments" ("job_id") where status <> \'cancelled\'',
    },
  ],
  indexes: [
    { name: 'assignments_job_index', properties: ['job'] },
    { name: 'assignments_freelancer_status_index', properties: ['freelancer', 'status'] },
    // The admin's pending actions (check-in/out requests waiting), in the order that list reads them.
    {
      name: 'assignments_pending_requests_index',
      expression:
        'create index "assignments_pending_requests_index" on "assignments" ((case when checkout_requested_at is not null and check_out_at is null then checkout_requested_at else checkin_requested_at end), "id") where status in (\'assigned\', \'in_progress\') and ((checkin_requested_at is not null and check_in_at is null) or (checkout_requested_at is not null and check_out_at is null and check_in_at is not null))',
    },
  ],
  checks: [
    {
      name: 'assignments_amounts_not_negative',
      expression: 'restaurant_charge_cents >= 0 and freelancer_payout_cents >= 0 and commission_cents >= 0',
    },
    {
      name: 'assignments_commission_is_difference',
      expression: 'commission_cents = restaurant_charge_cents - freelancer_payout_cents',
    },
    {
      name: 'assignments_cancellation_fee_not_negative',
      expression: 'cancellation_fee_cents >= 0 and cancellation_payout_cents >= 0',
    },
    {
      name: 'assignments_completed_has_amounts',
      expression:
        "status <> 'completed' or (completed_at is not null and restaurant_charge_cents is not null and freelancer_payout_cents is not null and commission_cents is not null)",
    },
  ],
});
export type Assignment = InferEntity<typeof Assignment>;
