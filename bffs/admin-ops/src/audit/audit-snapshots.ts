import type { RouteAudit } from '@turno/bff-kit';
import { relatedAuditIds, type AuditRecordRef, type AuditRecordType } from '@turno/core';

/**
 * Before/after values of every admin-ops action in the audit trail (issue 12): which records each
 * route changes, by `METHOD path`. `withAuditSnapshots` (bff-kit) attaches them to the routes and
 * refuses a key that names no route. The fields read per record are listed in
 * services/core/src/audit/audit-snapshots.ts (no CPF, Pix key, phone or address).
 */

const ref = (type: AuditRecordType, id: number | null | undefined): AuditRecordRef[] =>
  id === null || id === undefined ? [] : [{ type, id }];
const refs = (type: AuditRecordType, ids: readonly number[]) => ids.map((id) => ({ type, id }));

interface IdParams {
  id: number;
}
type Pair = { freelancerId?: number | null; restaurantId?: number | null };

/** The record in the path (`/:id`) of this kind. */
const pathRecord = (type: AuditRecordType): RouteAudit<IdParams> => ({
  records: ({ params }) => ref(type, params.id),
});

/** An assignment and its job (a check-out completes both; an unassignment opens the job again). */
const assignmentAndJob: RouteAudit<IdParams> = {
  records: async ({ params, em }) => [
    ...ref('assignments', params.id),
    ...refs('jobs', await relatedAuditIds(em, 'jobOfAssignment', [params.id])),
  ],
};

/**
 * A manual check-in/out outside the shift's window (issue 22): the reason the admin gave, as a
 * record of its own in `after` ("Correção manual #<assignment>"), so the Auditoria screen shows it.
 * The handler passes it beside its answer (`correctionReason`, not part of the response schema).
 */
const withCorrectionReason = (audit: RouteAudit<IdParams>): RouteAudit<IdParams, unknown, Correction> => ({
  ...audit,
  answer: (result) =>
    result.correctionReason
      ? { [`corrections:${result.assignmentId}`]: { correction_reason: result.correctionReason } }
      : {},
});
interface Correction {
  assignmentId: number;
  correctionReason?: string | null;
}

/** The block of a (freelancer, business) pair: absent before a block, absent after an unblock. */
const blockOfPair: RouteAudit<unknown, Pair> = {
  records: async ({ body, em }) =>
    refs('blocks', await relatedAuditIds(em, 'blockOfPair', [body.freelancerId, body.restaurantId])),
};

/** Accepting an application: it, its job (now assigned) and the assignment made. */
const acceptedApplication: RouteAudit<IdParams, unknown, { assignmentId: number }> = {
  records: async ({ params, em, result }) => [
    ...ref('applications', params.id),
    ...refs('jobs', await relatedAuditIds(em, 'jobOfApplication', [params.id])),
    ...ref('assignments', result?.assignmentId),
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const ADMIN_OPS_AUDIT: Record<string, RouteAudit<any, any, any>> = {
  'POST /api/admin/jobs': {
    records: ({ result }) => refs('jobs', (result as { jobIds: number[] } | undefined)?.jobIds ?? []),
  } satisfies RouteAudit,
  'PUT /api/admin/jobs/:id': pathRecord('jobs'),
  'DELETE /api/admin/jobs/:id': pathRecord('jobs'),
  'POST /api/admin/applications/:id/accept': acceptedApplication,
  'POST /api/admin/applications/:id/reject': pathRecord('applications'),
  'POST /api/admin/assignments': {
    records: ({ body, result }) => [...ref('jobs', body.jobId), ...ref('assignments', result?.assignmentId)],
  } satisfies RouteAudit<unknown, { jobId: number }, { assignmentId: number }>,
  'DELETE /api/admin/assignments/:id': assignmentAndJob,
  'POST /api/admin/assignments/:id/checkin': withCorrectionReason(pathRecord('assignments')),
  'POST /api/admin/assignments/:id/approve-checkin': pathRecord('assignments'),
  'POST /api/admin/assignments/:id/checkout': withCorrectionReason(assignmentAndJob),
  'POST /api/admin/assignments/:id/approve-checkout': assignmentAndJob,
  'POST /api/admin/restaurants/:id/approve': pathRecord('restaurants'),
  'POST /api/admin/restaurants/:id/reject': pathRecord('restaurants'),
  'PUT /api/admin/restaurants/:id': pathRecord('restaurants'),
  'DELETE /api/admin/restaurants/:id': pathRecord('restaurants'),
  'POST /api/admin/freelancers': {
    records: ({ result }) => ref('freelancers', result?.freelancerId),
  } satisfies RouteAudit<unknown, unknown, { freelancerId: number }>,
  'PUT /api/admin/freelancers/:id': pathRecord('freelancers'),
  'POST /api/admin/freelancers/:id/approve': pathRecord('freelancers'),
  'POST /api/admin/freelancers/:id/reject': pathRecord('freelancers'),
  'DELETE /api/admin/freelancers/:id': pathRecord('freelancers'),
  'POST /api/admin/vetting/:id/reject': pathRecord('freelancers'),
  'POST /api/admin/timesheets/:id/decide': {
    records: async ({ params, em }) =>
      refs('assignments', await relatedAuditIds(em, 'assignmentOfTimesheet', [params.id])),
  } satisfies RouteAudit<IdParams>,
  'POST /api/admin/block-freelancer': blockOfPair,
  'POST /api/admin/unblock-freelancer': blockOfPair,
};
