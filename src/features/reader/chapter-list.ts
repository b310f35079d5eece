/**
 * What the reader knows of a book's chapters (decision 054). A short book's detail lists them all;
 * a long one's lists a window around its opening chapter, and the rest are fetched here in pages
 * by position when something asks — the next chapter at a chapter's end, the place of a chapter
 * jumped to, every chapter for scrolling, search or a download — through the download cache, so a
 * downloaded book answers offline. Progress needs no list: each known chapter carries the readable
 * words before it, and the book its total.
 */
import { getBookChapterList, type BookDetailResponse, type ChapterListPage, type ChapterResponse, type ChapterSummary } from '../../../sync/api/books';
import { bookCacheName, callCached } from '../library/offline-books';
import { loadChapter } from './use-book';

export interface ListedChapter extends ChapterSummary {
  /** Position among all the book's chapters, from 0. */
  ord: number;
  /** Readable words before this chapter (this reader's: a sample reader's are the sample's). */
  wordsBefore: number;
}

type Book = Pick<BookDetailResponse, 'id' | 'status' | 'access' | 'chapters' | 'chapterWindow'>;

/** Pages fetched at once when the whole list is wanted. */
const PARALLEL_PAGES = 4;

export class ChapterList {
  /** Chapters in the book. */
  readonly count: number;
  /** Readable words in the book. */
  readonly words: number;
  private readonly byOrd: (ListedChapter | undefined)[];
  private readonly byId = new Map<string, ListedChapter>();
  private readonly pages = new Map<number, Promise<void>>();
  private readonly pageSize: number;
  private readonly listeners = new Set<() => void>();
  private known = 0;
  /** Bumped at each change, for useSyncExternalStore. */
  version = 0;

  constructor(private readonly book: Book) {
    const window = book.chapterWindow;
    this.count = window?.count ?? book.chapters.length;
    this.words = window?.words ?? book.chapters.reduce((n, c) => n + (c.readable ? c.wordCount : 0), 0);
    this.pageSize = window?.pageSize ?? Math.max(1, this.count);
    this.byOrd = new Array<ListedChapter | undefined>(this.count);
    this.add({ from: window?.from ?? 0, wordsBefore: window?.wordsBefore ?? 0, chapters: book.chapters });
  }

  /** Every chapter is known (a short book, or a long one fully fetched). */
  get complete(): boolean {
    return this.known === this.count;
  }

  get(chapterId: string): ListedChapter | undefined {
    return this.byId.get(chapterId);
  }

