import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { TIMESHEET_DECISIONS, TIMESHEET_PROPOSERS, TIMESHEET_STATUSES } from '@turno/domain';
import { createdAtColumn, updatedAtColumn } from '../shared/columns';
import { Assignment } from './assignment.entity';

/**
 * A corrected check-in/check-out proposed by one side of a completed shift (libs/domain
 * timesheets.ts): the other side accepts or disputes it; unanswered, it is accepted at
 * `answerDeadline`; disputed, an admin decides. At most one open (pending or disputed) per assignment.
 */
export const TimesheetProposal = defineEntity({
  name: 'TimesheetProposal',
  tableName: 'timesheet_proposals',
  properties: {
    id: p.integer().primary().autoincrement(),
    assignment: p.manyToOne(Assignment).ref().deleteRule('cascade'),
    proposedBy: p.enum([...TIMESHEET_PROPOSERS]),
    proposedByUserId: p.integer(),
    checkInAt: p.datetime(),
    checkOutAt: p.datetime(),
    reason: p.text(),
    status: p.enum([...TIMESHEET_STATUSES]).default('pending'),
    answerDeadline: p.datetime(),
    answeredAt: p.datetime().nullable(),
    answeredByUserId: p.integer().nullable(),
    disputeReason: p.text().nullable(),
    decision: p.enum([...TIMESHEET_DECISIONS]).nullable(),
    decisionNote: p.text().nullable(),
    decidedAt: p.datetime().nullable(),
    /** The deciding admin's id (admins.id). */
    decidedByUserId: p.integer().nullable(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  uniques: [
    {
      name: 'timesheet_proposals_one_open_per_assignment',
      expression:
        'create unique index "timesheet_proposals_one_open_per_assignment" on "timesheet_proposals" ("assignment_id") where status in (\'pending\', \'disputed\')',
    },
  ],
  indexes: [
    { name: 'timesheet_proposals_assignment_index', properties: ['assignment'] },
    { name: 'timesheet_proposals_status_deadline_index', properties: ['status', 'answerDeadline'] },
  ],
  checks: [{ name: 'timesheet_proposals_times_ordered', expression: 'check_in_at < check_out_at' }],
});
export type TimesheetProposal = InferEntity<typeof TimesheetProposal>;
