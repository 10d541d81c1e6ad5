import { AppealDecisionResponseSchema, type AppealDecisionRequest } from '@turno/contracts';
import { ADMIN_OPS_BFF, sendWrite } from '../shared/bff-write';

/** "Disputas" (issue 23): the queue and the decision of a strike's appeal. */
export const DISPUTES_URL = `${ADMIN_OPS_BFF}/disputes`;

export const decideAppeal = (strikeId: number, body: AppealDecisionRequest, fetchImpl?: typeof fetch) =>
  sendWrite(`${ADMIN_OPS_BFF}/strikes/${strikeId}/appeal-decision`, {
    method: 'POST',
    body,
    schema: AppealDecisionResponseSchema,
    fetchImpl,
  });
