/**
 * Writes a book in the canonical format to books / book_contributors / book_chapters /
 * book_assets in one transaction. Idempotent by slug: saving a book whose slug exists updates
 * that row (keeping its id) and replaces its parts; saving identical content writes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import { announceIfFirstPublished } from '../authors/new-book-notices';
import { CanonicalBookSchema, type CanonicalBook, type CanonicalBookInput } from '../../sync/book-format';
import { countWordsInXhtml } from '../../sync/text/words';
import type { AppContext } from '../context';
import { requestCoverVariants } from '../images/request';
import { requestPassageIndex } from '../ask/index-book';
import { storeIndex } from '../search/store-index';
import { sanitizeDescription } from './description';
import type { Transaction } from 'kysely';
import type { BookStatus, Database } from '../db/schema';
import { loadBook } from './load-book';
import { BOOK_SAVE_CHAPTER_BATCH } from '../limits';

export interface SaveBookInput {
  book: CanonicalBookInput;
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
  const parsed = CanonicalBookSchema.parse(input.book);
  // Stored as the book page shows it (and compared so, for "identical content writes nothing").
  const book: CanonicalBook = { ...parsed, metadata: { ...parsed.metadata, description: sanitizeDescription(parsed.metadata.description) } };
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

  const existing = await ctx.db.selectFrom('books').selectAll().where('slug', '=', m.slug).executeTakeFirst();
  const id = existing?.id ?? m.id;
  if (existing && (await isUnchanged(ctx, existing, { ...book, metadata: { ...m, id } }, input, userIds))) {
    const alsoWrite = input.alsoWrite;
    if (alsoWrite) await ctx.db.transaction().execute((trx) => alsoWrite(trx, id));
    // Asks again for the cover's variants: a no-op once asked, and it fills in books saved before the image pipeline.
    if (cover) await requestCoverVariants(ctx, cover);
    return { id, created: false, changed: false };
  }

  const now = ctx.now();
  // Counted once: each chapter row keeps its own, the book their sum (a long book's progress reads it).
  const words = book.chapters.map((c) => countWordsInXhtml(c.xhtml));
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
    wordCount: words.reduce((a, b) => a + b, 0),
    updatedAt: now,
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
    await insertChapters(trx, id, book.chapters, words);
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
    // "Ask this book" passages, rebuilt from this version (server/ask).
    await requestPassageIndex(ctx, id, { in: trx });
  });
  return { id, created: !existing, changed: true };
}

/**
 * In batches: one INSERT per chapter would be slow, one for all of them would pass SQLite's
 * bound-parameter limit on a long book (10,000 chapters × 11 columns), and each batch's rows are
 * made just before it is written.
 */
async function insertChapters(trx: Transaction<Database>, bookId: string, chapters: CanonicalBook['chapters'], words: number[]): Promise<void> {
  for (let start = 0; start < chapters.length; start += BOOK_SAVE_CHAPTER_BATCH) {
    const batch = chapters.slice(start, start + BOOK_SAVE_CHAPTER_BATCH);
    await trx
      .insertInto('bookChapters')
      .values(
        batch.map((c, i) => ({
          id: c.id,
          bookId,
          ord: start + i,
          title: c.title,
          xhtml: c.xhtml,
          wordCount: words[start + i]!,
          linear: c.linear ? 1 : 0,
          layout: c.layout,
          pageSpread: c.pageSpread ?? null,
          viewportWidth: c.viewport?.width ?? null,
          viewportHeight: c.viewport?.height ?? null,
        })),
      )
      .execute();
  }
}

async function isUnchanged(
  ctx: AppContext,
  existing: { id: string; status: BookStatus; featured: number; imprintId: string | null },
  book: CanonicalBook,
  input: SaveBookInput,
  userIds: (string | null)[],
): Promise<boolean> {
  if (existing.status !== (input.status ?? 'draft') || existing.featured !== (input.featured ?? 0)) return false;
  if (existing.imprintId !== (input.imprintId ?? null)) return false;
  const stored = await loadBook(ctx, existing.id);
  const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  const wanted = { ...book, assets: [...book.assets].sort(byPath) };
  if (!stored || !isDeepStrictEqual({ ...stored.book, assets: [...stored.book.assets].sort(byPath) }, wanted)) return false;
  const hashes = Object.fromEntries(book.assets.map((a) => [a.path, input.assetHashes[a.path]]));
  return isDeepStrictEqual(stored.assetHashes, hashes) && isDeepStrictEqual(stored.contributorUserIds, userIds);
}
