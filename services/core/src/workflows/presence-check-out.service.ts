import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import type { Actor } from '../shared/actor';
import { requireRole } from '../shared/access';
import { conflict } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { completeAssignment } from '../assignments/assignments.service';
import {
  factsState,
  lockOwnAssignment,
  readShiftFacts,
  presenceMethodOf,
  provePresence,
  stateOf,
  type PresenceDependencies,
  type PresenceProof,
  type PresenceState,
} from '../presence/presence-check.service';

/**
 * The freelancer checks out by presence (the store code, or a position inside the geofence): the
 * shift is completed at once, paid by the worked time (libs/domain shiftPay, 'worked'), through
 * `completeAssignment` like every other way a shift ends. A retry answers the completed state.
 */
export async function checkOutByPresence(
  em: EntityManager,
  actor: Actor,
  deps: PresenceDependencies,
  assignmentId: number,
  proof: PresenceProof,
  now: Date = new Date(),
): Promise<PresenceState> {
  requireRole(actor, ['freelancer']);
  const facts = await readShiftFacts(em, actor, assignmentId);
  if (facts.status === 'completed') return factsState(facts, presenceMethodOf(facts.checkOutMethod), null);
  if (!facts.checkInAt) throw conflict('check_in_required', MESSAGES.shifts.checkInRequired);
  const { method, distanceM } = await provePresence(deps, facts, proof, now);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockOwnAssignment(tx, actor, assignmentId);
    if (assignment.status === 'completed') {
      return stateOf(assignment, presenceMethodOf(assignment.checkOutMethod), null);
    }
    if (!assignment.checkInAt) throw conflict('check_in_required', MESSAGES.shifts.checkInRequired);
    await completeAssignment(tx, {
      assignment,
      job,
      checkOutAt: now,
      checkOutMethod: method,
      payBasis: 'worked',
    });
    return stateOf(assignment, method, distanceM);
  });
}
