/**
 * The canonical book format (ARCHITECTURE.md "one canonical book format"): metadata, an ordered
 * list of chapters of sanitised XHTML, and assets (images, fonts, CSS) addressed by a path inside
 * the book. EPUB import, manuscript publishing, every export and the reader go through this one
 * shape, so it stays small and strict: anything a later feature needs is added here first.
 */
import { z } from 'zod';
import { isValidIsbn13 } from './isbn';

/** BCP 47 language tag, loosely: primary subtag plus optional subtags (en, en-GB, zh-Hant-TW). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const CHAPTER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A relative path inside the book: no leading slash, no `..`, no backslashes. */
const ASSET_PATH = /^(?!\/)(?!.*(^|\/)\.\.(\/|$))[A-Za-z0-9._\-/]+$/;

const CONTRIBUTOR_ROLES = ['author', 'co-author', 'editor', 'translator', 'illustrator', 'narrator'] as const;

const ContributorSchema = z.object({
  name: z.string().trim().min(1).max(200),
  role: z.enum(CONTRIBUTOR_ROLES),
});
export type Contributor = z.infer<typeof ContributorSchema>;

const BookMetadataSchema = z.object({
  id: z.string().min(1).max(64),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case words joined by hyphens.')
    .max(120),
  title: z.string().trim().min(1).max(300),
  subtitle: z.string().trim().max(300).default(''),
  /** Rich text: saveBook stores it as the small HTML subset of server/books/description.ts. */
  description: z.string().trim().max(10_000).default(''),
  language: z.string().regex(LANGUAGE_TAG, 'Use a BCP 47 language tag, like en or en-GB.'),
  contributors: z.array(ContributorSchema).min(1, 'A book needs at least one contributor.'),
  publisher: z.string().trim().max(200).default(''),
  isbn: z.string().refine(isValidIsbn13, 'Use a valid ISBN-13 (13 digits, no hyphens).').optional(),
  priceCents: z.number().int().min(0).max(100_000_00),
  currency: z.string().regex(/^[A-Z]{3}$/),
  genres: z.array(z.string().trim().min(1).max(60)).max(10),
  /** ms since the epoch; absent until the book is published. */
  publishedAt: z.number().int().nonnegative().optional(),
  /** The publication date the source file states (EPUB dc:date), as written there. */
  issued: z.string().trim().max(40).optional(),
  /** The series the book belongs to, and its number there (sync/publishing/metadata.ts). */
  series: z.string().trim().min(1).max(200).optional(),
  seriesNumber: z.number().int().min(1).max(999).optional(),
  /** What a reader might search for; at most 7. */
  keywords: z.array(z.string().trim().min(1).max(50)).max(7).optional(),
  /** An AGE_RATINGS key of sync/publishing/age-ratings.ts ("all", "12+"…). */
  ageRating: z.string().max(10).optional(),
});

/**
 * One chapter. `xhtml` is a sanitised XHTML body fragment (no <html>/<body>, no scripts, no event
 * attributes, no external resources); sanitising happens where untrusted text enters (EPUB import,
 * manuscript publishing), and the reader trusts this field.
 */
/** Inside a tag: a script element, an event attribute or a javascript: URL. Text may mention them. */
const UNSAFE_MARKUP = /<\s*script|<[^>]*\son[a-z]+\s*=|<[^>]*javascript:/i;

const LAYOUTS = ['reflowable', 'pre-paginated'] as const;
const PAGE_SPREADS = ['left', 'right', 'center'] as const;
/** EPUB rendition:spread: when two fixed-layout pages may share the screen (portrait reads as both). */
const SPREADS = ['auto', 'none', 'landscape', 'both'] as const;
export type BookLayout = (typeof LAYOUTS)[number];
export type PageSpread = (typeof PAGE_SPREADS)[number];
export type SpreadRule = (typeof SPREADS)[number];
const ViewportSchema = z.object({ width: z.number().positive().max(100_000), height: z.number().positive().max(100_000) });
export type Viewport = z.infer<typeof ViewportSchema>;

export const ChapterSchema = z.object({
  id: z.string().regex(CHAPTER_ID),
  title: z.string().trim().min(1).max(300),
  xhtml: z
    .string()
    .min(1)
    .max(2_000_000)
    .refine((x) => !UNSAFE_MARKUP.test(x), 'Chapter XHTML must be sanitised.'),
  /** False for EPUB spine items marked linear="no" (pop-up notes, answer keys): kept, but the
   * reader skips them when paging through. */
  linear: z.boolean().default(true),
  /** A fixed-layout page (EPUB rendition:layout pre-paginated) is drawn at `viewport` size and
   * scaled to fit, never re-flowed; see decision 029. */
  layout: z.enum(LAYOUTS).default('reflowable'),
  /** Where a fixed-layout page sits in a two-page spread (EPUB page-spread-*); absent: the reader pairs pages. */
  pageSpread: z.enum(PAGE_SPREADS).optional(),
  /** A fixed-layout page's size in CSS px (its viewport meta, or an SVG page's viewBox). */
  viewport: ViewportSchema.optional(),
});

const AssetSchema = z.object({
  path: z.string().regex(ASSET_PATH, 'Use a relative path inside the book.').max(300),
  mediaType: z.string().regex(/^[a-z]+\/[A-Za-z0-9.+-]+$/),
});

/** One table-of-contents entry: a chapter, optionally an anchor (element id) inside it. */
export interface TocEntry {
  title: string;
  chapterId: string;
  anchor?: string;
  children: TocEntry[];
}
const TocEntrySchema: z.ZodType<TocEntry> = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1).max(300),
    chapterId: z.string().regex(CHAPTER_ID),
    anchor: z.string().min(1).max(200).optional(),
    children: z.array(TocEntrySchema).max(10_000),
  }),
);

