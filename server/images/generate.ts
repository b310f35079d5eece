/**
 * One variant from an original's bytes with sharp: EXIF-rotated, scaled down to a width (never
 * up), encoded as AVIF or WebP. Metadata (EXIF, a camera's location) is not copied.
 */
import { sharp } from './sharp';
import type { ImageVariantFormat } from '../db/schema';

/** Past this many pixels an original is refused rather than decoded (a decompression bomb). */
const MAX_INPUT_PIXELS = 60_000_000;

export interface MadeVariant {
  data: Buffer;
  width: number;
  height: number;
}

export async function makeVariant(original: Uint8Array, width: number, format: ImageVariantFormat): Promise<MadeVariant> {
  const resized = sharp(original, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
  // Effort is kept low: AVIF's default spends seconds per cover for a few per cent of bytes.
  const encoded = format === 'avif' ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 78, effort: 4 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
