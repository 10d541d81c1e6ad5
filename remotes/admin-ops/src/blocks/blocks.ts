import {
  AdminBlockResponseSchema,
  AdminUnblockResponseSchema,
  type AdminBlockRequest,
  type AdminUnblockRequest,
} from '@turno/contracts';
import { ADMIN_OPS_BFF } from '../shared/bff';
import { sendBff } from '@turno/ui';

export const BLOCKS_URL = `${ADMIN_OPS_BFF}/blocks`;
export const BLOCK_FREELANCER_OPTIONS_URL = `${ADMIN_OPS_BFF}/freelancer-options?eligible=all&limit=200`;
export const BLOCK_RESTAURANT_OPTIONS_URL = `${ADMIN_OPS_BFF}/restaurant-options?eligible=all&limit=200`;

type F = typeof fetch | undefined;
export const blockFreelancer = (body: AdminBlockRequest, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/block-freelancer`, {
    method: 'POST',
    body,
    schema: AdminBlockResponseSchema,
    fetchImpl,
  });
export const unblockFreelancer = (body: AdminUnblockRequest, fetchImpl?: F) =>
  sendBff(`${ADMIN_OPS_BFF}/unblock-freelancer`, {
    method: 'POST',
    body,
    schema: AdminUnblockResponseSchema,
    fetchImpl,
  });
