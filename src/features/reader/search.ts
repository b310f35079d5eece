/**
 * Search in a book over its chapters (from the network or the download cache, so offline too). A
 * long book that is not downloaded asks the server which chapters hold the words first, and
 * fetches only those (decision 054).
 */
import { searchBookChapters, type BookDetailResponse, type ChapterResponse } from '../../../sync/api/books';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { searchNeedle } from '../../../sync/books/search-text';
import { call } from '../../lib/api';
import { isDownloaded } from '../library/offline-books';
import { createQuote, normalise } from './text-quote';
import { loadAllChapters, loadChapters } from './chapter-list';

const MAX_HITS = 200;

export interface SearchHit {
  chapterId: string;
  chapterTitle: string;
  quote: TextQuote;
}

/** Plain text of sanitised XHTML, parsed inertly (no scripts, no resource loads). */
function plainText(xhtml: string): string {
  return new DOMParser().parseFromString(xhtml, 'text/html').body.textContent ?? '';
}

/** Case-insensitive hits in one text, as quotes that resolve in the rendered chapter. */
export function findInText(raw: string, query: string, limit = MAX_HITS): TextQuote[] {
  const needle = searchNeedle(query);
  if (!needle) return [];
  const { text, map } = normalise(raw);
  const hay = text.toLowerCase();
  const out: TextQuote[] = [];
  for (let at = hay.indexOf(needle); at !== -1 && out.length < limit; at = hay.indexOf(needle, at + needle.length)) {
    out.push(createQuote(raw, map[at]!, map[at + needle.length - 1]! + 1));
  }
  return out;
}

/** The chapters to search: all of them, or for a long book read online, those the server names. */
async function chaptersToSearch(book: BookDetailResponse, query: string): Promise<ChapterResponse[]> {
  if (!book.chapterWindow || book.access !== 'full' || (await isDownloaded(book.id))) return loadAllChapters(book);
  const { chapterIds } = await call(searchBookChapters, { params: { id: book.id }, query: { q: query } });
  return loadChapters(book, chapterIds);
}

export async function searchBook(book: BookDetailResponse, query: string): Promise<SearchHit[]> {
  if (!searchNeedle(query)) return [];
  const chapters = await chaptersToSearch(book, query);
  const hits: SearchHit[] = [];
  for (const ch of chapters) {
    for (const quote of findInText(plainText(ch.xhtml), query, MAX_HITS - hits.length)) hits.push({ chapterId: ch.id, chapterTitle: ch.title, quote });
    if (hits.length >= MAX_HITS) break;
  }
  return hits;
}
