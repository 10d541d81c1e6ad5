import { AppealDecisionResponseSchema, type AppealDecisionRequest } from '@turno/contracts';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { sendBff } from '@turno/ui';

/** "Disputas" (issue 23): the queue and the decision of a strike's appeal. */
export const DISPUTES_URL = `${ADMIN_OPS_BFF}/disputes`;

export const decideAppeal = (strikeId: number, body: AppealDecisionRequest, fetchImpl?: typeof fetch) =>
  sendBff(`${ADMIN_OPS_BFF}/strikes/${strikeId}/appeal-decision`, {
    method: 'POST',
    body,
    schema: AppealDecisionResponseSchema,
    fetchImpl,
  });
