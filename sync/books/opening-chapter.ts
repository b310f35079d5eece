/**
 * Which chapter a reader opens at, decided alike by the reader (src/features/reader) and by the
 * server that names the chapter in the reader page's preloads (server/site/reader-preload.ts).
 */
import type { BookDetailResponse } from '../api/books';

/**
 * The chapter the reader opens at: the given place when that chapter is readable, else the first
 * readable one. A long book's detail lists only a window of chapters (decision 054): a place
 * outside it is taken on trust for a full reader (the chapter's own request says if it is gone).
 */
export function openingChapter(book: Pick<BookDetailResponse, 'chapters' | 'chapterWindow' | 'access'>, place: { chapterId: string } | null): string | null {
  const listed = place && book.chapters.find((c) => c.id === place.chapterId);
  if (listed?.readable) return listed.id;
  if (place && !listed && book.chapterWindow && book.access === 'full') return place.chapterId;
  return book.chapters.find((c) => c.readable)?.id ?? null;
}
