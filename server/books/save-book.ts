/**
 * Writes a book in the canonical format to books / book_contributors / book_chapters /
 * book_assets in one transaction. Idempotent by slug: saving a book whose slug exists updates
 * that row (keeping its id) and replaces its parts; saving identical content changes nothing.
 *
 * Chapters are staged first (decision 060): a batch at a time into staged_chapters, each batch
 * its own statement, so a long import's chapters are never all in memory and no transaction is
 * held while they are read (SQLite has one connection: every request would wait). The book's
 * transaction then moves them into book_chapters with one INSERT … SELECT, so readers see the
 * old book or the new one, never part of it; a failure anywhere deletes the staged rows.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as othersFirst } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import { announceIfFirstPublished } from '../authors/new-book-notices';
import {
  bookHeadSchema,
  CanonicalBookSchema,
  parseChapterBatch,
  type CanonicalBookHead,
  type CanonicalBookHeadInput,
  type CanonicalBookInput,
  type ChapterInput,
} from '../../sync/book-format';
import { countWordsInXhtml } from '../../sync/text/words';
import type { AppContext } from '../context';
import { requestBookImageVariants, requestCoverVariants } from '../images/request';
import { requestPassageIndex } from '../ask/index-book';
import { storeIndex } from '../search/store-index';
import { sanitizeDescription } from './description';
import type { Transaction } from 'kysely';
import type { BookStatus, Database } from '../db/schema';
import { loadBookHead } from './load-book';
import { BOOK_SAVE_CHAPTER_BATCH, STAGED_CHAPTERS_MAX_AGE } from '../limits';

/**
 * A book whose chapters come a batch at a time (an EPUB import, decision 060): each batch is
 * written before the next is asked for; `head`, the rest of the book, once they are all in.
 */
export interface StreamedBook {
  chapterBatches: Iterable<ChapterInput[]> | AsyncIterable<ChapterInput[]>;
  head: () => CanonicalBookHeadInput;
}

export interface SaveBookInput {
  book: CanonicalBookInput | StreamedBook;
  /** Blob hash of every asset path; store the bytes with BlobStore first. */
  assetHashes: Record<string, string>;
  status?: BookStatus;
  /** Position on the store's Featured shelf (1 first); 0 or absent when not featured. */
  featured?: number;
  imprintId?: string | null;
  /** Account behind each contributor, by position in metadata.contributors. */
  contributorUserIds?: (string | null)[];
  /** More writes that must commit or fail with the book (an import's status, a library entry).
   * Runs in the same transaction, or in its own when the book itself is unchanged. */
  alsoWrite?: (trx: Transaction<Database>, bookId: string) => Promise<void>;
}

export interface SaveBookResult {
  id: string;
  created: boolean;
  changed: boolean;
}

export async function saveBook(ctx: AppContext, input: SaveBookInput): Promise<SaveBookResult> {
  const stageId = randomUUID();
  try {
    return await saveStaged(ctx, input, stageId);
  } finally {
    // Written by the book's transaction, this finds nothing; after a failure it is what is left.
    await ctx.db.deleteFrom('stagedChapters').where('stageId', '=', stageId).execute();
  }
}

/** A whole book, checked as one, then given a batch at a time like a streamed one. */
function inBatches(input: CanonicalBookInput): StreamedBook {
  const { chapters, ...head } = CanonicalBookSchema.parse(input);
  const batches = Array.from({ length: Math.ceil(chapters.length / BOOK_SAVE_CHAPTER_BATCH) }, (_, i) =>
    chapters.slice(i * BOOK_SAVE_CHAPTER_BATCH, (i + 1) * BOOK_SAVE_CHAPTER_BATCH),
  );
  return { chapterBatches: batches, head: () => head };
}

/**
 * Each batch is checked and written to staged_chapters as it comes, one INSERT each (one for a
 * whole long book would pass SQLite's bound-parameter limit), with its words counted once: each
 * chapter row keeps its own, the book their sum (a long book's progress reads it).
 */
async function stageChapters(ctx: AppContext, source: StreamedBook, stageId: string) {
  const now = ctx.now();
  await ctx.db
    .deleteFrom('stagedChapters')
    .where('createdAt', '<', now - STAGED_CHAPTERS_MAX_AGE)
    .execute(); // a crashed import's
  const ids = new Set<string>();
  let count = 0;
  let words = 0;
  for await (const input of source.chapterBatches) {
    for (let start = 0; start < input.length; start += BOOK_SAVE_CHAPTER_BATCH) {
      const chapters = parseChapterBatch(input.slice(start, start + BOOK_SAVE_CHAPTER_BATCH), count, ids);
      const rows = chapters.map((c, i) => ({
        stageId,
        ord: count + i,
        id: c.id,
        title: c.title,
        xhtml: c.xhtml,
        wordCount: countWordsInXhtml(c.xhtml),
        linear: c.linear ? 1 : 0,
        layout: c.layout,
        pageSpread: c.pageSpread ?? null,
        viewportWidth: c.viewport?.width ?? null,
        viewportHeight: c.viewport?.height ?? null,
        createdAt: now,
      }));
      if (rows.length === 0) continue;
      await ctx.db.insertInto('stagedChapters').values(rows).execute();
      count += rows.length;
      words += rows.reduce((sum, r) => sum + r.wordCount, 0);
      // Reading, sanitising and writing a batch is all synchronous work: other requests go between
      // batches, or a 10,000-chapter import held the whole server for seconds.
      await othersFirst();
    }
  }
  if (count === 0) throw new ZodError([{ code: 'custom', path: ['chapters'], message: 'A book needs at least one chapter.', input: [] }]);
  return { ids, count, words };
}

