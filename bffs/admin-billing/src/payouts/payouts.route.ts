import { callerDataVersion, route } from '@turno/bff-kit';
import { XlsxStreamSchema, xlsxHeaders, xlsxStream } from '@turno/bff-kit/excel';
import {
  AdminPayoutsExportQuerySchema,
  AdminPayoutsPageSchema,
  AdminPayoutsQuerySchema,
  PayoutActionResponseSchema,
  PayoutIdParamsSchema,
  PayoutMarkPaidRequestSchema,
} from '@turno/contracts';
import { markPayoutPaidOutside, releaseHeldPayout, retryFailedPayout } from '@turno/core';
import { LIST_PAGE_SIZE_MAX, PAYOUT_MESSAGES } from '@turno/domain';
import { allAdminPayouts, listAdminPayoutsPage, payoutPeriod } from './payouts.queries';
import { payoutsExport, payoutsFileName } from './payouts-export';

/**
 * GET /api/admin/payouts?status&from&to&q&cursor&limit — one page of "Repasses" (issue 25) with the
 * filtered set's totals and its totals per day; `304` while nothing changed (every payout change
 * is a domain event, the admins' data version).
 */
export const listPayouts = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/payouts',
  query: AdminPayoutsQuerySchema,
  response: AdminPayoutsPageSchema,
  dataVersion: callerDataVersion,
  handler: ({ em, query }) => listAdminPayoutsPage(em, query, new Date()),
});

/** GET /api/admin/exports/payouts.xlsx?status&from&to&q — every payout of the list's filters, as a workbook. */
export const exportPayouts = route({
  method: 'get',
  access: 'admin',
  path: '/api/admin/exports/payouts.xlsx',
  query: AdminPayoutsExportQuerySchema,
  response: XlsxStreamSchema,
  handler: ({ em, query, ctx }) => {
    const now = new Date();
    const period = payoutPeriod(query, now);
    ctx.set(xlsxHeaders(payoutsFileName(query.status, period)));
    return xlsxStream(payoutsExport(query, period, allAdminPayouts(em, query, now, LIST_PAGE_SIZE_MAX)));
  },
});

/** POST /api/admin/payouts/{id}/retry — a failed payout's next attempt (409 unless failed, 404 unknown). */
export const retryPayout = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/payouts/:id/retry',
  params: PayoutIdParamsSchema,
  response: PayoutActionResponseSchema,
  handler: async ({ em, actor, params }) => ({
    ...(await retryFailedPayout(em, actor, params.id, new Date())),
    message: PAYOUT_MESSAGES.retried,
  }),
});

/** POST /api/admin/payouts/{id}/release — a held payout leaves now (409 unless held, 404 unknown). */
export const releasePayout = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/payouts/:id/release',
  params: PayoutIdParamsSchema,
  response: PayoutActionResponseSchema,
  handler: async ({ em, actor, params }) => ({
    ...(await releaseHeldPayout(em, actor, params.id)),
    message: PAYOUT_MESSAGES.released,
  }),
});

/**
 * POST /api/admin/payouts/{id}/mark-paid { reason } — paid outside the platform, with the reason
 * (400 without one; 409 when paid or being sent; 404 unknown).
 */
export const markPayoutPaid = route({
  method: 'post',
  access: 'admin',
  path: '/api/admin/payouts/:id/mark-paid',
  params: PayoutIdParamsSchema,
  body: PayoutMarkPaidRequestSchema,
  response: PayoutActionResponseSchema,
  handler: async ({ em, actor, params, body }) => ({
    ...(await markPayoutPaidOutside(em, actor, params.id, body.reason, new Date())),
    message: PAYOUT_MESSAGES.markedPaid,
  }),
});

export const PAYOUT_ROUTES = [listPayouts, exportPayouts, retryPayout, releasePayout, markPayoutPaid];
