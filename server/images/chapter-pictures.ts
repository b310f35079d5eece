/**
 * A chapter's images as the reader gets them: each `<img>` whose original has all its variants
 * made is wrapped in a `<picture class="quire-picture">` with AVIF and WebP `<source>`s, the
 * original staying the `<img>`'s `src` — the fallback for browsers without either format and for an
 * offline copy that has only the originals (src/features/reader/picture-fallback.ts drops the
 * sources when a variant cannot load).
 *
 * Done when a chapter is served, not when it is stored: the stored XHTML stays what the sanitiser
 * made (and what search, exports and the offline download read), and a chapter shows its variants
 * as soon as they are made. The variant URLs are capabilities (decision 039): callers add them only
 * to a chapter the viewer may read, for images that chapter already shows. The markup added is
 * Quire's own — fixed elements and attributes, URLs from image-sets.ts — never the book's.
 */
import type { DB } from '../db/connection';
import { imageSets } from './image-sets';
import { ONE_COLUMN_MAX_VIEWPORT_PX, READING_COLUMN_PX } from './plan';

/** An `<img>` tag as the sanitiser writes it: every attribute value double-quoted (a `>` may be inside one). */
const IMG_TAG = /<img\b(?:[^>"]|"[^"]*")*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
/** The largest `w` descriptor of a srcset: the original's own width when it is narrower than the widest variant asked for. */
const widestOf = (srcset: string) => Math.max(...[...srcset.matchAll(/ (\d+)w(?:,|$)/g)].map((m) => Number(m[1])));

/** The `src` of every `<img>` in a chapter, as written (entities not decoded). */
export function imageSources(xhtml: string): string[] {
  if (!xhtml.includes('<img')) return [];
  return [...new Set([...xhtml.matchAll(IMG_TAG)].flatMap(([tag]) => attribute(tag, 'src') ?? []))];
}

/** `hashOfSrc`: the original's blob hash for each `src` the caller vouches for; other images stay as they are. */
export async function withPictures(db: DB, xhtml: string, hashOfSrc: ReadonlyMap<string, string>): Promise<string> {
  if (hashOfSrc.size === 0) return xhtml;
  const hashes = [...new Set(hashOfSrc.values())];
  // An image with a variant still to make (or failed) shows its original: its srcset would be
  // partial and `sizes`, taken from the widest variant, could make it show smaller than it is.
  const unfinished = await db
    .selectFrom('imageVariants')
    .select('sourceHash')
    .distinct()
    .where('sourceHash', 'in', hashes)
    .where('state', '!=', 'done')
    .execute();
  const waiting = new Set(unfinished.map((u) => u.sourceHash));
  const sets = await imageSets(
    db,
    hashes.filter((h) => !waiting.has(h)),
  );
  if (sets.size === 0) return xhtml;
  return xhtml.replace(IMG_TAG, (tag) => {
    const src = attribute(tag, 'src');
    const set = src === undefined ? undefined : sets.get(hashOfSrc.get(src) ?? '');
    if (!set?.avif || !set.webp) return tag;
    // How wide the image shows: its own width (or its width attribute) when that is less than the
    // column, else the column. The last `sizes` value is also the image's width when the book's CSS
    // gives it none, so it must never be less than the original would show at (max-width: 100%
    // still fits it in the column). The browser takes the smallest variant that covers it.
    const own = Math.min(widestOf(set.webp), Number(attribute(tag, 'width')) || Infinity);
    const sizes =
      own <= READING_COLUMN_PX ? `(max-width: ${own}px) 100vw, ${own}px` : `(max-width: ${ONE_COLUMN_MAX_VIEWPORT_PX}px) 100vw, ${READING_COLUMN_PX}px`;
    return (
      `<picture class="quire-picture">` +
      `<source type="image/avif" srcset="${set.avif}" sizes="${sizes}"/>` +
      `<source type="image/webp" srcset="${set.webp}" sizes="${sizes}"/>` +
      `${tag}</picture>`
    );
  });
}
