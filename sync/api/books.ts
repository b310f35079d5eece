/** Wire types of /api/books (and the manuscript book view, which has the same shape). */
import * as z from 'zod/mini';
import type { TocEntry } from '../book-format';
import { endpoint } from './contract';
import { ImageSetSchema } from './images';

/** A book as a card on the home page and in lists. */
export const BookCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Names of the contributors with the author or co-author role, in order. */
  authors: z.array(z.string()),
  priceCents: z.number(),
  currency: z.string(),
  /** Null when the book has no cover asset. */
  coverUrl: z.nullable(z.string()),
  /** The cover's WebP and AVIF variants, once made (server/images). */
  coverSet: z.optional(ImageSetSchema),
});
export type BookCard = z.infer<typeof BookCardSchema>;

export const getHomeBooks = endpoint({
  method: 'GET',
  path: '/api/books/home',
  response: z.object({ featured: z.array(BookCardSchema), newReleases: z.array(BookCardSchema) }),
});
export type HomeBooksResponse = z.infer<typeof getHomeBooks.response>;

const TocEntrySchema: z.ZodMiniType<TocEntry> = z.object({
  title: z.string(),
  chapterId: z.string(),
  anchor: z.optional(z.string()),
  get children() {
    return z.array(TocEntrySchema);
  },
});

const ChapterSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  linear: z.boolean(),
  wordCount: z.number(),
  readable: z.boolean(),
  /** A fixed-layout page's side of a spread, when the book says. */
  pageSpread: z.optional(z.enum(['left', 'right', 'center'])),
  /** A fixed-layout page's size in CSS px; absent for a reflowable chapter. */
  viewport: z.optional(z.object({ width: z.number(), height: z.number() })),
});
export type ChapterSummary = z.infer<typeof ChapterSummarySchema>;

/** What the reader needs before the first chapter. */
export const BookDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  description: z.string(),
  language: z.string(),
  contributors: z.array(z.object({ name: z.string(), role: z.string() })),
  publisher: z.string(),
  status: z.string(),
  priceCents: z.number(),
  currency: z.string(),
  coverUrl: z.nullable(z.string()),
  direction: z.enum(['ltr', 'rtl']),
  writingMode: z.string(),
  accessibility: z.object({
    accessModes: z.array(z.string()),
    accessModesSufficient: z.array(z.string()),
    features: z.array(z.string()),
    hazards: z.array(z.string()),
    summary: z.string(),
    conformsTo: z.array(z.string()),
  }),
  /** Empty when `tocSize` is set: a long book's contents come from getBookToc (decision 053). */
  toc: z.array(TocEntrySchema),
  /** Entries in the contents, at every level, when there are too many to come with the book. */
  tocSize: z.optional(z.number()),
  /** Scoped stylesheet URLs, in order; the reader wraps chapters in `scopeClass` + data-book. */
  stylesheets: z.array(z.string()),
  access: z.enum(['full', 'sample', 'none']),
  sampleChapterId: z.nullable(z.string()),
  /** Fixed-layout books only ("pre-paginated"); absent for reflowable books, and from answers cached before. */
  layout: z.optional(z.enum(['reflowable', 'pre-paginated'])),
  /** When two fixed-layout pages share the screen (EPUB rendition:spread). */
  spread: z.optional(z.enum(['auto', 'none', 'landscape', 'both'])),
  /** Every chapter in reading order, unless `chapterWindow` says these are a slice of a long book's. */
  chapters: z.array(ChapterSummarySchema),
  /**
   * A long book (decision 054): `chapters` is only the opening chapter and a few either side; the
   * others come from getBookChapterList, `pageSize` by position. Absent when `chapters` is whole.
   */
  chapterWindow: z.optional(
    z.object({
      /** Chapters in the book. */
      count: z.number(),
      /** Position of `chapters[0]` among them (0 for the first). */
      from: z.number(),
      /** Readable words before `chapters[0]`, and in the whole book (for this reader: a sample's are the sample's). */
      wordsBefore: z.number(),
      words: z.number(),
      pageSize: z.number(),
    }),
  ),
});
export type BookDetailResponse = z.infer<typeof BookDetailSchema>;

