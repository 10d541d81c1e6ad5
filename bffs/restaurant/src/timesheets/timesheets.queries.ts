import { notFound, type EntityManager } from '@turno/core';
import { proposalOnTheWire, type TimesheetProposalWire } from '@turno/contracts';
import {
  MESSAGES,
  type TimesheetDecision,
  type TimesheetProposer,
  type TimesheetStatus,
} from '@turno/domain';

/** A shift has few proposals (one open at a time); more than this is never shown (as in @turno/core). */
const PROPOSALS_PER_SHIFT_LIMIT = 50;

interface ProposalDbRow {
  shiftId: number | null;
  proposalId: number | null;
  assignmentId: number;
  status: TimesheetStatus;
  proposedBy: TimesheetProposer;
  checkInAt: string;
  checkOutAt: string;
  answerDeadline: string;
  decision: TimesheetDecision | null;
  reason: string;
  createdAt: string;
  disputeReason: string | null;
  decisionNote: string | null;
}

/**
 * The corrections of one shift of the business, newest first, as the wire sends them; 404 when the shift
 * is not theirs. One statement: whether the shift is theirs and its proposals (the rows of
 * @turno/core's timesheetProposalsOfShift, which reads them in two).
 */
export async function listShiftTimesheets(
  em: EntityManager,
  restaurantId: number,
  assignmentId: number,
): Promise<TimesheetProposalWire[]> {
  const rows = await em.getConnection().execute<ProposalDbRow[]>(
    `select s.id as "shiftId", p.*
     from (select 1) one
       left join (select a.id from assignments a join jobs j on j.id = a.job_id
                  where a.id = ? and j.restaurant_id = ?) s on true
       left join lateral (
         select p.id as "proposalId", p.assignment_id as "assignmentId", p.status, p.proposed_by as "proposedBy",
           p.check_in_at as "checkInAt", p.check_out_at as "checkOutAt", p.answer_deadline as "answerDeadline",
           p.decision, p.reason, p.created_at as "createdAt", p.dispute_reason as "disputeReason",
           p.decision_note as "decisionNote"
         from timesheet_proposals p where p.assignment_id = s.id
         order by p.created_at desc, p.id desc limit ?) p on true
     order by p."createdAt" desc, p."proposalId" desc`,
    [assignmentId, restaurantId, PROPOSALS_PER_SHIFT_LIMIT],
  );
  if (rows[0]?.shiftId == null) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  return rows
    .filter((row) => row.proposalId !== null)
    .map(({ shiftId: _shift, proposalId, ...row }) =>
      proposalOnTheWire({
        ...row,
        proposalId: proposalId!,
        checkInAt: new Date(row.checkInAt),
        checkOutAt: new Date(row.checkOutAt),
        answerDeadline: new Date(row.answerDeadline),
        createdAt: new Date(row.createdAt),
      }),
    );
}
