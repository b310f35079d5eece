/**
 * Which variants an image gets. Widths are CSS pixels the pages show at, and twice that for dense
 * screens; a variant is never wider than its original (server/images/generate.ts).
 */
import type { ImageVariantFormat } from '../db/schema';

export const IMAGE_VARIANTS_JOB = 'image.variants';
/** At start: the books' images saved before they had variants (backfill.ts). */
export const IMAGE_BACKFILL_JOB = 'image.backfill';

/** AVIF first: the smaller of the two where the browser has it, WebP everywhere else. */
export const VARIANT_FORMATS: readonly ImageVariantFormat[] = ['avif', 'webp'];

/**
 * Covers: the library shows them 96 px wide, the home hero 160, store cards and the book page up
 * to 320 — so 160, 320 and 640 cover one and two device pixels per CSS pixel.
 */
export const COVER_WIDTHS = [160, 320, 640] as const;

/** Uploaded images: file thumbnails (about 160 px) and chapter images in a reading column of at most ~720 px. */
export const UPLOAD_WIDTHS = [320, 720, 1440] as const;

/**
 * A book's own images (other than the cover) show in the same reading column as an uploaded
 * image, at most ~720 px (the reader's column is 42rem): the same widths, so an image that is
 * both an upload and a book asset is made once.
 */
export const CHAPTER_IMAGE_WIDTHS = UPLOAD_WIDTHS;

/**
 * The reader's column in CSS pixels, for a chapter image's `sizes`: below ONE_COLUMN_MAX_VIEWPORT_PX
 * the paginated reader shows one page, nearly the viewport wide; above, two pages of at most ~45rem
 * each (src/features/reader/pagination.ts, reader.css), and scrolling shows a 42rem column.
 */
export const READING_COLUMN_PX = 720;
export const ONE_COLUMN_MAX_VIEWPORT_PX = 900;

/**
 * Decoding failures do not heal by waiting, so one retry (for a disk hiccup) is enough; after
 * that the job is dead and an admin may retry it from /admin/queue-status.
 */
export const IMAGE_JOB_MAX_ATTEMPTS = 2;

export const VARIANT_MEDIA_TYPES: Record<ImageVariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' };
