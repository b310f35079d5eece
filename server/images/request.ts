/** Where originals come from: a cover saved with a book, an image uploaded to /files. */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { COVER_WIDTHS, UPLOAD_WIDTHS } from './plan';
import { requestVariants } from './variants';

type Services = Pick<AppContext, 'db' | 'queue' | 'now'>;

/**
 * Raster images only. An SVG scales itself and is usually smaller than any raster copy (the demo
 * covers are a few KiB); a GIF would lose its animation.
 */
const VARIANT_SOURCES = /^image\/(jpeg|png|webp|avif)$/;

export async function requestCoverVariants(ctx: Services, cover: { hash: string; mediaType: string }, db: DB = ctx.db): Promise<void> {
  if (VARIANT_SOURCES.test(cover.mediaType)) await requestVariants(ctx, cover.hash, COVER_WIDTHS, db);
}

export async function requestUploadVariants(ctx: Services, file: { hash: string; mediaType: string }, db: DB = ctx.db): Promise<void> {
  if (VARIANT_SOURCES.test(file.mediaType)) await requestVariants(ctx, file.hash, UPLOAD_WIDTHS, db);
}
