/**
 * Changing an imprint's book from /publisher/books/{id}/edit. Each change is audited in its own
 * transaction. Details go to the book's publication (made here on the first save, owned by the
 * imprint's owner): the store sees them with the next approved edition, as for an author. The
 * ISBN and the files change the book itself, the ISBN with its pool entry (decision 034).
 */
import { checkIsbn, ISBN_PROBLEM_MESSAGES } from '../../sync/isbn';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { recordAudit } from '../audit/record';
import { buildBook, readPackage } from '../books/epub/build-book';
import { epubRefusal } from '../books/epub/import-epub';
import { loadBook } from '../books/load-book';
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import { ApiError, conflict, invalid } from '../http/errors';
import type { ImprintActor } from '../publisher/access';
import { coverType } from '../uploads/archive';
import { filesLocked, findImprintBook, ownerView } from './book';

export async function saveDetails(ctx: AppContext, who: ImprintActor, bookId: string, metadata: PublishingMetadata): Promise<void> {
  const found = await findImprintBook(ctx, who.imprint.id, bookId);
  const view = ownerView(who.imprint.id, found, who.actor.id);
  if (view.state === 'rejected') throw conflict('This book was rejected: its details no longer change.');
  const now = ctx.now();
  const json = JSON.stringify(metadata);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('publications')
      .values({
        id: bookId,
        ownerId: view.ownerId,
        imprintId: who.imprint.id,
        state: view.state,
        metadata: json,
        bookId,
        bookSlug: found.book.slug,
        stateChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ metadata: json, updatedAt: now }))
      .execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.book_details_saved',
      targetType: 'book',
      targetId: bookId,
      detail: { imprintId: who.imprint.id, title: metadata.title },
    });
  });
}

/** A typed ISBN (ISBN-10 becomes its ISBN-13) or one of the pool: checked, unique across Quire, moved with the pool. */
export async function setIsbn(ctx: AppContext, who: ImprintActor, bookId: string, input: string): Promise<void> {
  const checked = checkIsbn(input);
  if (!checked.ok) throw invalid(ISBN_PROBLEM_MESSAGES[checked.problem], { isbn: ISBN_PROBLEM_MESSAGES[checked.problem] });
  const isbn = checked.isbn13;
  const imprintId = who.imprint.id;
  await ctx.db.transaction().execute(async (trx) => {
    const book = await trx
      .selectFrom('books')
      .select(['id', 'isbn', 'status'])
      .where('id', '=', bookId)
      .where('imprintId', '=', imprintId)
      .executeTakeFirstOrThrow();
    if (book.isbn === isbn) return;
    if (book.isbn && (book.status === 'published' || book.status === 'unlisted'))
      throw conflict(`This book was published with the ISBN ${book.isbn}, so that ISBN stays with it.`, { isbn: 'A published edition keeps its ISBN.' });
    const pooled = await trx.selectFrom('imprintIsbns').select(['imprintId', 'bookId']).where('isbn', '=', isbn).executeTakeFirst();
    if (pooled && pooled.imprintId !== imprintId) throw conflict('That ISBN belongs to another imprint.', { isbn: 'That ISBN belongs to another imprint.' });
    if (pooled?.bookId && pooled.bookId !== bookId)
      throw conflict('That ISBN is assigned to another book.', { isbn: 'That ISBN is assigned to another of your books.' });
    const holder = await trx.selectFrom('books').select('title').where('isbn', '=', isbn).where('id', '!=', bookId).executeTakeFirst();
    if (holder) throw conflict(`“${holder.title}” already has that ISBN.`, { isbn: 'Another book already has this ISBN: one ISBN per edition.' });
    const now = ctx.now();
    // The old number goes back to the pool (this book was never published with it).
    if (book.isbn)
      await trx.updateTable('imprintIsbns').set({ bookId: null, assignedAt: null }).where('isbn', '=', book.isbn).where('bookId', '=', bookId).execute();
    if (pooled) await trx.updateTable('imprintIsbns').set({ bookId, assignedAt: now }).where('isbn', '=', isbn).execute();
    await trx.updateTable('books').set({ isbn, updatedAt: now }).where('id', '=', bookId).execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.book_isbn_set',
      targetType: 'book',
      targetId: bookId,
      detail: { imprintId, isbn, previous: book.isbn, fromPool: Boolean(pooled), typed: input.trim().slice(0, 30) },
    });
  });
}

