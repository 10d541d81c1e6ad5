import sharp from 'sharp';
import { MESSAGES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@turno/domain';
import { expectRefusal } from '../shared/test-kit';
import { PHOTO_MAX_SIDE, preparePhoto, sniffPhotoFormat } from './photo-image';

/** A noisy photo (so JPEG cannot squeeze it under 1 KB) with EXIF: camera, GPS-like comment, orientation 6. */
async function cameraJpeg(width = 1600, height = 1200): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'CameraDeTeste', Model: 'Modelo X' } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('photo images', () => {
  it('recognises images by their first bytes, not by name or claimed type', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    const gif = await sharp(png).gif().toBuffer();
    expect(sniffPhotoFormat(await cameraJpeg(32, 32))).toBe('jpeg');
    expect(sniffPhotoFormat(png)).toBe('png');
    expect(sniffPhotoFormat(webp)).toBe('webp');
    expect(sniffPhotoFormat(gif)).toBe('gif');
    expect(sniffPhotoFormat(Buffer.from('isto é um texto com nome foto.jpg'))).toBeNull();
    expect(sniffPhotoFormat(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(sniffPhotoFormat(Buffer.alloc(0))).toBeNull();
  });

  it('re-encodes as JPEG, upright, within 640 px, with every metadata removed', async () => {
    const input = await cameraJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const photo = await preparePhoto(input);
    const after = await sharp(photo.bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(photo.bytes.includes(Buffer.from('CameraDeTeste'))).toBe(false);
    // Orientation 6 turns the 1600 × 1200 landscape upright: 480 × 640.
    expect({ width: after.width, height: after.height }).toEqual({ width: 480, height: PHOTO_MAX_SIDE });
    expect(photo).toMatchObject({ width: 480, height: 640, contentType: 'image/jpeg' });
  });

  it('refuses what is not an image, too small, too large or unreadable, in pt-BR', async () => {
    const text = Buffer.from('texto renomeado para .jpg '.repeat(100));
    await expectRefusal(preparePhoto(text), 400, MESSAGES.photos.notImage);
    await expectRefusal(
      preparePhoto((await cameraJpeg(32, 32)).subarray(0, 500)),
      400,
      MESSAGES.photos.tooSmall,
    );
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(PHOTO_MAX_BYTES)]);
    await expectRefusal(preparePhoto(huge), 400, MESSAGES.photos.tooLarge);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    await expectRefusal(preparePhoto(broken), 400, PHOTO_MESSAGES.unreadable);
  });
});
