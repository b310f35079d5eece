/** The book's detail and its chapters, from the network or (offline) the book's download cache. */
import { useQuery } from '@tanstack/react-query';
import type { BookDetailResponse, ChapterResponse } from '../../../sync/api/books';
import { bookCacheName, bookUrl, chapterUrl, fetchJsonCached } from '../library/offline-books';

export function useBook(bookId: string) {
  return useQuery({ queryKey: ['reader-book', bookId], queryFn: () => fetchJsonCached<BookDetailResponse>(bookUrl(bookId), bookCacheName(bookId)), retry: false, staleTime: 60_000 });
}

/** Chapters are loaded once per page visit: turning pages and switching modes never refetch. */
const memo = new Map<string, Promise<ChapterResponse>>();

export function loadChapter(bookId: string, chapterId: string): Promise<ChapterResponse> {
  const key = `${bookId}/${chapterId}`;
  let p = memo.get(key);
  if (!p) {
    p = fetchJsonCached<ChapterResponse>(chapterUrl(bookId, chapterId), bookCacheName(bookId));
    p.catch(() => memo.delete(key));
    memo.set(key, p);
  }
  return p;
}

/** Every readable chapter, a few at a time (flow mode and search). */
export async function loadAllChapters(book: BookDetailResponse): Promise<ChapterResponse[]> {
  const ids = book.chapters.filter((c) => c.readable).map((c) => c.id);
  const out: ChapterResponse[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      out[i] = await loadChapter(book.id, ids[i]!);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return out;
}