/** EPUB Accessibility 1.1 / schema.org discovery metadata, as the package states it. */
const AccessibilitySchema = z.object({
  accessModes: z.array(z.string().max(100)).max(20).default([]),
  accessModesSufficient: z.array(z.string().max(200)).max(20).default([]),
  features: z.array(z.string().max(100)).max(50).default([]),
  hazards: z.array(z.string().max(100)).max(20).default([]),
  summary: z.string().max(5000).default(''),
  conformsTo: z.array(z.string().max(300)).max(10).default([]),
});
export type Accessibility = z.infer<typeof AccessibilitySchema>;

const DIRECTIONS = ['ltr', 'rtl'] as const;
const WRITING_MODES = ['horizontal-tb', 'vertical-rl', 'vertical-lr'] as const;

const BookShape = z.object({
  metadata: BookMetadataSchema,
  chapters: z.array(ChapterSchema).min(1, 'A book needs at least one chapter.'),
  assets: z.array(AssetSchema),
  /** Path of the cover among `assets`, when there is one. */
  coverPath: z.string().optional(),
  toc: z.array(TocEntrySchema).max(10_000).default([]),
  /** Page progression (EPUB spine page-progression-direction). */
  direction: z.enum(DIRECTIONS).default('ltr'),
  writingMode: z.enum(WRITING_MODES).default('horizontal-tb'),
  accessibility: AccessibilitySchema.default(() => AccessibilitySchema.parse({})),
  /** CSS assets the reader loads for every chapter, in order (already scoped to the book). */
  stylesheets: z.array(z.string()).max(50).default([]),
  /** pre-paginated: the reader shows pages (fixed-layout EPUB: comics, picture books). */
  layout: z.enum(LAYOUTS).default('reflowable'),
  spread: z.enum(SPREADS).default('auto'),
});
type BookHead = Omit<z.infer<typeof BookShape>, 'chapters'>;

/** Checks of the book beside its chapters; the contents only when the chapters' ids are given. */
function checkHead(book: BookHead, ctx: z.RefinementCtx, ids: ReadonlySet<string> | null): void {
  const paths = new Set<string>();
  book.assets.forEach((a, i) => {
    if (paths.has(a.path)) ctx.addIssue({ code: 'custom', path: ['assets', i, 'path'], message: 'Asset paths must be unique.' });
    paths.add(a.path);
  });
  if (book.coverPath !== undefined && !paths.has(book.coverPath)) {
    ctx.addIssue({ code: 'custom', path: ['coverPath'], message: 'The cover must be one of the assets.' });
  }
  book.stylesheets.forEach((p, i) => {
    if (!paths.has(p)) ctx.addIssue({ code: 'custom', path: ['stylesheets', i], message: 'A stylesheet must be one of the assets.' });
  });
  if (!ids) return;
  const visit = (entries: TocEntry[], at: (string | number)[]) =>
    entries.forEach((e, i) => {
      if (!ids.has(e.chapterId)) ctx.addIssue({ code: 'custom', path: [...at, i, 'chapterId'], message: 'A contents entry must point at a chapter.' });
      visit(e.children, [...at, i, 'children']);
    });
  visit(book.toc, ['toc']);
}

/** A chapter's checks that need more than the chapter: its id is new among `ids` (then added), a page has a size. */
function checkChapterInBook(c: z.infer<typeof ChapterSchema>, at: number, ids: Set<string>, ctx: z.RefinementCtx): void {
  if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['chapters', at, 'id'], message: 'Chapter ids must be unique.' });
  ids.add(c.id);
  if (c.layout === 'pre-paginated' && !c.viewport)
    ctx.addIssue({ code: 'custom', path: ['chapters', at, 'viewport'], message: 'A fixed-layout page needs its size.' });
}

/**
 * A batch of a streamed book's chapters, the first at position `from` (decision 060), checked as
 * CanonicalBookSchema checks them; `ids` holds the ids of the batches before and gains these.
 * Issues name the chapter's place in the book, as for a whole book.
 */
export function parseChapterBatch(batch: ChapterInput[], from: number, ids: Set<string>): Chapter[] {
  const parsed = z
    .array(ChapterSchema)
    .superRefine((chapters, ctx) => chapters.forEach((c, i) => checkChapterInBook(c, from + i, ids, ctx)))
    .safeParse(batch);
  if (parsed.success) return parsed.data;
  throw new z.ZodError(
    parsed.error.issues.map((issue) =>
      issue.path[0] === 'chapters' ? issue : { ...issue, path: ['chapters', from + Number(issue.path[0]), ...issue.path.slice(1)] },
    ),
  );
}

export const CanonicalBookSchema = BookShape.superRefine((book, ctx) => {
  const ids = new Set<string>();
  book.chapters.forEach((c, i) => checkChapterInBook(c, i, ids, ctx));
  checkHead(book, ctx, ids);
});

/**
 * A book without its chapters (a long import streams them, decision 060): the same checks, the
 * contents checked against `chapterIds` when they are given.
 */
export function bookHeadSchema(chapterIds: ReadonlySet<string> | null) {
  return BookShape.omit({ chapters: true }).superRefine((book, ctx) => checkHead(book, ctx, chapterIds));
}
export type CanonicalBookHead = z.infer<ReturnType<typeof bookHeadSchema>>;
export type CanonicalBookHeadInput = z.input<ReturnType<typeof bookHeadSchema>>;
export type ChapterInput = z.input<typeof ChapterSchema>;
type Chapter = z.infer<typeof ChapterSchema>;
export type CanonicalBook = z.infer<typeof CanonicalBookSchema>;
export type CanonicalBookInput = z.input<typeof CanonicalBookSchema>;
