import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookDetailResponse } from '../../../sync/api/books';
import { ChapterList } from './chapter-list';
import { openingChapter } from '../../../sync/books/opening-chapter';

const WORDS = 10;
const summary = (ord: number, readable = true) => ({ id: `c${ord}`, title: `Chapter ${ord + 1}`, linear: true, wordCount: WORDS, readable });

/** A long book (decision 054): `count` chapters of WORDS words, the detail listing positions from..from+size. */
function longBook(count: number, { from = 0, size = 3, pageSize = 4, access = 'full' as BookDetailResponse['access'] } = {}): BookDetailResponse {
  const readable = (ord: number) => access === 'full' || ord === 0;
  return {
    id: `long-${count}-${from}-${access}`,
    slug: 'long',
    title: 'A long book',
    subtitle: '',
    description: '',
    language: 'en',
    contributors: [],
    publisher: '',
    status: 'published',
    priceCents: 0,
    currency: 'EUR',
    coverUrl: null,
    direction: 'ltr',
    writingMode: 'horizontal-tb',
    accessibility: { accessModes: [], accessModesSufficient: [], features: [], hazards: [], summary: '', conformsTo: [] },
    toc: [],
    stylesheets: [],
    access,
    sampleChapterId: 'c0',
    chapters: Array.from({ length: size }, (_, i) => summary(from + i, readable(from + i))),
    chapterWindow: { count, from, wordsBefore: access === 'full' ? from * WORDS : 0, words: access === 'full' ? count * WORDS : WORDS, pageSize },
  };
}

/** The server's answers: pages of the chapter list, and chapters (which say their position). */
function serve(book: BookDetailResponse) {
  const requested: string[] = [];
  const { count, pageSize } = book.chapterWindow!;
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    const page = /\/chapter-list\/(\d+)$/.exec(url);
    if (page) {
      const from = Number(page[1]) * pageSize;
      const ords = Array.from({ length: Math.max(0, Math.min(pageSize, count - from)) }, (_, i) => from + i);
      return Response.json({
        from,
        wordsBefore: book.access === 'full' ? from * WORDS : WORDS,
        chapters: ords.map((o) => summary(o, book.access === 'full' || o === 0)),
      });
    }
    const id = url.split('/').pop()!;
    return Response.json({ id, bookId: book.id, ord: Number(id.slice(1)), title: '', linear: true, xhtml: '<p>x</p>' });
  });
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChapterList', () => {
  it('knows a short book whole, with its progress by readable words', () => {
    const short = { ...longBook(3, { size: 3 }), chapterWindow: undefined };
    short.chapters[1]!.readable = false;
    const list = new ChapterList(short);
    expect(list.complete).toBe(true);
    expect(list.words).toBe(2 * WORDS);
    expect(list.neighbour('c0', 1)).toBe('c2'); // c1 is not readable
    expect(list.neighbour('c2', 1)).toBeUndefined();
    expect(list.progress('c2', 0.5)).toBe(0.75);
  });

  it('fetches the page a neighbour is on, once, and tells its subscribers', async () => {
    const book = longBook(10);
    const requested = serve(book);
    const list = new ChapterList(book);
    expect(list.complete).toBe(false);
    expect(list.neighbour('c1', 1)).toBe('c2');
    expect(list.progress('c2', 0)).toBe(0.2);
    const changed = vi.fn();
    list.subscribe(changed);
    // c3 and the one after it: pages 0 and 1 (four chapters a page).
    await expect(list.neighbour('c2', 1)).resolves.toBe('c3');
    expect(requested).toEqual([`/api/books/${book.id}/chapter-list/0`, `/api/books/${book.id}/chapter-list/1`]);
    expect(changed).toHaveBeenCalled();
    expect(list.neighbour('c3', 1)).toBe('c4');
    expect(list.get('c7')).toMatchObject({ ord: 7, wordsBefore: 7 * WORDS, title: 'Chapter 8' });
    expect(list.progress('c7', 0.5)).toBe(0.75);
    expect(list.neighbour('c7', 1)).toBeInstanceOf(Promise);
    await expect(list.neighbour('c7', 1)).resolves.toBe('c8');
    expect(requested).toHaveLength(3);
  });

  it('locates a chapter outside the window through the chapter and its page', async () => {
    const book = longBook(20);
    const requested = serve(book);
    const list = new ChapterList(book);
    expect(list.get('c13')).toBeUndefined();
    await expect(list.locate('c13')).resolves.toMatchObject({ ord: 13, wordsBefore: 13 * WORDS });
    expect(requested).toEqual([`/api/books/${book.id}/chapters/c13`, `/api/books/${book.id}/chapter-list/3`]);
    await expect(list.neighbour('c12', -1)).resolves.toBe('c11');
    await expect(list.neighbour('c19', 1)).resolves.toBeUndefined();
  });

  it('lists every chapter on demand, and a sample reader’s only readable chapter has no neighbours', async () => {
    const book = longBook(10);
    serve(book);
    expect((await new ChapterList(book).readableIds()).length).toBe(10);
    const sample = longBook(10, { access: 'sample' });
    const requested = serve(sample);
    const list = new ChapterList(sample);
    expect(list.neighbour('c0', 1)).toBeUndefined();
    expect(requested).toEqual([]);
    expect(list.progress('c0', 0.5)).toBe(0.5);
    expect(await list.readableIds()).toEqual(['c0']);
  });

  it('gives every readable chapter at once only when all are known, not the few its detail lists', async () => {
    const book = longBook(10, { from: 6 });
    serve(book);
    const list = new ChapterList(book);
    expect(list.knownReadableIds()).toBeUndefined();
    await list.readableIds();
    // Scroll mode's chapters (decision 060): the whole book, though the detail lists c6 to c8.
    expect(list.knownReadableIds()).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
    const short = { ...longBook(3, { size: 3 }), chapterWindow: undefined };
    short.chapters[1]!.readable = false;
    expect(new ChapterList(short).knownReadableIds()).toEqual(['c0', 'c2']);
  });

  it('opens at a remembered place outside the window for a full reader only', () => {
    expect(openingChapter(longBook(10), { chapterId: 'c8' })).toBe('c8');
    expect(openingChapter(longBook(10, { access: 'sample' }), { chapterId: 'c8' })).toBe('c0');
    expect(openingChapter(longBook(10), null)).toBe('c0');
  });
});
