/**
 * Reads of timesheet proposals: those of one shift (for its two sides: the restaurant and freelancer
 * BFFs, each with its owner filter) and the disputed ones (the admin's "Disputas" queue). Plain
 * rows, bounded.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  toReais,
  type TimesheetDecision,
  type TimesheetProposer,
  type TimesheetStatus,
} from '@turno/domain';
import { proposalOnTheWire, type TimesheetProposalWire } from '@turno/contracts';
import { notFound } from '../shared/domain-error';
import type { SqlStatement } from '../shared/list-read';

/** A shift has few proposals (one open at a time); more than this is never shown. */
const PROPOSALS_PER_SHIFT_LIMIT = 50;
export const DISPUTED_TIMESHEETS_LIMIT_MAX = 100;

export interface TimesheetProposalRow {
  proposalId: number;
  assignmentId: number;
  status: TimesheetStatus;
  proposedBy: TimesheetProposer;
  checkInAt: Date;
  checkOutAt: Date;
  answerDeadline: Date;
  decision: TimesheetDecision | null;
  reason: string;
  createdAt: Date;
  disputeReason: string | null;
  decisionNote: string | null;
}

const PROPOSAL_COLUMNS = `p.id as "proposalId", p.assignment_id as "assignmentId", p.status, p.proposed_by as "proposedBy",
  p.check_in_at as "checkInAt", p.check_out_at as "checkOutAt", p.answer_deadline as "answerDeadline", p.decision,
  p.reason, p.created_at as "createdAt", p.dispute_reason as "disputeReason", p.decision_note as "decisionNote"`;

/**
 * The corrections of one shift, newest first, as the wire sends them; 404 "Turno não encontrado"
 * when the shift does not pass `owner` — the side's filter on the shift's assignment `a` and job `j`
 * (the restaurant BFF's `j.restaurant_id = ?`, the freelancer BFF's `a.freelancer_id = ?`). One
 * statement: whether the shift is the caller's and its proposals.
 */
export async function listShiftProposals(
  em: EntityManager,
  assignmentId: number,
  owner: SqlStatement,
): Promise<TimesheetProposalWire[]> {
  const rows = await em.getConnection().execute<(TimesheetProposalRow & { shiftId: number | null })[]>(
    `select s.id as "shiftId", p.*
     from (select 1) one
       left join (select a.id from assignments a join jobs j on j.id = a.job_id
                  where a.id = ? and ${owner.sql}) s on true
       left join lateral (
         select ${PROPOSAL_COLUMNS}
         from timesheet_proposals p where p.assignment_id = s.id
         order by p.created_at desc, p.id desc limit ?) p on true
     order by p."createdAt" desc, p."proposalId" desc`,
    [assignmentId, ...owner.params, PROPOSALS_PER_SHIFT_LIMIT],
  );
  if (rows[0]?.shiftId == null) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  return rows
    .filter((row) => row.proposalId !== null)
    .map(({ shiftId: _shift, ...row }) => proposalOnTheWire(withInstants(row)));
}

/** The driver answers timestamptz columns as text: the rows' instants as Date. */
function withInstants<T extends TimesheetProposalRow>(row: T): T {
  return {
    ...row,
    checkInAt: new Date(row.checkInAt),
    checkOutAt: new Date(row.checkOutAt),
    answerDeadline: new Date(row.answerDeadline),
    createdAt: new Date(row.createdAt),
  };
}

export interface DisputedTimesheetRow extends TimesheetProposalRow {
  jobId: number;
  jobTitle: string;
  dateNeeded: string;
  startTime: string;
  endTime: string;
  restaurantName: string;
  freelancerName: string;
  recordedCheckInAt: Date | null;
  recordedCheckOutAt: Date | null;
  restaurantPaymentAmount: number | null;
  freelancerPaymentAmount: number | null;
}

/** Disputed proposals waiting for an admin, oldest dispute first (bounded by `limit`, at most 100). */
export async function disputedTimesheets(em: EntityManager, limit = 50): Promise<DisputedTimesheetRow[]> {
  const rows = await em
    .getConnection()
    .execute<(DisputedTimesheetRow & { chargeCents: number | null; payoutCents: number | null })[]>(
      `select ${PROPOSAL_COLUMNS}, j.id as "jobId", j.title as "jobTitle", to_char(j.date_needed, 'YYYY-MM-DD') as "dateNeeded",
            j.start_time as "startTime", j.end_time as "endTime", r.business_name as "restaurantName", f.name as "freelancerName",
            a.check_in_at as "recordedCheckInAt", a.check_out_at as "recordedCheckOutAt",
            a.restaurant_charge_cents as "chargeCents", a.freelancer_payout_cents as "payoutCents"
       from timesheet_proposals p
       join assignments a on a.id = p.assignment_id
       join jobs j on j.id = a.job_id
       join restaurants r on r.id = j.restaurant_id
       join freelancers f on f.id = a.freelancer_id
      where p.status = 'disputed'
      order by p.updated_at, p.id
      limit ?`,
      [Math.min(Math.max(1, limit), DISPUTED_TIMESHEETS_LIMIT_MAX)],
    );
  return rows.map(({ chargeCents, payoutCents, ...row }) => ({
    ...withInstants(row),
    recordedCheckInAt: row.recordedCheckInAt === null ? null : new Date(row.recordedCheckInAt),
    recordedCheckOutAt: row.recordedCheckOutAt === null ? null : new Date(row.recordedCheckOutAt),
    restaurantPaymentAmount: chargeCents === null ? null : toReais(chargeCents),
    freelancerPaymentAmount: payoutCents === null ? null : toReais(payoutCents),
  }));
}