async function saveStaged(ctx: AppContext, input: SaveBookInput, stageId: string): Promise<SaveBookResult> {
  const source = 'chapterBatches' in input.book ? input.book : inBatches(input.book);
  const staged = await stageChapters(ctx, source, stageId);
  const parsed = bookHeadSchema(staged.ids).parse(source.head());
  // Stored as the book page shows it (and compared so, for "identical content changes nothing").
  const book: CanonicalBookHead = { ...parsed, metadata: { ...parsed.metadata, description: sanitizeDescription(parsed.metadata.description) } };
  const { metadata: m } = book;
  for (const asset of book.assets) {
    if (!input.assetHashes[asset.path]) throw new Error(`No blob for asset ${asset.path} of ${m.slug}`);
  }
  const status = input.status ?? 'draft';
  const featured = input.featured ?? 0;
  const imprintId = input.imprintId ?? null;
  const userIds = m.contributors.map((_, i) => input.contributorUserIds?.[i] ?? null);

  const coverAsset = book.coverPath ? book.assets.find((a) => a.path === book.coverPath) : undefined;
  const cover = coverAsset ? { hash: input.assetHashes[coverAsset.path]!, mediaType: coverAsset.mediaType } : null;
  // The chapters' images get reading-column variants (request.ts keeps the raster ones).
  const images = book.assets.filter((a) => a !== coverAsset).map((a) => ({ hash: input.assetHashes[a.path]!, mediaType: a.mediaType }));

  const existing = await ctx.db.selectFrom('books').selectAll().where('slug', '=', m.slug).executeTakeFirst();
  const id = existing?.id ?? m.id;
  if (existing && (await isUnchanged(ctx, existing, { ...book, metadata: { ...m, id } }, input, userIds, stageId, staged.count))) {
    const alsoWrite = input.alsoWrite;
    if (alsoWrite) await ctx.db.transaction().execute((trx) => alsoWrite(trx, id));
    // Asks again for the images' variants: a no-op once asked, and it fills in books saved before
    // the image pipeline (covers) or before chapter images had variants.
    // One transaction: a variant row is never pending without its job.
    await ctx.db.transaction().execute(async (trx) => {
      if (cover) await requestCoverVariants(ctx, cover, trx);
      await requestBookImageVariants(ctx, images, trx);
    });
    return { id, created: false, changed: false };
  }

  const now = ctx.now();
  const row = {
    slug: m.slug,
    title: m.title,
    subtitle: m.subtitle,
    description: m.description,
    language: m.language,
    isbn: m.isbn ?? null,
    priceCents: m.priceCents,
    currency: m.currency,
    publisherName: m.publisher,
    imprintId,
    genres: JSON.stringify(m.genres),
    status,
    featured,
    coverPath: book.coverPath ?? null,
    publishedAt: m.publishedAt ?? null,
    issued: m.issued ?? null,
    series: m.series ?? '',
    seriesNumber: m.series ? (m.seriesNumber ?? null) : null,
    keywords: JSON.stringify(m.keywords ?? []),
    ageRating: m.ageRating ?? null,
    toc: JSON.stringify(book.toc),
    accessibility: JSON.stringify(book.accessibility),
    direction: book.direction,
    writingMode: book.writingMode,
    stylesheets: JSON.stringify(book.stylesheets),
    layout: book.layout,
    spread: book.spread,
    wordCount: staged.words,
    updatedAt: now,
    // The chapters are written again: the "Ask this book" index compares against this (server/ask).
    textUpdatedAt: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (existing) {
      await trx.updateTable('books').set(row).where('id', '=', id).execute();
      await trx.deleteFrom('bookContributors').where('bookId', '=', id).execute();
      await trx.deleteFrom('bookChapters').where('bookId', '=', id).execute();
      await trx.deleteFrom('bookAssets').where('bookId', '=', id).execute();
    } else {
      await trx
        .insertInto('books')
        .values({ id, ...row, createdAt: now })
        .execute();
    }
    await trx
      .insertInto('bookContributors')
      .values(m.contributors.map((c, ord) => ({ bookId: id, ord, name: c.name, role: c.role, userId: userIds[ord] ?? null })))
      .execute();
    await moveStagedChapters(trx, id, stageId);
    if (book.assets.length > 0) {
      await trx
        .insertInto('bookAssets')
        .values(book.assets.map((a) => ({ bookId: id, path: a.path, mediaType: a.mediaType, blobHash: input.assetHashes[a.path]! })))
        .execute();
    }
    await trx.deleteFrom('bookGenres').where('bookId', '=', id).execute();
    const genres = [...new Set(m.genres)];
    if (genres.length > 0)
      await trx
        .insertInto('bookGenres')
        .values(genres.map((code) => ({ bookId: id, code })))
        .execute();
    await storeIndex(trx).indexDocument(trx, {
      bookId: id,
      listed: status === 'published',
      genres,
      language: m.language,
      title: m.title,
      subtitle: m.subtitle,
      authors: m.contributors.map((c) => c.name),
      publisher: m.publisher,
      description: m.description,
    });
    // The first publication tells the authors' followers (once the transaction commits).
    if (status === 'published') await announceIfFirstPublished(ctx, trx, id);
    if (input.alsoWrite) await input.alsoWrite(trx, id);
    if (cover) await requestCoverVariants(ctx, cover, trx);
    await requestBookImageVariants(ctx, images, trx);
    // "Ask this book" passages, rebuilt from this version (server/ask).
    await requestPassageIndex(ctx, id, { in: trx });
  });
  return { id, created: !existing, changed: true };
}

