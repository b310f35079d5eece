/**
 * The book's detail and its chapters, from the network or (offline) the book's download cache.
 * A manuscript comes in the same shape from /api/manuscripts/:id/book (status "manuscript"); its
 * chapters are fetched from there and never cached across visits, since its text keeps changing.
 * A submitted edition (publishing's frozen snapshot, status "edition") comes from
 * /api/publishing/editions/:id/book, for its author and reviewers.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getBook, getBookChapter, type BookDetailResponse, type ChapterResponse } from '../../../sync/api/books';
import { openingChapter } from '../../../sync/books/opening-chapter';
import { bookCacheName, callCached } from '../library/offline-books';

export type BookKind = 'book' | 'manuscript' | 'edition';
type BookRef = Pick<BookDetailResponse, 'id' | 'status'>;

const MANUSCRIPT_STATUS = 'manuscript';
const EDITION_STATUS = 'edition';
/** A manuscript or a submitted edition: not a store book (no printing, no offline copy across visits). */
export const isManuscript = (book: BookRef) => book.status === MANUSCRIPT_STATUS || book.status === EDITION_STATUS;

/** Where the reader for this book lives: `/books/{id}`, `/books/manuscript/{id}` or `/books/edition/{id}`. */
export const readerPath = (book: BookRef) =>
  book.status === EDITION_STATUS ? `/books/edition/${book.id}` : book.status === MANUSCRIPT_STATUS ? `/books/manuscript/${book.id}` : `/books/${book.id}`;

const previewEndpoints = () => import('./preview-endpoints');

const bookQuery = (bookId: string, kind: BookKind) => ({
  queryKey: ['reader-book', kind, bookId],
  queryFn: async () => {
    if (kind === 'book') return callCached(getBook, { id: bookId }, bookCacheName(bookId));
    forget(bookId);
    const preview = await previewEndpoints();
    return callCached(kind === 'edition' ? preview.getEditionBook : preview.getManuscriptBook, { id: bookId }, bookCacheName(bookId));
  },
  retry: false,
  staleTime: kind === 'book' ? 60_000 : 0,
});

export function useBook(bookId: string, kind: BookKind = 'book') {
  return useQuery(bookQuery(bookId, kind));
}

/**
 * Starts a book's requests as its reader route is entered, before the page renders and while the
 * session is still being checked: the book and, in parallel, the chapter at `place` (this
 * device's remembered position), or else its opening chapter the moment the book arrives. The
 * page's own queries find them in flight. Books only: a manuscript's text is fetched afresh.
 */
export function startReading(queryClient: QueryClient, bookId: string, place: { chapterId: string } | null): void {
  const ref = { id: bookId, status: 'published' };
  if (place) void loadChapter(ref, place.chapterId).catch(() => undefined);
  void queryClient.fetchQuery(bookQuery(bookId, 'book')).then(
    (book) => {
      const chapterId = openingChapter(book, place);
      if (chapterId) void loadChapter(book, chapterId).catch(() => undefined);
    },
    () => undefined, // the page shows the failure when it asks
  );
}

/** Chapters are loaded once per page visit: turning pages and switching modes never refetch. */
const memo = new Map<string, Promise<ChapterResponse>>();

function forget(bookId: string) {
  for (const key of memo.keys()) if (key.startsWith(`${bookId}/`)) memo.delete(key);
}

export function loadChapter(book: BookRef, chapterId: string): Promise<ChapterResponse> {
  const key = `${book.id}/${chapterId}`;
  let p = memo.get(key);
  if (!p) {
    const params = { id: book.id, chapterId };
    p = isManuscript(book)
      ? previewEndpoints().then((preview) =>
          callCached(book.status === EDITION_STATUS ? preview.getEditionChapter : preview.getManuscriptChapter, params, bookCacheName(book.id)),
        )
      : callCached(getBookChapter, params, bookCacheName(book.id));
    p.catch(() => memo.delete(key));
    memo.set(key, p);
  }
  return p;
}

/** Chapters known without a fetch (the development pages' sample book): the views then load them from here. */
export function primeChapters(chapters: ChapterResponse[]): void {
  for (const c of chapters) if (!memo.has(`${c.bookId}/${c.id}`)) memo.set(`${c.bookId}/${c.id}`, Promise.resolve(c));
}
