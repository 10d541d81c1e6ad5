import sharp from 'sharp';
import { MESSAGES, PHOTO_MAX_BYTES, PHOTO_MIN_BYTES, PHOTO_MESSAGES } from '@turno/domain';
import { invalid } from '../shared/domain-error';

/** The image formats a profile photo may come in, recognised by their first bytes. */
export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The format of an image from its magic bytes, or null when the bytes are not an image we read —
 * whatever the file is called or which type the browser claimed.
 */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  return null;
}

/** Longest side of a stored photo, in pixels. */
export const PHOTO_MAX_SIDE = 640;
/** Images larger than this many pixels are refused before decoding (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

export interface PreparedPhoto {
  bytes: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Checks an uploaded photo (1 KB to 5 MB, an image by its content) and makes the stored version:
 * decoded, turned upright by its EXIF orientation, every metadata (EXIF, GPS, ICC comments) dropped,
 * resized to fit 640 × 640 and re-encoded as JPEG. Refusals are pt-BR 400s.
 */
export async function preparePhoto(bytes: Uint8Array): Promise<PreparedPhoto> {
  if (bytes.length < PHOTO_MIN_BYTES) throw invalid('photo_too_small', MESSAGES.photos.tooSmall);
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid('photo_too_large', MESSAGES.photos.tooLarge);
  const format = sniffPhotoFormat(bytes);
  if (!format) throw invalid('photo_not_image', MESSAGES.photos.notImage);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw invalid('photo_unreadable', PHOTO_MESSAGES.unreadable);
  }
}
