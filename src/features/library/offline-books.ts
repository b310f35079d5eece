/**
 * Downloaded books: each book's detail, chapters, stylesheets and images go into its own Cache
 * API cache (`quire-book-{id}`), which the service worker serves when the network is down and
 * which the reader also reads directly (so a page without a controlling worker still works).
 * Only the person's own explicit download is stored; removing it drops the whole cache. The
 * print layout's code is kept offline with the first download (src/lib/offline-assets.ts).
 */
import { getBook, getBookChapter, getBookChapterList, getBookToc, type BookDetailResponse, type ChapterSummary } from '../../../sync/api/books';
import { fillPath, type Endpoint, type ResponseOf } from '../../../sync/api/contract';
import { getLibrary } from '../../../sync/api/library';
import { answerOf } from '../../lib/api';
import { keepOffline } from '../../lib/offline-assets';

const BOOK_CACHE_PREFIX = 'quire-book-';
const LIBRARY_CACHE = 'quire-library';
export const bookCacheName = (bookId: string) => `${BOOK_CACHE_PREFIX}${bookId}`;

const hasCaches = () => typeof caches !== 'undefined';

/**
 * A GET endpoint, network first; on failure the per-book (or library) cache, so reading works
 * offline. The cache is keyed by the endpoint's URL, which is what the service worker serves.
 */
export async function callCached<E extends Endpoint>(endpoint: E, params: Record<string, string> | undefined, cacheName: string): Promise<ResponseOf<E>> {
  const url = fillPath(endpoint.path, params);
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (res.ok) {
      if (hasCaches() && (cacheName === LIBRARY_CACHE || (await caches.has(cacheName)))) {
        await (await caches.open(cacheName)).put(url, res.clone());
      }
      return answerOf(endpoint, await res.json());
    }
    if (res.status !== 503 && res.status !== 504) throw new Error(`Request failed (${res.status}).`);
  } catch (err) {
    if (!(err instanceof TypeError) && !(err instanceof Error && /\(50[34]\)/.test(err.message))) throw err;
  }
  // caches.match with a cache name, not caches.open: opening creates the cache, and a book whose
  // cache exists counts as downloaded ("Available offline · 0 B" after one failed request).
  const cached = hasCaches() ? await caches.match(url, { cacheName }) : undefined;
  if (!cached) throw new TypeError("You're offline and this isn't downloaded.");
  return answerOf(endpoint, await cached.json());
}

export const fetchLibraryCached = () => callCached(getLibrary, undefined, LIBRARY_CACHE);

export async function isDownloaded(bookId: string): Promise<boolean> {
  return hasCaches() && (await caches.has(bookCacheName(bookId)));
}

/** Asset URLs a chapter refers to (images, SVG, audio posters). */
function assetUrlsIn(xhtml: string): string[] {
  return [...xhtml.matchAll(/(?:src|href|xlink:href)="(\/api\/books\/[^"]+\/assets\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Download everything the reader needs; a failure leaves no half-downloaded cache. */
export async function downloadBook(bookId: string, onProgress?: (done: number, total: number) => void): Promise<void> {
  const name = bookCacheName(bookId);
  const cache = await caches.open(name);
  try {
    const bookUrl = fillPath(getBook.path, { id: bookId });
    const detailRes = await fetch(bookUrl, { credentials: 'same-origin' });
    if (!detailRes.ok) throw new Error(`Could not download the book (${detailRes.status}).`);
    const book = answerOf(getBook, await detailRes.clone().json());
    await cache.put(bookUrl, detailRes);
    // A long book's contents come on their own (decision 053); offline, the drawer reads them from here.
    if (book.tocSize !== undefined) {
      const tocUrl = fillPath(getBookToc.path, { id: bookId });
      const tocRes = await fetch(tocUrl, { credentials: 'same-origin' });
      if (!tocRes.ok) throw new Error(`Could not download the contents (${tocRes.status}).`);
      await cache.put(tocUrl, tocRes);
    }
    // A long book's chapter list comes in pages (decision 054): each is kept, so offline it lists every chapter.
    const chapters = (book.chapterWindow ? await downloadChapterList(cache, bookId, book.chapterWindow) : book.chapters).filter((c) => c.readable);
    const assets = new Set<string>([...book.stylesheets, ...(book.coverUrl ? [book.coverUrl] : [])]);
    let done = 0;
    const total = chapters.length;
    for (const ch of chapters) {
      const chapterUrl = fillPath(getBookChapter.path, { id: bookId, chapterId: ch.id });
      const res = await fetch(chapterUrl, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`Could not download a chapter (${res.status}).`);
      const body = answerOf(getBookChapter, await res.clone().json());
      for (const url of assetUrlsIn(body.xhtml)) assets.add(url);
      await cache.put(chapterUrl, res);
      onProgress?.(++done, total);
    }
    for (const url of assets) {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (res.ok) await cache.put(url, res);
    }
    // A downloaded book can be printed offline too: the print layout's code comes along (once).
    await keepOffline('print');
  } catch (err) {
    await caches.delete(name);
    throw err;
  }
}

async function downloadChapterList(cache: Cache, bookId: string, window: NonNullable<BookDetailResponse['chapterWindow']>): Promise<ChapterSummary[]> {
  const chapters: ChapterSummary[] = [];
  for (let page = 0; page * window.pageSize < window.count; page++) {
    const url = fillPath(getBookChapterList.path, { id: bookId, page: String(page) });
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) throw new Error(`Could not download the list of chapters (${res.status}).`);
    chapters.push(...answerOf(getBookChapterList, await res.clone().json()).chapters);
    await cache.put(url, res);
  }
  return chapters;
}

export async function removeDownload(bookId: string): Promise<void> {
  await caches.delete(bookCacheName(bookId));
}

/** Bytes a downloaded book takes (sum of its cached bodies). */
export async function bookStorageBytes(bookId: string): Promise<number> {
  if (!(await isDownloaded(bookId))) return 0;
  const cache = await caches.open(bookCacheName(bookId));
  let total = 0;
  for (const req of await cache.keys()) {
    const res = await cache.match(req);
    if (res) total += (await res.clone().arrayBuffer()).byteLength;
  }
  return total;
}
