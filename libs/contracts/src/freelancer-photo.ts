import { z } from 'zod';
import { Id } from './common';

/**
 * The freelancer's profile photo (spec 01 §7: `POST /api/freelancers/upload-photo`, multipart field
 * `photo`; answers success, photoUrl, error, details) and the address it is shown at.
 */

/** 200: the photo is stored; `photoUrl` is where the screens show it (changes with every new photo). */
export const PhotoUploadResponseSchema = z.object({
  success: z.literal(true),
  photoUrl: z.string(),
  message: z.string(),
});
export type PhotoUploadResponse = z.infer<typeof PhotoUploadResponseSchema>;

/** 4xx: what went wrong (`error`, the sentence to show) and what to do about it (`details`). */
export const PhotoUploadErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.string().nullable(),
});
export type PhotoUploadError = z.infer<typeof PhotoUploadErrorSchema>;

/** GET /api/photos/:freelancerId (shell BFF): `v` is the photo's version, from its `photoUrl`. */
export const PhotoParamsSchema = z.object({ freelancerId: Id });
export const PhotoQuerySchema = z.object({ v: z.string().max(64).optional() });
