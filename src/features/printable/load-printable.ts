/**
 * The book to print: /api/books/:id/printable online. Offline, a downloaded book is put together
 * from its download cache (detail + chapters, the same data the reader reads offline). The
 * book's stylesheets are read as text here so Paged.js never has to fetch them itself.
 */
import { getBook, getBookChapter, getBookToc, getPrintableBook, type BookDetailResponse, type PrintableBookResponse } from '../../../sync/api/books';
import { getManuscriptBook, getManuscriptChapter } from '../../../sync/api/manuscripts';
import { withTitleHeading } from '../../../sync/print/print-book';
import { ApiRequestError, call } from '../../lib/api';
import { bookCacheName, callCached, isDownloaded } from '../library/offline-books';
import { chapterList } from '../reader/chapter-list';

export type PrintableResult =
  { kind: 'ok'; data: PrintableBookResponse; offline: boolean } | { kind: 'refused'; message: string } | { kind: 'missing' } | { kind: 'offline' };

async function fromDownload(bookId: string): Promise<PrintableResult> {
  if (!(await isDownloaded(bookId))) return { kind: 'offline' };
  const cache = bookCacheName(bookId);
  const book = await callCached(getBook, { id: bookId }, cache);
  if (book.access !== 'full') return { kind: 'refused', message: "Only the book's owners and authors can print it." };
  // A long book's chapter list and contents were downloaded on their own (decisions 053 and 054).
  const [listed, toc] = await Promise.all([
    chapterList(book).all(),
    book.tocSize !== undefined ? callCached(getBookToc, { id: bookId }, cache).then((t) => t.toc) : book.toc,
  ]);
  const chapters = await Promise.all(listed.filter((c) => c.readable).map((c) => callCached(getBookChapter, { id: bookId, chapterId: c.id }, cache)));
  return { kind: 'ok', data: { book: { ...book, toc, chapters: listed, chapterWindow: undefined }, chapters }, offline: true };
}

export async function loadPrintable(bookId: string): Promise<PrintableResult> {
  try {
    return { kind: 'ok', data: await call(getPrintableBook, { params: { id: bookId } }), offline: false };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err;
    if (err.status === 403) return { kind: 'refused', message: err.message };
    if (err.status === 404) return { kind: 'missing' };
    if (!err.isNetwork) throw err;
    return fromDownload(bookId);
  }
}

/** Stylesheet texts keyed by URL, from the network or the download cache; a missing one is skipped. */
export async function bookStylesheets(book: BookDetailResponse): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = [];
  for (const href of book.stylesheets) {
    let res = await fetch(href, { credentials: 'same-origin' }).catch(() => undefined);
    if (!res?.ok && typeof caches !== 'undefined') res = await (await caches.open(bookCacheName(book.id))).match(href);
    if (res?.ok) out.push({ [href]: await res.text() });
  }
  return out;
}

/**
 * A manuscript to print (/printable/manuscript/{id}): its book view and every chapter, from the
 * network only — its text keeps changing, so it is never printed from an old copy.
 */
export async function loadManuscriptPrintable(manuscriptId: string): Promise<PrintableResult> {
  try {
    const book = await call(getManuscriptBook, { params: { id: manuscriptId } });
    const chapters = await Promise.all(
      book.chapters.map((c) => call(getManuscriptChapter, { params: { id: manuscriptId, chapterId: c.id } }).then(withTitleHeading)),
    );
    return { kind: 'ok', data: { book, chapters }, offline: false };
  } catch (err) {
    if (!(err instanceof ApiRequestError)) throw err;
    if (err.status === 404) return { kind: 'missing' };
    if (err.isNetwork) return { kind: 'offline' };
    throw err;
  }
}
