import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MESSAGES } from '@turno/domain';
import { Freelancer } from '../model';
import { restaurantsOfFreelancer } from '../events/job-audience';
import { eventRows, recordEvents } from '../events/record-event';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { notFound } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { preparePhoto } from './photo-image';
import { freelancerPhotoKey, freelancerPhotoUrl, uploadedPhotoVersion } from './photo-keys';
import type { PhotoStorage, StoredPhoto } from './photo-storage';

const freelancerNotFound = () => notFound('freelancer_not_found', MESSAGES.freelancers.notFound);

export interface SavedPhoto {
  photoUrl: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * A freelancer replaces their profile photo: checked and re-encoded (`preparePhoto`), stored under a
 * new random version, then the profile points at it in one transaction with its
 * `freelancer_updated` event (the banners and the screens of the businesses related to them follow). The previous
 * uploaded photo is removed after the commit; a failed commit removes the new one.
 */
export async function saveFreelancerPhoto(
  em: EntityManager,
  actor: Actor,
  upload: Uint8Array,
  storage: PhotoStorage,
): Promise<SavedPhoto> {
  requireRole(actor, ['freelancer']);
  const { freelancerId } = actor;
  const photo = await preparePhoto(upload);
  const version = randomBytes(12).toString('hex');
  const key = freelancerPhotoKey(freelancerId, version);
  const photoUrl = freelancerPhotoUrl(freelancerId, version);
  await storage.put(key, photo.bytes, photo.contentType);
  let previous: string | null = null;
  try {
    await inTransaction(em, async (tx) => {
      const freelancer = await tx.findOne(Freelancer, { id: freelancerId });
      if (!freelancer) throw freelancerNotFound();
      previous = uploadedPhotoVersion(freelancer.profilePhotoUrl, freelancerId);
      freelancer.profilePhotoUrl = photoUrl;
      await tx.flush();
      // Only the businesses related to them hear it (those who may see the photo, and those with a
      // block), never every business: who changed their photo is not everyone's business.
      await recordEvents(
        tx,
        eventRows({
          type: 'freelancer_updated',
          freelancerIds: [freelancerId],
          restaurantIds: await restaurantsOfFreelancer(tx, freelancerId),
          payload: { freelancerId, change: 'photo' },
        }),
      );
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous) await storage.delete(freelancerPhotoKey(freelancerId, previous)).catch(() => undefined);
  return { photoUrl, width: photo.width, height: photo.height, bytes: photo.bytes.length };
}

/** Who asks for a photo: a signed-in admin, business or freelancer. */
export type PhotoViewer = Actor;

/**
 * Whether `viewer` may see the photo of `freelancerId`: the freelancer themself, an admin, or a
 * business the freelancer applied to or worked for (any application or assignment on one of its
 * jobs, whatever its status). One indexed query.
 */
export async function canSeeFreelancerPhoto(
  em: EntityManager,
  viewer: PhotoViewer,
  freelancerId: number,
): Promise<boolean> {
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'freelancer') return viewer.freelancerId === freelancerId;
  const rows = await em.getConnection().execute<{ ok: number }[]>(
    `select 1 as ok where exists (
       select 1 from applications a join jobs j on j.id = a.job_id
        where a.freelancer_id = ? and j.restaurant_id = ?)
     or exists (
       select 1 from assignments s join jobs j on j.id = s.job_id
        where s.freelancer_id = ? and j.restaurant_id = ?)`,
    [freelancerId, viewer.restaurantId, freelancerId, viewer.restaurantId],
  );
  return rows.length > 0;
}

/**
 * The current uploaded photo of a freelancer for a viewer allowed to see it, with its version;
 * null when the viewer may not see it, the freelancer has none uploaded, or storage lost it (the
 * caller answers 404 to all three, so nobody learns whose photo exists).
 */
export async function readFreelancerPhoto(
  em: EntityManager,
  viewer: PhotoViewer,
  freelancerId: number,
  storage: PhotoStorage,
): Promise<(StoredPhoto & { version: string }) | null> {
  if (!(await canSeeFreelancerPhoto(em, viewer, freelancerId))) return null;
  const [row] = await em
    .getConnection()
    .execute<{ profile_photo_url: string | null }[]>(
      'select profile_photo_url from freelancers where id = ?',
      [freelancerId],
    );
  const version = uploadedPhotoVersion(row?.profile_photo_url, freelancerId);
  if (!version) return null;
  const stored = await storage.get(freelancerPhotoKey(freelancerId, version));
  return stored ? { ...stored, version } : null;
}
