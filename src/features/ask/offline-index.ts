/**
 * "Ask this book" without the network: an index built in the browser with MiniSearch over a
 * downloaded book's chapters (from its download cache), split into the same passages and terms as
 * the server's (sync/ask), answering in the same shape. Loaded lazily (MiniSearch is its own
 * chunk) and built once per book per page visit.
 */
import MiniSearch from 'minisearch';
import type { Answer } from '../../../sync/api/ask';
import { ASK_ANSWERS } from '../../../sync/api/ask';
import type { BookDetailResponse } from '../../../sync/api/books';
import { BLOCK_ELEMENTS, HEADING_ELEMENTS, splitPassages, type Passage, type TextRun } from '../../../sync/ask/passages';
import { highlightRanges, indexText, questionTerms } from '../../../sync/ask/query';
import { loadAllChapters } from '../reader/chapter-list';

interface OfflinePassage extends Passage {
  id: string;
  chapterId: string;
  chapterTitle: string;
}

interface OfflineIndex {
  search: MiniSearch<{ id: string; heading: string; body: string }>;
  passages: Map<string, OfflinePassage>;
}

/** A chapter's text runs, as server/ask/chapter-runs.ts makes them, from the browser's parser (inert: no scripts, no loads). */
function domRuns(xhtml: string): TextRun[] {
  const runs: TextRun[] = [];
  let blockStarts = true;
  const walk = (node: Node, heading: boolean) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.nodeValue ?? '';
        if (!text) continue;
        runs.push({ text, block: blockStarts, heading });
        blockStarts = false;
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const name = (child as Element).localName;
        const block = BLOCK_ELEMENTS.has(name);
        if (block) blockStarts = true;
        walk(child, heading || HEADING_ELEMENTS.has(name));
        if (block) blockStarts = true;
      }
    }
  };
  walk(new DOMParser().parseFromString(xhtml, 'text/html').body, false);
  return runs;
}

const built = new Map<string, Promise<OfflineIndex>>();

async function build(book: BookDetailResponse): Promise<OfflineIndex> {
  const chapters = await loadAllChapters(book);
  const passages = new Map<string, OfflinePassage>();
  for (const ch of chapters) {
    for (const p of splitPassages(domRuns(ch.xhtml))) {
      const id = `${ch.id}:${p.ord}`;
      passages.set(id, { ...p, id, chapterId: ch.id, chapterTitle: ch.title });
    }
  }
  // The documents hold the passages' terms (sync/ask/query.ts), so MiniSearch splits on spaces only.
  const search = new MiniSearch<{ id: string; heading: string; body: string }>({
    fields: ['heading', 'body'],
    tokenize: (text) => text.split(' ').filter(Boolean),
    processTerm: (term) => term,
    searchOptions: { boost: { heading: 2 }, combineWith: 'OR' },
  });
  search.addAll([...passages.values()].map((p) => ({ id: p.id, heading: indexText(p.heading), body: indexText(p.text) })));
  return { search, passages };
}

/** The offline answers to a question: the same shape as the server's, without a logged query. */
export async function askOffline(book: BookDetailResponse, question: string): Promise<{ terms: string[]; answers: Answer[] }> {
  let index = built.get(book.id);
  if (!index) {
    index = build(book);
    index.catch(() => built.delete(book.id));
    built.set(book.id, index);
  }
  const { search, passages } = await index;
  const terms = questionTerms(question);
  if (terms.length === 0) return { terms, answers: [] };
  const answers = search
    .search(terms.join(' '))
    .slice(0, ASK_ANSWERS)
    .flatMap((hit) => {
      const p = passages.get(String(hit.id));
      if (!p) return [];
      return [
        {
          passageId: p.id,
          chapterId: p.chapterId,
          chapterTitle: p.chapterTitle,
          heading: p.heading,
          text: p.text,
          quote: p.quote,
          highlights: highlightRanges(p.text, terms),
        },
      ];
    });
  return { terms, answers };
}
