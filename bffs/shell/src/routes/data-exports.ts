import { HttpError, route } from '@turno/bff-kit';
import {
  CurrentDataExportResponseSchema,
  DataExportCreateRequestSchema,
  DataExportParamsSchema,
  DataExportSchema,
  type DataExport,
} from '@turno/contracts';
import {
  claimDataExportDownload,
  dataExportOfUser,
  forgetDataExportFile,
  latestDataExportOfUser,
  photoStorage,
  requestDataExport,
  type DataExportView,
} from '@turno/core';
import { DATA_EXPORT_MESSAGES, dataExportFileName } from '@turno/domain';
import { hashClientIp } from '@turno/server-runtime';
import { z } from 'zod';

/**
 * "Baixar meus dados" (issue 27, LGPD art. 18 II and V), in Perfil → "Privacidade" of both
 * profiles: ask for an export, follow its progress (the page polls every 2 s while it is being
 * prepared), download the ZIP once, within 24 hours, with the session of the person it is about.
 * Another person's export is 404 (as one that does not exist); a used or expired link is 410.
 * The workers build it (services/workers data-exports queue); the rows are in `data_exports`.
 */

const fileUrl = (id: number) => `/api/data-exports/${id}/file`;

function wire(view: DataExportView): DataExport {
  return {
    id: view.id,
    status: view.status,
    progress: view.progress,
    size_bytes: view.sizeBytes,
    requested_at: view.requestedAt.toISOString(),
    ready_at: view.readyAt?.toISOString() ?? null,
    expires_at: view.expiresAt?.toISOString() ?? null,
    downloaded_at: view.downloadedAt?.toISOString() ?? null,
    due_at: view.dueAt.toISOString(),
    download_url: view.status === 'ready' ? fileUrl(view.id) : null,
  };
}

/** GET /api/data-exports/current — the person's newest export (null before the first). */
export const dataExportCurrent = route({
  method: 'get',
  path: '/api/data-exports/current',
  access: 'user',
  response: CurrentDataExportResponseSchema,
  handler: async ({ em, actor }) => {
    const view = await latestDataExportOfUser(em, actor.userId);
    return { export: view ? wire(view) : null };
  },
});

/**
 * POST /api/data-exports — asks for an export of everything held about the signed-in person; while
 * one is open (queued, being prepared, or ready and not downloaded) it is answered instead.
 */
export const dataExportRequest = route({
  method: 'post',
  path: '/api/data-exports',
  access: 'user',
  rateLimit: 'profileWrite',
  body: DataExportCreateRequestSchema,
  response: DataExportSchema,
  status: 202,
  handler: async ({ ctx, em, actor }) =>
    wire(
      await requestDataExport(em, {
        userId: actor.userId,
        requestId: (ctx.state.requestId as string | undefined) ?? null,
        ipHash: hashClientIp(ctx.ip),
      }),
    ),
});

/** GET /api/data-exports/:exportId — one export's state and progress (another person's: 404). */
export const dataExportRead = route({
  method: 'get',
  path: '/api/data-exports/:exportId',
  access: 'user',
  params: DataExportParamsSchema,
  response: DataExportSchema,
  handler: async ({ em, actor, params }) => {
    const view = await dataExportOfUser(em, actor.userId, params.exportId);
    if (!view) throw new HttpError(404, DATA_EXPORT_MESSAGES.notFound);
    return wire(view);
  },
});

/**
 * GET /api/data-exports/:exportId/file — the ZIP, once: the row is marked downloaded before the
 * bytes leave, and the file is removed from storage right after. 404 another person's id, 409 not
 * ready, 410 used or past 24 h (pt-BR). Same-origin only (a link on another site cannot use it up).
 */
export const dataExportFile = route({
  method: 'get',
  path: '/api/data-exports/:exportId/file',
  access: 'user',
  sameOriginOnly: true,
  params: DataExportParamsSchema,
  response: z.custom<Buffer>((value) => Buffer.isBuffer(value)),
  handler: async ({ ctx, em, actor, params }) => {
    const storage = photoStorage();
    const claimed = await claimDataExportDownload(em, actor.userId, params.exportId);
    const file = await storage.get(claimed.storageKey);
    if (!file) throw new HttpError(410, DATA_EXPORT_MESSAGES.fileMissing);
    // Removed now; should storage refuse, the workers' sweep removes it (the row says downloaded).
    await storage.delete(claimed.storageKey).then(
      () => forgetDataExportFile(em, params.exportId, claimed.storageKey),
      () => undefined,
    );
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="${dataExportFileName(claimed.readyAt)}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    return file.bytes;
  },
});

export const dataExportRoutes = [dataExportCurrent, dataExportRequest, dataExportRead, dataExportFile];
