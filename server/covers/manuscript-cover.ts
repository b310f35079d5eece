/**
 * A manuscript's ebook cover: an image in its owner's /files, recorded on its publication row.
 * The /publishing form shows it; each submission freezes its bytes with the edition (a blob the
 * edition holds by foreign key), and approval hands them to saveBook as the store book's cover,
 * which asks the image pipeline for its variants. Sizes per DOMAIN.md: shortest side at least
 * 1000 px, longest at most 10000 px (the 1 : 1.6 ratio is advice, left to the submission checks).
 */
import type { ManuscriptCover } from '../../sync/api/covers';
import type { CanonicalBook } from '../../sync/book-format';
import { fileContentUrl } from '../../sync/api/files';
import { COVER_MAX_SIDE, COVER_MIN_SIDE } from '../../sync/covers/design';
import type { DB } from '../db/connection';

export const COVER_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Why an image of this size cannot be an ebook cover, or null. */
export function coverSizeProblem(width: number, height: number): string | null {
  if (Math.min(width, height) < COVER_MIN_SIDE) return `This image is ${width} × ${height} px: a cover's shorter side must be at least ${COVER_MIN_SIDE} px.`;
  if (Math.max(width, height) > COVER_MAX_SIDE) return `This image is ${width} × ${height} px: a cover's longer side may be at most ${COVER_MAX_SIDE} px.`;
  return null;
}

/** The cover as the /publishing page shows it, or null. */
export async function coverOf(db: DB, publicationId: string): Promise<ManuscriptCover | null> {
  const row = await db
    .selectFrom('publications as p')
    .innerJoin('files as f', 'f.id', 'p.coverFileId')
    .select(['f.id', 'f.name'])
    .where('p.id', '=', publicationId)
    .executeTakeFirst();
  return row ? { fileId: row.id, name: row.name, url: fileContentUrl(row.id) } : null;
}

/** The cover's bytes to freeze with a new edition, or null when the manuscript has none. */
export async function coverToFreeze(db: DB, publicationId: string): Promise<{ hash: string; mediaType: string } | null> {
  const row = await db
    .selectFrom('publications as p')
    .innerJoin('files as f', 'f.id', 'p.coverFileId')
    .select(['f.blobHash', 'f.mediaType'])
    .where('p.id', '=', publicationId)
    .executeTakeFirst();
  return row && COVER_TYPES[row.mediaType] ? { hash: row.blobHash, mediaType: row.mediaType } : null;
}

/** The edition's book with its cover as an asset, and the hash saveBook needs for it. */
export function bookWithCover(book: CanonicalBook, cover: { mediaType: string } | null): CanonicalBook {
  if (!cover) return book;
  const path = `images/cover.${COVER_TYPES[cover.mediaType] ?? 'img'}`;
  return { ...book, coverPath: path, assets: [...book.assets.filter((a) => a.path !== path), { path, mediaType: cover.mediaType }] };
}
