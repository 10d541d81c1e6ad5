import { callerDataVersion, route } from '@turno/bff-kit';
import {
  AdminDisputesPageSchema,
  AdminDisputesQuerySchema,
  AppealDecisionRequestSchema,
  AppealDecisionResponseSchema,
  StrikeIdParamsSchema,
} from '@turno/contracts';
import { decideAppeal } from '@turno/core';
import { MESSAGES } from '@turno/domain';
import { listAdminDisputesPage } from './disputes.queries';

/**
 * GET /api/admin/disputes — "Disputas" (issue 23): the appeals waiting for a decision (the longest
 * waiting first) or the decided ones, a page at a time, filtered on the server. Each row says its
 * `kind` ('strike_appeal' today), so timesheet disputes can join the same queue.
 */
export const listDisputesRoute = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/disputes',
  query: AdminDisputesQuerySchema,
  response: AdminDisputesPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listAdminDisputesPage(em, query),
});

/**
 * POST /api/admin/strikes/:id/appeal-decision — the admin keeps ('uphold', "Manter") or removes
 * ('remove', "Remover ocorrência") an appealed strike, with a note the freelancer sees. Removing
 * lifts a suspension the strike caused. Audited with the decision and the note (`strikes:<id>`).
 */
export const decideAppealRoute = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/strikes/:id/appeal-decision',
  params: StrikeIdParamsSchema,
  body: AppealDecisionRequestSchema,
  response: AppealDecisionResponseSchema,
  audit: {
    records: () => [],
    answer: (result) => ({
      [`strikes:${result.dispute.id}`]: {
        freelancer_id: result.dispute.freelancer_id,
        reason: MESSAGES.reliability.reasonLabels[result.dispute.reason] ?? result.dispute.reason,
        status: result.dispute.status,
        decision_note: result.dispute.decision_note,
        suspended_until: result.suspended_until,
      },
    }),
  },
  handler: async ({ em, actor, params, body }) => {
    const { dispute, suspendedUntil } = await decideAppeal(em, actor, params.id, body);
    return {
      success: true as const,
      message:
        dispute.status === 'removed'
          ? MESSAGES.reliability.decidedRemoved
          : MESSAGES.reliability.decidedUpheld,
      dispute,
      suspended_until: suspendedUntil ? suspendedUntil.toISOString() : null,
    };
  },
});
