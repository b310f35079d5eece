/**
 * The service worker's cache of store answers (src/sw.ts, stale-while-revalidate): its name and
 * which answers go in it, in one place, so the app can drop the ones it knows are out of date (a
 * price-drop notice: src/features/notifications/use-price-drop-refresh.ts). No zod here: both the
 * service worker and the app shell import it.
 */
export const STORE_PAGES_CACHE = 'quire-store';

export type StorePage = { kind: 'shelves' } | { kind: 'search' } | { kind: 'book'; bookId: string };

/** The store answer a same-origin GET path is (the shelves, a search, a book's page), or null. */
export function storePageOf(pathname: string): StorePage | null {
  if (pathname === '/api/store') return { kind: 'shelves' };
  if (pathname === '/api/store/search') return { kind: 'search' };
  const book = /^\/api\/store\/books\/([^/]+)$/.exec(pathname);
  return book ? { kind: 'book', bookId: decoded(book[1]!) } : null;
}

/** A path segment's text; a malformed escape stays as it was (the route still matches). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Set by the service worker on an API answer it gives from one of its caches: such an answer says
 * nothing about whether the server can be reached (src/lib/reachability.ts).
 */
export const FROM_CACHE_HEADER = 'x-quire-from-cache';