const CHAPTER_COLUMNS = ['ord', 'title', 'xhtml', 'wordCount', 'linear', 'layout', 'pageSpread', 'viewportWidth', 'viewportHeight'] as const;

/** The staged chapters become the book's: one statement, in the book's transaction. */
async function moveStagedChapters(trx: Transaction<Database>, bookId: string, stageId: string): Promise<void> {
  await trx
    .insertInto('bookChapters')
    .columns(['id', 'bookId', ...CHAPTER_COLUMNS])
    .expression(
      trx
        .selectFrom('stagedChapters')
        .select(['id', sql<string>`cast(${bookId} as text)`.as('bookId'), ...CHAPTER_COLUMNS])
        .where('stageId', '=', stageId),
    )
    .execute();
  await trx.deleteFrom('stagedChapters').where('stageId', '=', stageId).execute();
}

/** Whether the book's stored chapters are the staged ones, compared in the database (a long book's never come to memory). */
async function sameChapters(ctx: AppContext, bookId: string, stageId: string, count: number): Promise<boolean> {
  const stored = await ctx.db
    .selectFrom('bookChapters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bookId', '=', bookId)
    .executeTakeFirstOrThrow();
  if (Number(stored.n) !== count) return false;
  const differ = await ctx.db
    .selectFrom('stagedChapters as s')
    .select('s.ord')
    .where('s.stageId', '=', stageId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bookChapters as c')
            .select('c.id')
            .where('c.bookId', '=', bookId)
            .whereRef('c.ord', '=', 's.ord')
            .whereRef('c.id', '=', 's.id')
            .whereRef('c.title', '=', 's.title')
            .whereRef('c.xhtml', '=', 's.xhtml')
            .whereRef('c.linear', '=', 's.linear')
            .whereRef('c.layout', '=', 's.layout')
            .whereRef('c.pageSpread', 'is not distinct from', 's.pageSpread')
            .whereRef('c.viewportWidth', 'is not distinct from', 's.viewportWidth')
            .whereRef('c.viewportHeight', 'is not distinct from', 's.viewportHeight'),
        ),
      ),
    )
    .limit(1)
    .executeTakeFirst();
  return !differ;
}

async function isUnchanged(
  ctx: AppContext,
  existing: { id: string; status: BookStatus; featured: number; imprintId: string | null },
  book: CanonicalBookHead,
  input: SaveBookInput,
  userIds: (string | null)[],
  stageId: string,
  chapterCount: number,
): Promise<boolean> {
  if (existing.status !== (input.status ?? 'draft') || existing.featured !== (input.featured ?? 0)) return false;
  if (existing.imprintId !== (input.imprintId ?? null)) return false;
  const stored = await loadBookHead(ctx, existing.id);
  const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  const wanted = { ...book, assets: [...book.assets].sort(byPath) };
  if (!stored || !isDeepStrictEqual({ ...stored.book, assets: [...stored.book.assets].sort(byPath) }, wanted)) return false;
  const hashes = Object.fromEntries(book.assets.map((a) => [a.path, input.assetHashes[a.path]]));
  if (!isDeepStrictEqual(stored.assetHashes, hashes) || !isDeepStrictEqual(stored.contributorUserIds, userIds)) return false;
  return sameChapters(ctx, existing.id, stageId, chapterCount);
}
