import { z } from 'zod';
import { DATA_EXPORT_STATUSES } from '@turno/domain';
import { Id } from './common';

/**
 * "Baixar meus dados" (issue 27, LGPD art. 18 II and V): the shell BFF's /api/data-exports calls,
 * read by Perfil → "Privacidade" of both profiles. The file itself (GET …/:exportId/file) is a
 * ZIP, not JSON.
 */

/** One export as its person sees it. */
export const DataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100 while being prepared. */
  progress: z.number().int().min(0).max(100),
  size_bytes: z.number().int().nullable(),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  /** Until when the file may be downloaded (ready + 24 h), once. */
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  /** The law's deadline (requested + 15 days). */
  due_at: z.string(),
  /** Where the ZIP is downloaded from while ready (null otherwise). */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** GET /api/data-exports/current: the person's newest export, or null before the first. */
export const CurrentDataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type CurrentDataExportResponse = z.infer<typeof CurrentDataExportResponseSchema>;

/** POST /api/data-exports: nothing to send (the export is of the signed-in person). */
export const DataExportCreateRequestSchema = z.object({}).strict();
export type DataExportCreateRequest = z.infer<typeof DataExportCreateRequestSchema>;

/** Path of GET /api/data-exports/:exportId and …/file. */
export const DataExportParamsSchema = z.object({ exportId: Id });
