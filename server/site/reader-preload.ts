/**
 * What a book's reader page asks for first — the book, its opening chapter and its stylesheets —
 * named in the page's HTML as preloads, so the browser fetches them while it parses the page.
 * Without them the first page waited on three steps one after another: the app's code, the
 * book's answer, then the chapter that answer names (issue 11). The chapter is the one the
 * reader will open at (sync/books/opening-chapter.ts): the replicated reading position when there
 * is one, else the book's first readable chapter. Signed in only: the reader needs an account.
 */
import { getBook, getBookChapter } from '../../sync/api/books';
import { fillPath } from '../../sync/api/contract';
import { openingChapter } from '../../sync/books/opening-chapter';
import { progressId, type LibraryProgress } from '../../sync/collections/library-progress';
import type { SessionUser } from '../auth/session-user';
import { accessToBook } from '../books/access';
import { detailChapters } from '../books/chapter-list';
import { stylesheetUrls } from '../books/reading-routes';
import type { AppContext } from '../context';
import { readDoc } from '../sync/store';

export interface Preload {
  href: string;
  /** `fetch` for what the app reads with fetch(), `style` for a stylesheet link, `image` for an <img>. */
  as: 'fetch' | 'style' | 'image';
  /** An image shown by `<picture>`: the `srcset`, `sizes` and format of the source the browser will pick. */
  image?: { srcset: string; sizes: string; type: string };
}

/** `/books/{id}` and `/books/{id}/flow`: not the manuscript and edition readers, whose text is fetched afresh. */
const READER_PATH = /^\/books\/([^/]+)(?:\/flow)?\/?$/;

export async function readerPreloads(ctx: AppContext, user: SessionUser | null, pathname: string): Promise<Preload[]> {
  const segment = user && READER_PATH.exec(pathname)?.[1];
  const bookId = segment && decodedSegment(segment);
  if (!bookId) return [];
  const found = await accessToBook(ctx, bookId, user);
  if (!found || found.access === 'none') return [];
  const id = found.book.id;
  // Only what the choice of chapter needs (the chapters as the detail lists them), not the whole
  // detail: its contents alone are a large JSON column for a long book, read again by the request.
  const row = await ctx.db.selectFrom('books').select(['layout', 'wordCount', 'stylesheets']).where('id', '=', id).executeTakeFirstOrThrow();
  const [listed, progress] = await Promise.all([
    detailChapters(ctx, found, { wordCount: row.wordCount, fixed: row.layout === 'pre-paginated' }),
    readDoc(ctx.db, 'library-progress', progressId(user.id, id)),
  ]);
  const place = progress && !progress.deleted ? (progress.doc as LibraryProgress).position : null;
  const chapterId = openingChapter({ ...listed, access: found.access }, place);
  return [
    // The same URLs the app builds (fillPath), or the browser would fetch twice.
    { href: fillPath(getBook.path, { id: bookId }), as: 'fetch' },
    ...(chapterId ? [{ href: fillPath(getBookChapter.path, { id, chapterId }), as: 'fetch' as const }] : []),
    ...stylesheetUrls(id, row.stylesheets).map((href) => ({ href, as: 'style' as const })),
  ];
}

/** A path segment decoded, or null when it is not valid percent-encoding (then it names no book). */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // not a book's id; the page says so
  }
}
