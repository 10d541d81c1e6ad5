import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ASSIGNMENT_STATUSES } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Freelancer } from '../accounts/freelancer.entity';
import { Job } from '../jobs/job.entity';

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
      name: 'assignments_completed_has_amounts',
      expression:
        "status <> 'completed' or (completed_at is not null and restaurant_charge_cents is not null and freelancer_payout_cents is not null and commission_cents is not null)",
    },
  ],
});
export type Assignment = InferEntity<typeof Assignment>;
