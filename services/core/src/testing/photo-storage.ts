import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalPhotoStorage } from '../photos/local-photo-storage';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * A suite's own test database and photo storage (a temporary folder), made in `beforeAll` and
 * removed in `afterAll`. Read `db`, `storage` and `directory` inside the tests (not at collection).
 */
export function useDatabaseAndPhotoStorage(folderPrefix: string) {
  const suite = {} as { db: TestDatabase; storage: LocalPhotoStorage; directory: string };
  beforeAll(async () => {
    suite.db = await createTestDatabase();
    suite.directory = await mkdtemp(join(tmpdir(), folderPrefix));
    suite.storage = new LocalPhotoStorage(suite.directory);
  });
  afterAll(async () => {
    await suite.db?.drop();
    if (suite.directory) await rm(suite.directory, { recursive: true, force: true });
  });
  return suite;
}

/**
 * A noisy image (no encoder squeezes it under a few KB), PNG or JPEG, `size` px square; `seed`
 * changes its bytes; `exif` adds camera tags (what the upload must strip).
 */
export function noisyImage(
  options: { size?: number; seed?: number; format?: 'png' | 'jpeg'; exif?: boolean } = {},
): Promise<Buffer> {
  const { size = 300, seed = 7, format = 'png', exif = false } = options;
  const raw = Buffer.alloc(size * size * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * seed) % 251;
  let image = sharp(raw, { raw: { width: size, height: size, channels: 3 } });
  if (exif) image = image.withExif({ IFD0: { Make: 'CameraDeTeste', Model: 'Modelo X' } });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
}
