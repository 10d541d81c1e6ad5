import { jobsInScopeSql, listShiftProposals, type BusinessScope, type EntityManager } from '@turno/core';
import type { TimesheetProposalWire } from '@turno/contracts';

/**
 * The corrections of one shift of the business, newest first, as the wire sends them; 404 when the
 * shift is not theirs (a manager's or supervisor's: not of their stores): @turno/core's listShiftProposals (one statement) with the business's filter.
 */
export function listShiftTimesheets(
  em: EntityManager,
  scope: BusinessScope,
  assignmentId: number,
): Promise<TimesheetProposalWire[]> {
  return listShiftProposals(em, assignmentId, jobsInScopeSql('j', scope));
}
