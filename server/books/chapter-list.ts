/**
 * A book's chapters as the reader lists them (decision 054). A book of up to CHAPTERS_INLINE_MAX
 * chapters sends them all with its detail; a longer one sends a window (the opening chapter and a
 * few either side) with the count and its readable words, and the rest in pages by position. Each
 * query reads a range of the (book_id, ord) index, never the whole book.
 */
import type { BookDetailResponse, ChapterListPage, ChapterSummary } from '../../sync/api/books';
import type { AppContext } from '../context';
import { CHAPTER_LIST_PAGE, CHAPTER_WINDOW, CHAPTERS_INLINE_MAX } from '../limits';
import type { BookForReading } from './access';

const SUMMARY_COLUMNS = ['id', 'ord', 'title', 'linear', 'wordCount', 'layout', 'pageSpread', 'viewportWidth', 'viewportHeight'] as const;

interface SummaryRow {
  id: string;
  title: string;
  linear: number;
  wordCount: number;
  layout: 'reflowable' | 'pre-paginated';
  pageSpread: 'left' | 'right' | 'center' | null;
  viewportWidth: number | null;
  viewportHeight: number | null;
}

type Found = Pick<BookForReading, 'access' | 'sampleChapterId' | 'sampleChapterOrd'> & { book: { id: string } };

function summary(ch: SummaryRow, found: Found, fixed: boolean): ChapterSummary {
  return {
    id: ch.id,
    title: ch.title,
    linear: ch.linear === 1,
    wordCount: ch.wordCount,
    readable: found.access === 'full' || ch.id === found.sampleChapterId,
    ...(fixed && ch.pageSpread ? { pageSpread: ch.pageSpread } : {}),
    ...(fixed && ch.layout === 'pre-paginated' && ch.viewportWidth !== null && ch.viewportHeight !== null
      ? { viewport: { width: ch.viewportWidth, height: ch.viewportHeight } }
      : {}),
  };
}

function range(ctx: AppContext, bookId: string, from: number, size: number) {
  return ctx.db
    .selectFrom('bookChapters')
    .select(SUMMARY_COLUMNS)
    .where('bookId', '=', bookId)
    .where('ord', '>=', from)
    .where('ord', '<', from + size)
    .orderBy('ord')
    .execute();
}

/** Readable words before position `ord`: all of them for a full reader, the sample's for the others. */
async function readableWordsBefore(ctx: AppContext, found: Found, ord: number): Promise<number> {
  if (ord === 0) return 0;
  if (found.access !== 'full') {
    if (found.sampleChapterOrd === undefined || found.sampleChapterOrd >= ord) return 0;
    return (await sampleWords(ctx, found)) ?? 0;
  }
  const row = await ctx.db
    .selectFrom('bookChapters')
    .select((eb) => eb.fn.sum<number>('wordCount').as('words'))
    .where('bookId', '=', found.book.id)
    .where('ord', '<', ord)
    .executeTakeFirst();
  return Number(row?.words ?? 0);
}

async function sampleWords(ctx: AppContext, found: Found): Promise<number | undefined> {
  if (!found.sampleChapterId) return undefined;
  const row = await ctx.db.selectFrom('bookChapters').select('wordCount').where('id', '=', found.sampleChapterId).executeTakeFirst();
  return row?.wordCount;
}

async function chapterCount(ctx: AppContext, bookId: string, { linearOnly = false } = {}): Promise<number> {
  let query = ctx.db
    .selectFrom('bookChapters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bookId', '=', bookId);
  if (linearOnly) query = query.where('linear', '=', 1);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const linearChapterCount = (ctx: AppContext, bookId: string) => chapterCount(ctx, bookId, { linearOnly: true });

/**
 * The detail's `chapters` (and `chapterWindow` for a long book). `whole` lists every chapter
 * (printing); so does a fixed-layout book, whose spreads and thumbnails need every page.
 */
export async function detailChapters(
  ctx: AppContext,
  found: Found,
  book: { wordCount: number; fixed: boolean },
  { whole = false } = {},
): Promise<Pick<BookDetailResponse, 'chapters' | 'chapterWindow'>> {
  const id = found.book.id;
  const count = whole || book.fixed ? Infinity : await chapterCount(ctx, id);
  if (count <= CHAPTERS_INLINE_MAX || count === Infinity) {
    const rows = await ctx.db.selectFrom('bookChapters').select(SUMMARY_COLUMNS).where('bookId', '=', id).orderBy('ord').execute();
    return { chapters: rows.map((ch) => summary(ch, found, book.fixed)) };
  }
  // Opening at the first chapter this reader may read: the first of all, or the sample.
  const opening = found.access === 'full' ? 0 : (found.sampleChapterOrd ?? 0);
  const from = Math.max(0, opening - CHAPTER_WINDOW.before);
  const [rows, wordsBefore, words] = await Promise.all([
    range(ctx, id, from, CHAPTER_WINDOW.size),
    readableWordsBefore(ctx, found, from),
    found.access === 'full' ? book.wordCount : sampleWords(ctx, found).then((n) => n ?? 0),
  ]);
  return {
    chapters: rows.map((ch) => summary(ch, found, false)),
    chapterWindow: { count, from, wordsBefore, words, pageSize: CHAPTER_LIST_PAGE },
  };
}

/** Page `page` of the chapters by position; null past the last page. */
export async function chapterListPage(ctx: AppContext, found: Found, page: number, fixed: boolean): Promise<ChapterListPage | null> {
  const from = page * CHAPTER_LIST_PAGE;
  const [rows, wordsBefore] = await Promise.all([range(ctx, found.book.id, from, CHAPTER_LIST_PAGE), readableWordsBefore(ctx, found, from)]);
  if (rows.length === 0 && page > 0) return null;
  return { from, wordsBefore, chapters: rows.map((ch) => summary(ch, found, fixed)) };
}

/** A long book with no contents of its own: its linear chapters stand in for them, as in the drawer. */
export async function chaptersAsContents(ctx: AppContext, bookId: string) {
  const rows = await ctx.db.selectFrom('bookChapters').select(['id', 'title']).where('bookId', '=', bookId).where('linear', '=', 1).orderBy('ord').execute();
  return rows.map((r) => ({ title: r.title, chapterId: r.id, children: [] }));
}
