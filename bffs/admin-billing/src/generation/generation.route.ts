import { HttpError, notFound, route } from '@turno/bff-kit';
import {
  GenerateCustomRequestSchema,
  GenerateWeeklyRequestSchema,
  InvoiceGenerationRunSchema,
  InvoiceRunParamsSchema,
} from '@turno/contracts';
import { MESSAGES, customInvoicePeriodError } from '@turno/domain';
import {
  enqueueGenerationRun,
  generationJobData,
  readGenerationRun,
  type InvoiceGenerationRequest,
} from '@turno/workers';
import type { Redis } from 'ioredis';
import { invoiceQueue } from './invoice-queue';

/** Enqueues the run (or joins the one already asked for) and answers it as the screen reads it. */
async function startRun(redis: Redis, request: InvoiceGenerationRequest) {
  const queue = invoiceQueue(redis);
  const job = await enqueueGenerationRun(queue, generationJobData(request));
  const run = await readGenerationRun(queue, job.id!);
  if (!run) throw new Error(`generation run ${job.id} vanished after being enqueued`);
  return run;
}

/**
 * POST /api/admin/invoices/generate-weekly — { weekOffset 0…−3, timezone } (spec 02 §7). The
 * weekly invoices of that week are made by the worker (invoices queue), not in the request: the
 * answer (202) is the run, whose progress and result GET /api/admin/invoice-generation-runs/{runId}
 * tells. Two admins asking for the same week while it runs get the same run.
 */
export const generateWeekly = route({
  method: 'post',
  path: '/api/admin/invoices/generate-weekly',
  access: 'admin',
  body: GenerateWeeklyRequestSchema,
  response: InvoiceGenerationRunSchema,
  status: 202,
  handler: ({ actor, body, redis }) =>
    startRun(redis, { kind: 'weekly', adminId: actor.adminId, weekOffset: body.weekOffset }),
});

/**
 * POST /api/admin/invoices/generate-custom — { startDate, endDate, restaurantIds or null (all) }.
 * Missing dates or a start after the end are refused here with the modal's messages; the run is
 * then made like the weekly one.
 */
export const generateCustom = route({
  method: 'post',
  path: '/api/admin/invoices/generate-custom',
  access: 'admin',
  body: GenerateCustomRequestSchema,
  response: InvoiceGenerationRunSchema,
  status: 202,
  handler: ({ actor, body, redis }) => {
    const periodError = customInvoicePeriodError(body.startDate, body.endDate);
    if (periodError) throw new HttpError(400, periodError);
    const ids = body.restaurantIds && body.restaurantIds.length > 0 ? body.restaurantIds : null;
    return startRun(redis, {
      kind: 'custom',
      adminId: actor.adminId,
      startDate: body.startDate!,
      endDate: body.endDate!,
      restaurantIds: ids,
    });
  },
});

/** GET /api/admin/invoice-generation-runs/{runId} — a run's state, progress and result. */
export const generationRun = route({
  method: 'get',
  path: '/api/admin/invoice-generation-runs/:runId',
  access: 'admin',
  params: InvoiceRunParamsSchema,
  response: InvoiceGenerationRunSchema,
  handler: async ({ params, redis }) => {
    const run = await readGenerationRun(invoiceQueue(redis), params.runId);
    if (!run) throw notFound(MESSAGES.invoices.runNotFound);
    return run;
  },
});
