import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey } from './photo-keys';
import type { PhotoStorage, StoredPhoto } from './photo-storage';

/**
 * Photos as files in one directory (development, or one server with a persistent disk). Writes go
 * to a temporary name first and are renamed, so a reader never sees half a photo.
 */
export class LocalPhotoStorage implements PhotoStorage {
  constructor(readonly directory: string) {}

  private path(key: string) {
    return join(this.directory, assertSafeKey(key));
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await writeFile(`${temporary}.type`, contentType);
    await rename(`${temporary}.type`, `${path}.type`);
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredPhoto | null> {
    const path = this.path(key);
    try {
      const [bytes, contentType] = await Promise.all([
        readFile(path),
        readFile(`${path}.type`, 'utf8').catch(() => 'application/octet-stream'),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}
