/**
 * Proof of presence at check-in and check-out (issue 23): the freelancer sends the browser's
 * position or the store's presence code, and the step is recorded at once, with no manager:
 * - a position inside the store's geofence (libs/domain geofenceDecision) → method 'geofence' and
 *   the distance kept;
 * - the store's current (or previous) code, not claimed by another shift → method 'code'.
 * Outside the geofence, a store without coordinates or a wrong code are refused (409/400) with the
 * reason in pt-BR; the request-for-approval path (assignments.service.ts) stays the fallback.
 * Retrying a step that already happened answers the same state.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MESSAGES,
  checkInRequestAllowed,
  geofenceDecision,
  normalizePresenceCode,
  type AssignmentStatus,
  type CheckInMethod,
  type ReportedPosition,
} from '@turno/domain';
import { Assignment, Restaurant, type Job } from '../entities';
import type { Actor } from '../shared/actor';
import { actsForFreelancer, lockJobRow, requireRole } from '../shared/access';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { matchPresenceCode } from './presence-code';
import type { PresenceCodeClaims } from './presence-claims';
import { coordinate } from './store-location.service';
import { existingPresenceSecret } from './presence-secret.service';
import type { PresenceKeys } from './presence-keys';

export interface PresenceProof {
  position?: ReportedPosition | null;
  code?: string | null;
}

export interface PresenceDependencies {
  keys: PresenceKeys;
  claims: PresenceCodeClaims;
}

export type PresenceMethod = Extract<CheckInMethod, 'geofence' | 'code'>;

/** Where the shift stands after a presence check-in or check-out. */
export interface PresenceState {
  assignmentId: number;
  jobId: number;
  status: AssignmentStatus;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  /** How this step was proved (on a retry: how it was first recorded). */
  method: PresenceMethod | null;
  /** Metres from the store at a geofence step. */
  distanceM: number | null;
}

/**
 * The assignment (the freelancer's own: anything else is 404) after locking its job row, which
 * every shift transition takes first.
 */
export async function lockOwnAssignment(tx: EntityManager, actor: Actor, assignmentId: number) {
  const found = await tx.findOne(Assignment, { id: assignmentId }, { populate: ['job'] });
  const job =
    found && actsForFreelancer(actor, found.freelancer.id) ? await lockJobRow(tx, found.job.id) : null;
  if (!found || !job) throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  await tx.refresh(found);
  if (!actsForFreelancer(actor, found.freelancer.id))
    throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  if (found.status === 'cancelled') throw conflict('assignment_cancelled', MESSAGES.shifts.notYourShift);
  return { assignment: found, job };
}

/** Checks the proof against the job's store; answers how it was proved, or throws the pt-BR reason. */
export async function provePresence(
  tx: EntityManager,
  deps: PresenceDependencies,
  job: Job,
  assignmentId: number,
  proof: PresenceProof,
  now: Date,
): Promise<{ method: PresenceMethod; distanceM: number | null }> {
  const restaurantId = job.restaurant.id;
  if (proof.code !== undefined && proof.code !== null) {
    const code = normalizePresenceCode(proof.code);
    if (!code) throw invalid('presence_code_format', MESSAGES.presence.codeFormat);
    const secret = await existingPresenceSecret(tx, deps.keys, restaurantId);
    const step = secret ? matchPresenceCode(secret, code, now) : null;
    if (step === null) throw conflict('presence_code_invalid', MESSAGES.presence.codeInvalid);
    if (!(await deps.claims.claim(restaurantId, step, assignmentId)))
      throw conflict('presence_code_used', MESSAGES.presence.codeAlreadyUsed);
    return { method: 'code', distanceM: null };
  }
  if (!proof.position) throw invalid('presence_proof_missing', MESSAGES.presence.positionOrCodeRequired);
  const store = await tx.findOneOrFail(
    Restaurant,
    { id: restaurantId },
    { fields: ['latitude', 'longitude', 'geofenceRadiusM'] },
  );
  const decision = geofenceDecision(
    {
      latitude: coordinate(store.latitude),
      longitude: coordinate(store.longitude),
      radiusM: store.geofenceRadiusM ?? null,
    },
    proof.position,
  );
  if (decision.inside) return { method: 'geofence', distanceM: decision.distanceM };
  if (decision.reason === 'no_store_location')
    throw conflict('store_without_location', MESSAGES.presence.storeWithoutLocation);
  throw conflict('outside_geofence', MESSAGES.presence.outsideGeofence(decision.distanceM, decision.radiusM));
}

export function stateOf(
  assignment: Assignment,
  method: PresenceMethod | null,
  distanceM: number | null,
): PresenceState {
  return {
    assignmentId: assignment.id,
    jobId: assignment.job.id,
    status: assignment.status,
    checkInAt: assignment.checkInAt ?? null,
    checkOutAt: assignment.checkOutAt ?? null,
    method,
    distanceM,
  };
}

export const presenceMethodOf = (method: string | null | undefined): PresenceMethod | null =>
  method === 'geofence' || method === 'code' ? method : null;

/**
 * The freelancer checks in by presence, from 1 h before the start on: recorded at once
 * (in_progress, checkInMethod, checkInDistanceM) and the business hears it live ('check_in').
 */
export async function checkInByPresence(
  em: EntityManager,
  actor: Actor,
  deps: PresenceDependencies,
  assignmentId: number,
  proof: PresenceProof,
  now: Date = new Date(),
): Promise<PresenceState> {
  requireRole(actor, ['freelancer']);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockOwnAssignment(tx, actor, assignmentId);
    if (assignment.checkInAt) {
      return stateOf(
        assignment,
        presenceMethodOf(assignment.checkInMethod),
        assignment.checkInDistanceM ?? null,
      );
    }
    if (!checkInRequestAllowed({ date: job.dateNeeded, start: job.startTime }, now))
      throw conflict('check_in_too_early', MESSAGES.shifts.checkInTooEarly);
    const { method, distanceM } = await provePresence(tx, deps, job, assignment.id, proof, now);
    assignment.checkInAt = now;
    assignment.status = 'in_progress';
    assignment.checkInMethod = method;
    assignment.checkInDistanceM = distanceM;
    await recordEvent(tx, {
      type: 'check_in',
      restaurantId: job.restaurant.id,
      freelancerId: assignment.freelancer.id,
      payload: { jobId: job.id, assignmentId: assignment.id },
    });
    return stateOf(assignment, method, distanceM);
  });
}
