/**
 * The cover a page not drawn on the server shows first — its largest paint — named in the page's
 * HTML as a preload, so the browser fetches it while it parses the page. Without it the cover
 * waited on three steps one after another: the app's code, the page's answer, then the image that
 * answer names (issues 11 and 12: LCP).
 */
import type { DrawnPageData } from '../../sync/api/session';
import type { StoreBook } from '../../sync/api/store';
import { BOOK_CARD_COVER_SIZES, BOOK_PAGE_COVER_SIZES } from '../../sync/store/book-page-cover';
import { decodedSegment, type Preload } from './reader-preload';

const BOOK_PATH = /^\/book\/([^/]+)\/?$/;

/** The id a store book's page path names, or null for any other path. */
export function storeBookId(pathname: string): string | null {
  const segment = BOOK_PATH.exec(pathname)?.[1];
  return segment ? decodedSegment(segment) : null;
}

/** A cover as `<Picture>` (src/ui/picture.tsx) shows it at `sizes`: AVIF first, then WebP, the first the browser can show wins. */
function coverPreload(book: Pick<StoreBook, 'coverUrl' | 'coverSet'>, sizes: string): Preload[] {
  if (!book.coverUrl) return [];
  const [type, srcset] = book.coverSet?.avif ? ['image/avif', book.coverSet.avif] : book.coverSet?.webp ? ['image/webp', book.coverSet.webp] : [];
  return [{ href: book.coverUrl, as: 'image', ...(type && srcset ? { image: { type, srcset, sizes } } : {}) }];
}

/**
 * The largest paint of a page not drawn on the server (a signed-in person's), fetched while the
 * page's code loads: a store book's cover, the home page's first featured cover. (Its answer
 * comes in the boot block, page-queries.ts.)
 */
export function pageCoverPreloads(data: DrawnPageData): Preload[] {
  if (data.page === 'book') return coverPreload(data.book, BOOK_PAGE_COVER_SIZES);
  const first = data.page === 'home' ? data.books.featured[0] : undefined;
  return first ? coverPreload(first, BOOK_CARD_COVER_SIZES.lg) : [];
}
