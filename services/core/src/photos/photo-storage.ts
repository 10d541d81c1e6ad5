import { resolve } from 'node:path';
import { LocalPhotoStorage } from './local-photo-storage';
import { S3PhotoStorage } from './s3-photo-storage';

/** A stored object: its bytes and content type. */
export interface StoredPhoto {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where photos live, by key (`freelancers/12/3f9a….jpg`). Keys are made by the service, never by
 * a caller. Drivers: a local directory (development, a single server) and an S3-compatible bucket.
 */
export interface PhotoStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<StoredPhoto | null>;
  /** Removes the object; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
}

/** The default directory of the local driver: `.turno/photos` at the repository root (served by nothing). */
export const DEFAULT_PHOTO_DIR = resolve(__dirname, '../../../../.turno/photos');

/**
 * The storage this process's environment configures:
 * - `PHOTO_STORAGE=local` (default): files under `PHOTO_STORAGE_DIR` (default `.turno/photos`);
 * - `PHOTO_STORAGE=s3`: `PHOTO_S3_ENDPOINT` (e.g. `https://s3.sa-east-1.amazonaws.com` or a MinIO /
 *   R2 URL), `PHOTO_S3_BUCKET`, `PHOTO_S3_REGION` (default `us-east-1`), `PHOTO_S3_ACCESS_KEY_ID`,
 *   `PHOTO_S3_SECRET_ACCESS_KEY`, optional `PHOTO_S3_PREFIX`.
 */
export function photoStorageFromEnv(env: NodeJS.ProcessEnv = process.env): PhotoStorage {
  const driver = env.PHOTO_STORAGE ?? 'local';
  if (driver === 'local') return new LocalPhotoStorage(env.PHOTO_STORAGE_DIR || DEFAULT_PHOTO_DIR);
  if (driver === 's3') {
    const required = (name: string) => {
      const value = env[name];
      if (!value) throw new Error(`PHOTO_STORAGE=s3 needs ${name}`);
      return value;
    };
    return new S3PhotoStorage({
      endpoint: required('PHOTO_S3_ENDPOINT'),
      bucket: required('PHOTO_S3_BUCKET'),
      region: env.PHOTO_S3_REGION || 'us-east-1',
      accessKeyId: required('PHOTO_S3_ACCESS_KEY_ID'),
      secretAccessKey: required('PHOTO_S3_SECRET_ACCESS_KEY'),
      prefix: env.PHOTO_S3_PREFIX ?? '',
    });
  }
  throw new Error(`PHOTO_STORAGE must be "local" or "s3", not "${driver}"`);
}

let shared: PhotoStorage | undefined;
/** The process's storage, made from the environment on first use. */
export function photoStorage(): PhotoStorage {
  shared ??= photoStorageFromEnv();
  return shared;
}
