import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import {
  MESSAGES,
  PHOTO_MESSAGES,
  VETTING_DOCUMENT_MAX_BYTES,
  VETTING_DOCUMENT_MIN_BYTES,
  VETTING_MESSAGES,
  vettingKindAcceptsPdf,
  type VettingDocumentKind,
} from '@turno/domain';
import { Freelancer, FreelancerDocument } from '../model';
import { lockFreelancer } from '../rows/freelancer-lock';
import { requireRole } from '../shared/access';
import type { Actor } from '../shared/actor';
import { conflict, invalid } from '../shared/domain-error';
import { inTransaction } from '../shared/transaction';
import { sniffPhotoFormat } from './photo-image';
import { assertSafeKey } from './photo-keys';
import type { PhotoStorage, StoredPhoto } from './photo-storage';

/**
 * Vetting documents (issue 27): the identity document's sides and the selfie holding it. They share
 * the photo storage but live under their own prefix, `documents/`, which no route serves by URL:
 * only the admin-ops BFF streams them, to admins (`readVettingDocument`). The shell's photo route
 * builds its keys as `freelancers/<id>/<hex>.jpg` and cannot reach this prefix.
 */
export const VETTING_DOCUMENT_PREFIX = 'documents/';

/** A document's key: `documents/freelancers/<id>/<kind>-<random>.<jpg|pdf>`. */
export const vettingDocumentKey = (
  freelancerId: number,
  kind: VettingDocumentKind,
  version: string,
  ext: string,
) => assertSafeKey(`${VETTING_DOCUMENT_PREFIX}freelancers/${freelancerId}/${kind}-${version}.${ext}`);

/** Longest side of a stored document image: readable text, bounded size. */
export const VETTING_IMAGE_MAX_SIDE = 2000;
const MAX_INPUT_PIXELS = 60_000_000;

export interface PreparedDocument {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'application/pdf';
  ext: 'jpg' | 'pdf';
}

const isPdf = (bytes: Uint8Array) =>
  bytes.length >= 5 && Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/**
 * Checks one uploaded document (1 KB to 5 MB; an image by its content, or a PDF for the document's
 * sides) and makes the stored version: an image is decoded, turned upright, every metadata (EXIF,
 * GPS) dropped, fit into 2000 × 2000 and re-encoded as JPEG; a PDF is kept as sent (it is only ever
 * served to admins, as a download in a sandbox). Refusals are pt-BR 400s.
 */
export async function prepareVettingDocument(
  kind: VettingDocumentKind,
  bytes: Uint8Array,
): Promise<PreparedDocument> {
  if (bytes.length < VETTING_DOCUMENT_MIN_BYTES) throw invalid('photo_too_small', MESSAGES.photos.tooSmall);
  if (bytes.length > VETTING_DOCUMENT_MAX_BYTES) throw invalid('photo_too_large', MESSAGES.photos.tooLarge);
  if (isPdf(bytes)) {
    if (!vettingKindAcceptsPdf(kind)) throw invalid('selfie_not_image', VETTING_MESSAGES.selfieNotImage);
    return { bytes: Buffer.from(bytes), contentType: 'application/pdf', ext: 'pdf' };
  }
  if (!sniffPhotoFormat(bytes)) {
    throw vettingKindAcceptsPdf(kind)
      ? invalid('document_not_image_or_pdf', VETTING_MESSAGES.notImageOrPdf)
      : invalid('selfie_not_image', VETTING_MESSAGES.selfieNotImage);
  }
  try {
    const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: VETTING_IMAGE_MAX_SIDE,
        height: VETTING_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { bytes: data, contentType: 'image/jpeg', ext: 'jpg' };
  } catch {
    throw invalid('photo_unreadable', PHOTO_MESSAGES.unreadable);
  }
}

export interface SavedVettingDocument {
  kind: VettingDocumentKind;
  contentType: string;
  bytes: number;
}

/**
 * A freelancer uploads one document of their vetting: checked and prepared, stored under a new key,
 * then its row (one per kind) points at it in one transaction; the replaced file is removed after
 * the commit, a failed commit removes the new one. 409 while the vetting is in review or approved.
 */
export async function saveVettingDocument(
  em: EntityManager,
  actor: Actor,
  kind: VettingDocumentKind,
  upload: Uint8Array,
  storage: PhotoStorage,
): Promise<SavedVettingDocument> {
  requireRole(actor, ['freelancer']);
  const { freelancerId } = actor;
  const prepared = await prepareVettingDocument(kind, upload);
  const key = vettingDocumentKey(freelancerId, kind, randomBytes(12).toString('hex'), prepared.ext);
  await storage.put(key, prepared.bytes, prepared.contentType);
  let previous: string | null = null;
  try {
    await inTransaction(em, async (tx) => {
      const freelancer = await lockFreelancer(tx, freelancerId);
      if (freelancer.vettingStatus === 'submitted')
        throw conflict('vetting_submitted', VETTING_MESSAGES.alreadySubmitted);
      if (freelancer.vettingStatus === 'approved')
        throw conflict('vetting_approved', VETTING_MESSAGES.alreadyApproved);
      const existing = await tx.findOne(FreelancerDocument, { freelancer: freelancerId, kind });
      previous = existing?.storageKey ?? null;
      if (existing)
        tx.assign(existing, {
          storageKey: key,
          contentType: prepared.contentType,
          bytes: prepared.bytes.length,
          createdAt: new Date(),
        });
      else
        tx.create(FreelancerDocument, {
          freelancer: tx.getReference(Freelancer, freelancerId),
          kind,
          storageKey: key,
          contentType: prepared.contentType,
          bytes: prepared.bytes.length,
        });
      await tx.flush();
    });
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (previous) await storage.delete(previous).catch(() => undefined);
  return { kind, contentType: prepared.contentType, bytes: prepared.bytes.length };
}

/**
 * One vetting document's bytes, for an admin only (null for anyone else, for a document not
 * uploaded, or one storage lost: the caller answers 404 to all).
 */
export async function readVettingDocument(
  em: EntityManager,
  viewer: Actor,
  freelancerId: number,
  kind: VettingDocumentKind,
  storage: PhotoStorage,
): Promise<StoredPhoto | null> {
  if (viewer.role !== 'admin') return null;
  const [row] = await em
    .getConnection()
    .execute<{ storage_key: string }[]>(
      'select storage_key from freelancer_documents where freelancer_id = ? and kind = ?',
      [freelancerId, kind],
    );
  if (!row || !row.storage_key.startsWith(VETTING_DOCUMENT_PREFIX)) return null;
  return storage.get(row.storage_key);
}

/** Removes every stored document of a freelancer (their account's deletion). */
export async function deleteVettingDocuments(
  em: EntityManager,
  freelancerId: number,
  storage: PhotoStorage,
): Promise<void> {
  const rows = await em
    .getConnection()
    .execute<{ storage_key: string }[]>(
      'select storage_key from freelancer_documents where freelancer_id = ?',
      [freelancerId],
    );
  for (const row of rows) await storage.delete(row.storage_key).catch(() => undefined);
}
