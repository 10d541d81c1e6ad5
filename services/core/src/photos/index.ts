/** Freelancer profile photos: checks, re-encoding, storage drivers, who may see them. */
export {
  PHOTO_MAX_SIDE,
  preparePhoto,
  sniffPhotoFormat,
  type PhotoFormat,
  type PreparedPhoto,
} from './photo-image';
export { freelancerPhotoKey, freelancerPhotoUrl, uploadedPhotoVersion } from './photo-keys';
export {
  DEFAULT_PHOTO_DIR,
  photoStorage,
  photoStorageFromEnv,
  type PhotoStorage,
  type StoredPhoto,
} from './photo-storage';
export { LocalPhotoStorage } from './local-photo-storage';
export { S3PhotoStorage, type S3PhotoStorageOptions } from './s3-photo-storage';
export {
  canSeeFreelancerPhoto,
  readFreelancerPhoto,
  saveFreelancerPhoto,
  type PhotoViewer,
  type SavedPhoto,
} from './photos.service';
export {
  VETTING_DOCUMENT_PREFIX,
  VETTING_IMAGE_MAX_SIDE,
  deleteVettingDocuments,
  prepareVettingDocument,
  readVettingDocument,
  saveVettingDocument,
  vettingDocumentKey,
  type PreparedDocument,
  type SavedVettingDocument,
} from './vetting-documents';
