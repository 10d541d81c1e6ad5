import {
  AcceptApplicationResponseSchema,
  AdminAssignResponseSchema,
  AdminJobDeletedSchema,
  AdminJobUpdateResponseSchema,
  ApproveCheckoutResponseSchema,
  RejectApplicationResponseSchema,
  ShiftStateSchema,
  type AdminJobUpdateRequest,
} from '@turno/contracts';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { sendBff } from '@turno/ui';

/** The command centre's writes (spec 02 §7), each answered with its contract. */

export const FREELANCER_OPTIONS_URL = `${ADMIN_OPS_BFF}/freelancer-options`;

type F = typeof fetch | undefined;
const assignmentUrl = (id: number) => `${ADMIN_OPS_BFF}/assignments/${id}`;

export const assignFreelancer = (jobId: number, freelancerId: number, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/assignments`, {
    method: 'POST',
    body: { jobId, freelancerId },
    schema: AdminAssignResponseSchema,
    fetchImpl,
  });
export const unassignFreelancer = (assignmentId: number, fetchImpl?: F) =>
  sendBff(assignmentUrl(assignmentId), { method: 'DELETE', schema: ShiftStateSchema, fetchImpl });
export const approveCheckIn = (assignmentId: number, fetchImpl?: F) =>
  sendBff(`${assignmentUrl(assignmentId)}/approve-checkin`, {
    method: 'POST',
    schema: ShiftStateSchema,
    fetchImpl,
  });
/** `reason`: a correction outside the shift's window (kept in the audit trail). */
export const manualCheckIn = (assignmentId: number, fetchImpl?: F, reason?: string) =>
  sendBff(`${assignmentUrl(assignmentId)}/checkin`, {
    method: 'POST',
    body: reason ? { reason } : undefined,
    schema: ShiftStateSchema,
    fetchImpl,
  });
export const approveCheckOut = (assignmentId: number, fetchImpl?: F) =>
  sendBff(`${assignmentUrl(assignmentId)}/approve-checkout`, {
    method: 'POST',
    schema: ApproveCheckoutResponseSchema,
    fetchImpl,
  });
export const manualCheckOut = (assignmentId: number, fetchImpl?: F, reason?: string) =>
  sendBff(`${assignmentUrl(assignmentId)}/checkout`, {
    method: 'POST',
    body: reason ? { reason } : undefined,
    schema: ApproveCheckoutResponseSchema,
    fetchImpl,
  });
export const deleteJob = (jobId: number, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/jobs/${jobId}`, { method: 'DELETE', schema: AdminJobDeletedSchema, fetchImpl });
export const updateJob = (jobId: number, body: AdminJobUpdateRequest, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/jobs/${jobId}`, {
    method: 'PUT',
    body,
    schema: AdminJobUpdateResponseSchema,
    fetchImpl,
  });
export const acceptApplication = (applicationId: number, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/applications/${applicationId}/accept`, {
    method: 'POST',
    schema: AcceptApplicationResponseSchema,
    fetchImpl,
  });
export const rejectApplication = (applicationId: number, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/applications/${applicationId}/reject`, {
    method: 'POST',
    schema: RejectApplicationResponseSchema,
    fetchImpl,
  });
