import { route } from '@turno/bff-kit';
import { PhotoUploadResponseSchema } from '@turno/contracts';
import { photoStorage, saveFreelancerPhoto } from '@turno/core';
import { MESSAGES, PHOTO_MESSAGES } from '@turno/domain';
import { readFileField } from '../multipart';

const DETAILS: Record<string, string> = {
  photo_not_image: PHOTO_MESSAGES.notImageDetails,
  photo_too_large: PHOTO_MESSAGES.tooLargeDetails,
  photo_too_small: PHOTO_MESSAGES.tooSmallDetails,
  photo_unreadable: PHOTO_MESSAGES.unreadableDetails,
};

/**
 * POST /api/freelancers/upload-photo — multipart, field `photo` (spec 01 §7). The file is read while
 * it streams in (5 MB at most, `multipart.ts`), checked by its content, re-encoded without metadata
 * and stored (`saveFreelancerPhoto` of @turno/core). Answers `{ success, photoUrl, message }`;
 * refusals `{ success: false, error, details }` (400, 413).
 */
export const uploadPhoto = route({
  method: 'post',
  path: '/api/freelancers/upload-photo',
  access: 'freelancer',
  rateLimit: 'photoUpload',
  response: PhotoUploadResponseSchema,
  handler: async ({ em, actor, ctx }) => {
    const bytes = await readFileField(ctx, 'photo');
    try {
      const saved = await saveFreelancerPhoto(em, actor, bytes, photoStorage());
      return { success: true as const, photoUrl: saved.photoUrl, message: MESSAGES.photos.uploaded };
    } catch (error) {
      ctx.state.uploadDetails = DETAILS[(error as { code?: string }).code ?? ''] ?? null;
      throw error;
    }
  },
});
