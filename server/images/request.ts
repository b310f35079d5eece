/** Where originals come from: a cover saved with a book, a book's other images, an image uploaded to /files. */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { CHAPTER_IMAGE_WIDTHS, COVER_WIDTHS, UPLOAD_WIDTHS } from './plan';
import { requestVariants } from './variants';

type Services = Pick<AppContext, 'db' | 'queue' | 'now'>;

/**
 * Raster images only. An SVG scales itself and is usually smaller than any raster copy (the demo
 * covers are a few KiB); a GIF would lose its animation.
 */
export const VARIANT_SOURCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
const isVariantSource = (mediaType: string) => (VARIANT_SOURCE_TYPES as readonly string[]).includes(mediaType);

export async function requestCoverVariants(ctx: Services, cover: { hash: string; mediaType: string }, db: DB = ctx.db): Promise<void> {
  if (isVariantSource(cover.mediaType)) await requestVariants(ctx, cover.hash, COVER_WIDTHS, db);
}

export async function requestUploadVariants(ctx: Services, file: { hash: string; mediaType: string }, db: DB = ctx.db): Promise<void> {
  if (isVariantSource(file.mediaType)) await requestVariants(ctx, file.hash, UPLOAD_WIDTHS, db);
}

/**
 * A book's images other than its cover: the pictures its chapters show in the reading column. Every
 * raster image in the manifest is asked for, not only those a chapter's XHTML names: an EPUB's
 * images are there for its chapters, and finding references would mean reading every chapter of a
 * long book inside the book's transaction. Keyed by hash, so an image used twice is made once.
 */
export async function requestBookImageVariants(ctx: Services, images: readonly { hash: string; mediaType: string }[], db: DB = ctx.db): Promise<void> {
  const hashes = new Set(images.filter((i) => isVariantSource(i.mediaType)).map((i) => i.hash));
  for (const hash of hashes) await requestVariants(ctx, hash, CHAPTER_IMAGE_WIDTHS, db);
}