export const ChapterSchema = z.object({
  id: z.string(),
  bookId: z.string(),
  ord: z.number(),
  title: z.string(),
  linear: z.boolean(),
  /** Sanitised XHTML body fragment, wrapped in `.quire-body`. */
  xhtml: z.string(),
});
export type ChapterResponse = z.infer<typeof ChapterSchema>;

export const getBook = endpoint({ method: 'GET', path: '/api/books/:id', response: BookDetailSchema });
/** A long book's contents, fetched when the reader opens them (and kept with a downloaded book). */
export const getBookToc = endpoint({ method: 'GET', path: '/api/books/:id/toc', response: z.object({ toc: z.array(TocEntrySchema) }) });
/**
 * A page of a long book's chapters by position: page `n` holds positions n × pageSize up to the
 * next page's, with the readable words before the first of them (for progress). Behind the same
 * access rule as the book; kept with a downloaded book.
 */
export const getBookChapterList = endpoint({
  method: 'GET',
  path: '/api/books/:id/chapter-list/:page',
  response: z.object({ from: z.number(), wordsBefore: z.number(), chapters: z.array(ChapterSummarySchema) }),
});
export type ChapterListPage = z.infer<typeof getBookChapterList.response>;
/** Chapters searched at most per request; a reader shows at most this many places anyway. */
export const BOOK_SEARCH_MAX_CHAPTERS = 200;
/**
 * The chapters of a book that hold the words (sync/books/search-text.ts), in reading order, at
 * most BOOK_SEARCH_MAX_CHAPTERS (`more` when others do too). For a long book that is not
 * downloaded, so the reader fetches only those chapters. A reader of the whole book only (403 for
 * a sample: it searches the sample itself); rate-limited per account.
 */
export const searchBookChapters = endpoint({
  method: 'GET',
  path: '/api/books/:id/search',
  query: z.object({
    q: z
      .string({ error: 'Type the words to find.' })
      .check(z.trim(), z.minLength(1, 'Type the words to find.'), z.maxLength(200, 'Search for at most 200 characters.')),
  }),
  response: z.object({ chapterIds: z.array(z.string()), more: z.boolean() }),
});
export const getBookChapter = endpoint({ method: 'GET', path: '/api/books/:id/chapters/:chapterId', response: ChapterSchema });
/** Served as bytes (images, fonts, the book's CSS): a URL for `src` and `href`, not a JSON call. */
export const BOOK_ASSET_PATH = '/api/books/:id/assets/:path';

export const claimBook = endpoint({ method: 'POST', path: '/api/books/:id/claim', response: z.object({ bookId: z.string(), inLibrary: z.boolean() }) });

/** The EPUB is the raw request body (Content-Type application/epub+zip); the job's id comes back at once. */
export const startBookImport = endpoint({ method: 'POST', path: '/api/books/import', status: 202, response: z.object({ importId: z.string() }) });
export type ImportStartedResponse = z.infer<typeof startBookImport.response>;

export const getBookImport = endpoint({
  method: 'GET',
  path: '/api/books/imports/:id',
  response: z.object({
    id: z.string(),
    status: z.enum(['queued', 'done', 'failed']),
    error: z.nullable(z.string()),
    bookId: z.nullable(z.string()),
    createdAt: z.number(),
    finishedAt: z.nullable(z.number()),
  }),
});
export type BookImportResponse = z.infer<typeof getBookImport.response>;

/**
 * The whole book for typesetting: only for those with full access (owners, the book's
 * contributors, admins); 403 for someone who may only see the sample, 404 when the book is hidden.
 */
export const getPrintableBook = endpoint({
  method: 'GET',
  path: '/api/books/:id/printable',
  response: z.object({ book: BookDetailSchema, chapters: z.array(ChapterSchema) }),
});
export type PrintableBookResponse = z.infer<typeof getPrintableBook.response>;