async function editableBook(ctx: AppContext, who: ImprintActor, bookId: string) {
  const { book } = await findImprintBook(ctx, who.imprint.id, bookId);
  const locked = filesLocked(book.status);
  if (locked) throw conflict(locked);
  const stored = await loadBook(ctx, bookId);
  if (!stored) throw conflict('The book was deleted.');
  return { book, stored };
}

const audit = (who: ImprintActor, bookId: string, action: string, detail: Record<string, unknown>) => ({
  actor: who.actor,
  ip: who.ip,
  action,
  targetType: 'book',
  targetId: bookId,
  detail: { imprintId: who.imprint.id, ...detail },
});

/** The EPUB's chapters, assets and contents replace the book's; its details (and a cover it lacks) stay. */
export async function replaceEpub(ctx: AppContext, who: ImprintActor, bookId: string, bytes: Uint8Array): Promise<void> {
  const { book, stored } = await editableBook(ctx, who, bookId);
  let built;
  try {
    built = buildBook(readPackage(bytes), { bookId, slug: book.slug });
  } catch (error) {
    const refusal = epubRefusal(error);
    if (refusal === null) throw error;
    throw invalid(refusal, { epub: refusal });
  }
  const assetHashes: Record<string, string> = {};
  for (const asset of built.assets) assetHashes[asset.path] = await ctx.blobs.put(asset.bytes, asset.mediaType);
  let { assets, coverPath } = built.book;
  const oldCover = stored.book.coverPath;
  if (!coverPath && oldCover && !assets.some((a) => a.path === oldCover)) {
    assets = [...assets, stored.book.assets.find((a) => a.path === oldCover)!];
    assetHashes[oldCover] = stored.assetHashes[oldCover]!;
    coverPath = oldCover;
  }
  await saveBook(ctx, {
    book: { ...built.book, assets, coverPath, metadata: stored.book.metadata },
    assetHashes,
    status: book.status,
    imprintId: who.imprint.id,
    contributorUserIds: stored.contributorUserIds,
    alsoWrite: (trx) =>
      recordAudit(trx, ctx.now(), audit(who, bookId, 'imprint.book_epub_replaced', { bytes: bytes.byteLength, chapters: built.book.chapters.length })),
  });
}

export async function replaceCover(ctx: AppContext, who: ImprintActor, bookId: string, bytes: Uint8Array): Promise<void> {
  const type = coverType(bytes);
  if (!type) throw new ApiError(415, 'unsupported_media_type', 'A cover is a JPEG, PNG or WebP image.', { cover: 'Choose a JPEG, PNG or WebP image.' });
  const { book, stored } = await editableBook(ctx, who, bookId);
  const hash = await ctx.blobs.put(bytes, type.mediaType);
  // Named by its bytes: a new cover is a new path, and an EPUB image the old cover shared stays.
  const coverPath = `images/cover-${hash.slice(0, 12)}.${type.extension}`;
  await saveBook(ctx, {
    book: { ...stored.book, coverPath, assets: [...stored.book.assets.filter((a) => a.path !== coverPath), { path: coverPath, mediaType: type.mediaType }] },
    assetHashes: { ...stored.assetHashes, [coverPath]: hash },
    status: book.status,
    imprintId: who.imprint.id,
    contributorUserIds: stored.contributorUserIds,
    alsoWrite: (trx) => recordAudit(trx, ctx.now(), audit(who, bookId, 'imprint.book_cover_replaced', { bytes: bytes.byteLength, mediaType: type.mediaType })),
  });
}
