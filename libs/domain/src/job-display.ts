/**
 * What a job card shows, derived from the job's fields (spec 02 §3 and §4, spec 01 §2).
 * Fields are the snake_case ones of the wire; timestamps may be ISO strings or Dates.
 */
import { parseInstant, saoPauloTime } from './time';

type Timestamp = string | Date | null | undefined;

/** The job fields the display rules read. */
export interface JobProgress {
  status: string;
  is_assigned?: boolean | number | null;
  assignment_status?: string | null;
  on_the_way_time?: Timestamp;
  freelancer_checkin_request_time?: Timestamp;
  check_in_time?: Timestamp;
  freelancer_checkout_request_time?: Timestamp;
  check_out_time?: Timestamp;
}

export type JobDisplayState =
  | 'Concluída'
  | 'Cancelada'
  | 'Aguardando Aprovação Check-out'
  | 'Em Andamento'
  | 'Aguardando Aprovação Check-in'
  | `A Caminho (${string})`
  | 'A Caminho'
  | 'Alocada'
  | 'Aberta';

function isSet(value: Timestamp): boolean {
  return value !== null && value !== undefined && value !== '';
}

function isCompleted(job: JobProgress): boolean {
  return job.status === 'completed' || job.assignment_status === 'completed';
}

function isAssigned(job: JobProgress): boolean {
  return Boolean(job.is_assigned) || job.status === 'assigned';
}

/**
 * The admin display label, in this precedence:
 * 1. completed → 'Concluída';
 * 2. check-out requested, no check-out → 'Aguardando Aprovação Check-out';
 * 3. checked in → 'Em Andamento';
 * 4. check-in requested, no check-in → 'Aguardando Aprovação Check-in';
 * 5. on the way, no check-in → 'A Caminho (HH:MM)' (Sao Paulo time of on_the_way_time);
 * 6. otherwise, when assigned → 'Alocada'.
 * Unassigned jobs show 'Aberta'; a cancelled job shows 'Cancelada'.
 */
export function jobDisplayState(job: JobProgress): JobDisplayState {
  if (isCompleted(job)) return 'Concluída';
  if (job.status === 'cancelled') return 'Cancelada';
  if (!isAssigned(job)) return 'Aberta';
  if (isSet(job.freelancer_checkout_request_time) && !isSet(job.check_out_time))
    return 'Aguardando Aprovação Check-out';
  if (isSet(job.check_in_time)) return 'Em Andamento';
  if (isSet(job.freelancer_checkin_request_time)) return 'Aguardando Aprovação Check-in';
  if (isSet(job.on_the_way_time)) {
    const onTheWayAt = parseInstant(job.on_the_way_time);
    return onTheWayAt ? `A Caminho (${saoPauloTime(onTheWayAt)})` : 'A Caminho';
  }
  return 'Alocada';
}

/** A job needs the admin or the business: a check-in request without check-in, or a check-out request without check-out. */
export function hasPendingAction(job: JobProgress): boolean {
  if (isCompleted(job) || job.status === 'cancelled') return false;
  const checkInPending = isSet(job.freelancer_checkin_request_time) && !isSet(job.check_in_time);
  const checkOutPending = isSet(job.freelancer_checkout_request_time) && !isSet(job.check_out_time);
  return checkInPending || checkOutPending;
}

/** 'Aprovar Check-in' is offered while a check-in request exists and there is no check-in yet. */
export function canApproveCheckIn(job: JobProgress): boolean {
  return (
    isAssigned(job) &&
    !isCompleted(job) &&
    isSet(job.freelancer_checkin_request_time) &&
    !isSet(job.check_in_time)
  );
}

/** A manual check-in is offered when the job is assigned and not yet checked in. */
export function canManualCheckIn(job: JobProgress): boolean {
  return isAssigned(job) && !isCompleted(job) && job.status !== 'cancelled' && !isSet(job.check_in_time);
}

/** 'Aprovar Check-out' is offered when a check-out request exists, there is no check-out yet and a check-in exists. */
export function canApproveCheckOut(job: JobProgress): boolean {
  return (
    isAssigned(job) &&
    !isCompleted(job) &&
    isSet(job.freelancer_checkout_request_time) &&
    !isSet(job.check_out_time) &&
    isSet(job.check_in_time)
  );
}

/** A manual check-out is offered when checked in and not checked out. */
export function canManualCheckOut(job: JobProgress): boolean {
  return isAssigned(job) && !isCompleted(job) && isSet(job.check_in_time) && !isSet(job.check_out_time);
}

export type FreelancerShiftBadge =
  'Alocado' | 'A caminho' | 'Check-in solicitado' | 'Em trabalho' | 'Check-out solicitado' | 'Concluído';

/** The badge of a job on the freelancer's "Trabalhos" tab (spec 01 §2), same precedence as jobDisplayState. */
export function freelancerShiftBadge(job: JobProgress): FreelancerShiftBadge {
  if (isCompleted(job)) return 'Concluído';
  if (isSet(job.freelancer_checkout_request_time) && !isSet(job.check_out_time))
    return 'Check-out solicitado';
  if (isSet(job.check_in_time)) return 'Em trabalho';
  if (isSet(job.freelancer_checkin_request_time)) return 'Check-in solicitado';
  if (isSet(job.on_the_way_time)) return 'A caminho';
  return 'Alocado';
}
