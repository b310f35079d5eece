/**
 * What a store book's page shows first — the book's answer and its cover, the page's largest
 * paint — named in the page's HTML as preloads, so the browser fetches both while it parses the
 * page. Without them the cover waited on three steps one after another: the app's code, the
 * book's answer, then the image that answer names (issue 12: LCP ≤ 1.5 s).
 */
import { getStoreBook, type StoreBook } from '../../sync/api/store';
import { fillPath } from '../../sync/api/contract';
import { BOOK_PAGE_COVER_SIZES } from '../../sync/store/book-page-cover';
import { decodedSegment, type Preload } from './reader-preload';

const BOOK_PATH = /^\/book\/([^/]+)\/?$/;

/** The id a store book's page path names, or null for any other path. */
export function storeBookId(pathname: string): string | null {
  const segment = BOOK_PATH.exec(pathname)?.[1];
  return segment ? decodedSegment(segment) : null;
}

export function bookPagePreloads(book: StoreBook): Preload[] {
  // The same URL the app builds (fillPath), or the browser would fetch twice.
  const preloads: Preload[] = [{ href: fillPath(getStoreBook.path, { id: book.id }), as: 'fetch' }];
  if (book.coverUrl) {
    // <picture> (src/ui/picture.tsx) offers AVIF first, then WebP: the first the browser can show wins.
    const [type, srcset] = book.coverSet?.avif ? ['image/avif', book.coverSet.avif] : book.coverSet?.webp ? ['image/webp', book.coverSet.webp] : [];
    preloads.push({ href: book.coverUrl, as: 'image', ...(type && srcset ? { image: { type, srcset, sizes: BOOK_PAGE_COVER_SIZES } } : {}) });
  }
  return preloads;
}
