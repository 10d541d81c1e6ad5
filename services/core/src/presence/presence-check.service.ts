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
import { Assignment } from '../model';
import type { Actor } from '../shared/actor';
import { actsForFreelancer, requireRole } from '../shared/access';
import { lockJobRow } from '../rows/job-lock';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { recordEvent } from '../events/record-event';
import { matchPresenceCode } from './presence-code';
import type { PresenceCodeClaims } from './presence-claims';
import { coordinate } from './store-location.service';
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

/**
 * What a decision needs of a shift, read in one query without locks (most calls are refusals or
 * retries, which then never take the job's lock): 404 when it is not the caller's, 409 when it
 * was released.
 */
export interface ShiftFacts {
  assignmentId: number;
  jobId: number;
  status: AssignmentStatus;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  checkInMethod: string | null;
  checkInDistanceM: number | null;
  checkOutMethod: string | null;
  date: string;
  start: string;
  restaurantId: number;
  /** The vacancy's store: its presence code is the one accepted (issue 28). */
  storeId: number;
  latitude: number | null;
  longitude: number | null;
  radiusM: number | null;
  sealedSecret: string | null;
}

export async function readShiftFacts(
  em: EntityManager,
  actor: Actor,
  assignmentId: number,
): Promise<ShiftFacts> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select a.id, a.freelancer_id, a.status, a.check_in_at, a.check_out_at, a.check_in_method,
            a.check_in_distance_m, a.check_out_method, j.id as job_id,
            to_char(j.date_needed, 'YYYY-MM-DD') as date_needed, j.start_time, r.id as restaurant_id,
            j.store_id, r.latitude, r.longitude, r.geofence_radius_m, s.presence_secret_sealed
       from assignments a join jobs j on j.id = a.job_id join restaurants r on r.id = j.restaurant_id
       join stores s on s.id = j.store_id
      where a.id = ?`,
    [assignmentId],
  );
  if (!row || !actsForFreelancer(actor, Number(row.freelancer_id)))
    throw notFound('assignment_not_found', MESSAGES.assignments.notFound);
  if (row.status === 'cancelled') throw conflict('assignment_cancelled', MESSAGES.shifts.notYourShift);
  const instant = (value: unknown) => (value ? new Date(value as string | Date) : null);
  return {
    assignmentId: Number(row.id),
    jobId: Number(row.job_id),
    status: row.status as AssignmentStatus,
    checkInAt: instant(row.check_in_at),
    checkOutAt: instant(row.check_out_at),
    checkInMethod: (row.check_in_method as string | null) ?? null,
    checkInDistanceM: row.check_in_distance_m === null ? null : Number(row.check_in_distance_m),
    checkOutMethod: (row.check_out_method as string | null) ?? null,
    date: String(row.date_needed),
    start: String(row.start_time),
    restaurantId: Number(row.restaurant_id),
    storeId: Number(row.store_id),
    latitude: coordinate(row.latitude as number | string | null),
    longitude: coordinate(row.longitude as number | string | null),
    radiusM: row.geofence_radius_m === null ? null : Number(row.geofence_radius_m),
    sealedSecret: (row.presence_secret_sealed as string | null) ?? null,
  };
}

/** Checks the proof against the shift's store; answers how it was proved, or throws the pt-BR reason. */
export async function provePresence(
  deps: PresenceDependencies,
  facts: ShiftFacts,
  proof: PresenceProof,
  now: Date,
): Promise<{ method: PresenceMethod; distanceM: number | null }> {
  if (proof.code !== undefined && proof.code !== null) {
    const code = normalizePresenceCode(proof.code);
    if (!code) throw invalid('presence_code_format', MESSAGES.presence.codeFormat);
    const secret = deps.keys.open(facts.storeId, facts.sealedSecret);
    const step = secret ? matchPresenceCode(secret, code, now) : null;
    if (step === null) throw conflict('presence_code_invalid', MESSAGES.presence.codeInvalid);
    if (!(await deps.claims.claim(facts.storeId, step, facts.assignmentId)))
      throw conflict('presence_code_used', MESSAGES.presence.codeAlreadyUsed);
    return { method: 'code', distanceM: null };
  }
  if (!proof.position) throw invalid('presence_proof_missing', MESSAGES.presence.positionOrCodeRequired);
  const decision = geofenceDecision(
    { latitude: facts.latitude, longitude: facts.longitude, radiusM: facts.radiusM },
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
  const facts = await readShiftFacts(em, actor, assignmentId);
  if (facts.checkInAt)
    return factsState(facts, presenceMethodOf(facts.checkInMethod), facts.checkInDistanceM);
  if (!checkInRequestAllowed({ date: facts.date, start: facts.start }, now))
    throw conflict('check_in_too_early', MESSAGES.shifts.checkInTooEarly);
  const { method, distanceM } = await provePresence(deps, facts, proof, now);
  return inTransaction(em, async (tx) => {
    const { assignment, job } = await lockOwnAssignment(tx, actor, assignmentId);
    if (assignment.checkInAt) {
      return stateOf(
        assignment,
        presenceMethodOf(assignment.checkInMethod),
        assignment.checkInDistanceM ?? null,
      );
    }
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

/** The state of a shift as read by `readShiftFacts` (a retry answered without a lock). */
export function factsState(
  facts: ShiftFacts,
  method: PresenceMethod | null,
  distanceM: number | null,
): PresenceState {
  return {
    assignmentId: facts.assignmentId,
    jobId: facts.jobId,
    status: facts.status,
    checkInAt: facts.checkInAt,
    checkOutAt: facts.checkOutAt,
    method,
    distanceM,
  };
}
