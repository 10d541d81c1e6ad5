import { listShiftProposals, type EntityManager } from '@turno/core';
import type { TimesheetProposalWire } from '@turno/contracts';

/**
 * The corrections of one shift of the business, newest first, as the wire sends them; 404 when the
 * shift is not theirs: @turno/core's listShiftProposals (one statement) with the business's filter.
 */
export function listShiftTimesheets(
  em: EntityManager,
  restaurantId: number,
  assignmentId: number,
): Promise<TimesheetProposalWire[]> {
  return listShiftProposals(em, assignmentId, { sql: 'j.restaurant_id = ?', params: [restaurantId] });
}
