/** Search in a book over its chapters (from the network or the download cache, so offline too). */
import type { BookDetailResponse } from '../../../sync/api/books';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { createQuote, normalise } from './text-quote';
import { loadAllChapters } from './chapter-list';

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
  const needle = normalise(query).text.trim().toLowerCase();
  if (!needle) return [];
  const { text, map } = normalise(raw);
  const hay = text.toLowerCase();
  const out: TextQuote[] = [];
  for (let at = hay.indexOf(needle); at !== -1 && out.length < limit; at = hay.indexOf(needle, at + needle.length)) {
    out.push(createQuote(raw, map[at]!, map[at + needle.length - 1]! + 1));
  }
  return out;
}

export async function searchBook(book: BookDetailResponse, query: string): Promise<SearchHit[]> {
  const chapters = await loadAllChapters(book);
  const hits: SearchHit[] = [];
  for (const ch of chapters) {
    for (const quote of findInText(plainText(ch.xhtml), query, MAX_HITS - hits.length)) hits.push({ chapterId: ch.id, chapterTitle: ch.title, quote });
    if (hits.length >= MAX_HITS) break;
  }
  return hits;
}
