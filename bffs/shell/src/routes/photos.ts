import { currentAdmin, currentUser, notFound, route, unauthenticated } from '@turno/bff-kit';
import { PhotoParamsSchema, PhotoQuerySchema } from '@turno/contracts';
import { photoStorage, readFreelancerPhoto, type PhotoViewer } from '@turno/core';
import { PHOTO_MESSAGES } from '@turno/domain';
import { z } from 'zod';

/**
 * GET /api/photos/:freelancerId — a freelancer's uploaded profile photo, for those allowed to see it
 * (the freelancer, a business they applied to or worked for, an admin; `readFreelancerPhoto` of
 * @turno/core). It lives on the shell BFF because every role's session reaches it: the freelancer,
 * restaurant and admin screens all render the same `photoUrl` (`/api/photos/12?v=…`) as a plain
 * `<img>`. The route is `public` for the kit because it takes a business, a freelancer or an admin
 * session (a combination no access level names); it checks them itself: no session 401, a caller
 * who may not see it (or no photo) 404 — the same answer, so nobody learns whose photo exists.
 * `Cache-Control: private`: browsers keep it for a day, shared caches never; a new photo has a new
 * `v`, so nobody sees the old one.
 */
export const freelancerPhoto = route({
  method: 'get',
  path: '/api/photos/:freelancerId',
  access: 'public',
  params: PhotoParamsSchema,
  query: PhotoQuerySchema,
  response: z.custom<Buffer>((value) => Buffer.isBuffer(value)),
  handler: async ({ ctx, em, sessions, params, query }) => {
    const user = await currentUser(ctx, sessions, em);
    const admin = await currentAdmin(ctx, sessions, em);
    if (!user && !admin) throw unauthenticated();
    const viewers = [user?.profile, admin].filter((viewer): viewer is PhotoViewer => Boolean(viewer));
    for (const viewer of viewers) {
      const photo = await readFreelancerPhoto(em, viewer, params.freelancerId, photoStorage());
      if (!photo) continue;
      ctx.type = photo.contentType;
      ctx.set('Cache-Control', query.v === photo.version ? 'private, max-age=86400' : 'private, no-cache');
      ctx.set('Vary', 'Cookie');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
      return photo.bytes;
    }
    throw notFound(PHOTO_MESSAGES.notFound);
  },
});