  /** The share of the book read at `fraction` of this chapter, once the chapter is known. */
  progress(chapterId: string, fraction: number): number | undefined {
    const c = this.byId.get(chapterId);
    if (!c) return undefined;
    if (this.words === 0) return 0;
    return Math.min(1, Math.max(0, (c.wordsBefore + (c.readable ? c.wordCount : 0) * fraction) / this.words));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  /** Where a chapter is: known, or found through the chapter itself (its position) and its page. */
  async locate(chapterId: string): Promise<ListedChapter | undefined> {
    const known = this.byId.get(chapterId);
    if (known || this.complete) return known;
    const chapter = await loadChapter(this.book, chapterId);
    await this.loadAround(chapter.ord);
    return this.byId.get(chapterId);
  }

  /**
   * The readable chapter `delta` away in reading order; undefined at either end. At once when the
   * list knows it, else after fetching the page it is on.
   */
  neighbour(chapterId: string, delta: 1 | -1, fetched = false): string | undefined | Promise<string | undefined> {
    const at = this.byId.get(chapterId);
    if (!at) return this.complete || fetched ? undefined : this.locate(chapterId).then(() => this.neighbour(chapterId, delta, true));
    for (let ord = at.ord + delta; ord >= 0 && ord < this.count; ord += delta) {
      const c = this.byOrd[ord];
      if (c?.readable) return c.id;
      // Only a full reader reads more than one chapter (the server's rule): a sample reader's list is not fetched.
      if (!c) return this.book.access === 'full' && !fetched ? this.loadAround(ord).then(() => this.neighbour(chapterId, delta, true)) : undefined;
    }
    return undefined;
  }

  /** Every chapter, fetching the pages not yet here. */
  async all(): Promise<ListedChapter[]> {
    const missing = [...Array(Math.ceil(this.count / this.pageSize)).keys()].filter((p) => !this.pageKnown(p));
    let next = 0;
    const worker = async () => {
      while (next < missing.length) await this.loadPage(missing[next++]!);
    };
    await Promise.all(Array.from({ length: PARALLEL_PAGES }, worker));
    return this.byOrd.filter((c): c is ListedChapter => c !== undefined);
  }

  /** Readable chapter ids in reading order, at once when every chapter is known (else undefined). */
  knownReadableIds(): string[] | undefined {
    if (!this.complete) return undefined;
    return this.byOrd.filter((c): c is ListedChapter => c?.readable === true).map((c) => c.id);
  }

  /** Readable chapter ids in reading order (scrolling, search, a download). */
  async readableIds(): Promise<string[]> {
    return (await this.all()).filter((c) => c.readable).map((c) => c.id);
  }

  private loadAround(ord: number): Promise<void> {
    const pages = new Set([ord - 1, ord, ord + 1].filter((o) => o >= 0 && o < this.count).map((o) => Math.floor(o / this.pageSize)));
    return Promise.all([...pages].filter((p) => !this.pageKnown(p)).map((p) => this.loadPage(p))).then(() => undefined);
  }

  private pageKnown(page: number): boolean {
    const from = page * this.pageSize;
    for (let ord = from; ord < Math.min(this.count, from + this.pageSize); ord++) if (!this.byOrd[ord]) return false;
    return true;
  }

  private loadPage(page: number): Promise<void> {
    let p = this.pages.get(page);
    if (!p) {
      p = callCached(getBookChapterList, { id: this.book.id, page: String(page) }, bookCacheName(this.book.id)).then((answer) => this.add(answer));
      p.catch(() => this.pages.delete(page));
      this.pages.set(page, p);
    }
    return p;
  }

  private add({ from, wordsBefore, chapters }: ChapterListPage): void {
    let before = wordsBefore;
    chapters.forEach((c, i) => {
      const ord = from + i;
      if (ord >= this.count) return;
      const listed = { ...c, ord, wordsBefore: before };
      before += c.readable ? c.wordCount : 0;
      if (!this.byOrd[ord]) this.known++;
      this.byOrd[ord] = listed;
      this.byId.set(c.id, listed);
    });
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

const lists = new WeakMap<Book, ChapterList>();

/** The one list of a book's detail (a refetched detail starts a new one). */
export function chapterList(book: Book): ChapterList {
  let list = lists.get(book);
  if (!list) {
    list = new ChapterList(book);
    lists.set(book, list);
  }
  return list;
}

/** Load the readable chapters either side of `chapterId`, so crossing into them is a page turn, not a fetch. */
export function prefetchNeighbours(book: Book, chapterId: string): void {
  const list = chapterList(book);
  for (const delta of [1, -1] as const) {
    void Promise.resolve(list.neighbour(chapterId, delta))
      .then((id) => (id ? loadChapter(book, id) : undefined))
      .catch(() => undefined);
  }
}

/** Every readable chapter, a few at a time (flow mode, search, Ask offline). */
export async function loadAllChapters(book: Book): Promise<ChapterResponse[]> {
  return loadChapters(book, await chapterList(book).readableIds());
}

/** These chapters, in this order, a few at a time. */
export async function loadChapters(book: Book, ids: string[]): Promise<ChapterResponse[]> {
  const out: ChapterResponse[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      out[i] = await loadChapter(book, ids[i]!);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return out;
}
