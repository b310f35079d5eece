/**
 * Changing an imprint's book from /publisher/books/{id}/edit. Each change is audited in its own
 * transaction. Details go to the book's publication (made here on the first save, owned by the
 * imprint's owner): the store sees them with the next approved edition, as for an author. The
 * ISBN and the files change the book itself, the ISBN with its pool entry (decision 034) — except
 * the files of a book in the store, which wait beside it for review (decision 065).
 */
import type { PendingFileChanges } from '../../sync/api/publisher-books';
import { CanonicalBookSchema, type CanonicalBook } from '../../sync/book-format';
import { checkIsbn, ISBN_PROBLEM_MESSAGES } from '../../sync/isbn';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { recordAudit } from '../audit/record';
import { buildBook, readPackage } from '../books/epub/build-book';
import { epubRefusal } from '../books/epub/import-epub';
import { loadBook, type StoredBook } from '../books/load-book';
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import { ApiError, conflict, invalid } from '../http/errors';
import type { ImprintActor } from '../publisher/access';
import { checkIsbnClaim, publishedKeepsIsbn } from '../publisher/isbn-rules';
import { coverType } from '../uploads/archive';
import { chapterChanges, loadImprintDraft, storeImprintDraft } from '../publishing/imprint-drafts';
import { filesLocked, findImprintBook, inStore, ownerView } from './book';

export async function saveDetails(ctx: AppContext, who: ImprintActor, bookId: string, metadata: PublishingMetadata): Promise<void> {
  const found = await findImprintBook(ctx, who.imprint.id, bookId);
  const view = ownerView(who.imprint.id, found, who.actor.id);
  if (view.state === 'rejected') throw conflict('This book was rejected: its details no longer change.');
  const now = ctx.now();
  // The book's ISBN is the book's own (setIsbn, with its pool entry), never the details'.
  const json = JSON.stringify({ ...metadata, isbn: '' });
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
    const kept = publishedKeepsIsbn(book, isbn);
    if (kept) throw kept;
    const { pooled } = await checkIsbnClaim(trx, { isbn, bookId, imprintIds: [imprintId] });
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

/**
 * What a new file starts from and where it goes. A book in the store keeps its approved edition
 * on sale: the file goes to its working copy (decision 065), which starts from the live book or
 * from the files already waiting. Any other book is its own working copy.
 */
async function filesToReplace(ctx: AppContext, who: ImprintActor, bookId: string) {
  const { book, publication } = await findImprintBook(ctx, who.imprint.id, bookId);
  const locked = filesLocked(book.status, publication?.state ?? null);
  if (locked) throw conflict(locked);
  const stored = await loadBook(ctx, bookId);
  if (!stored) throw conflict('The book was deleted.');
  const listed = inStore(book.status);
  const draft = listed ? await loadImprintDraft(ctx.db, bookId) : null;
  return { book, stored, listed, base: draft ?? stored };
}

const audit = (who: ImprintActor, bookId: string, action: string, detail: Record<string, unknown>) => ({
  actor: who.actor,
  ip: who.ip,
  action,
  targetType: 'book',
  targetId: bookId,
  detail: { imprintId: who.imprint.id, ...detail },
});

const coverHash = ({ book, assetHashes }: { book: CanonicalBook; assetHashes: Record<string, string> }) =>
  book.coverPath ? (assetHashes[book.coverPath] ?? null) : null;

/** The working copy of a listed book, with what differs from the live one, written with its audit entry. */
async function keepForReview(
  ctx: AppContext,
  who: ImprintActor,
  live: StoredBook,
  next: { book: CanonicalBook; assetHashes: Record<string, string> },
  epub: PendingFileChanges['epub'],
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  const bookId = live.book.metadata.id;
  const newCover = coverHash(next);
  const cover = newCover && newCover !== coverHash(live) ? { mediaType: next.book.assets.find((a) => a.path === next.book.coverPath)!.mediaType } : null;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await storeImprintDraft(trx, bookId, { ...next, changes: { epub, cover }, updatedAt: now, updatedBy: who.actor.id });
    await recordAudit(trx, now, audit(who, bookId, action, { ...detail, pendingReview: true }));
  });
}

/** The EPUB's chapters, assets and contents replace the book's; its details (and a cover it lacks) stay. */
export async function replaceEpub(ctx: AppContext, who: ImprintActor, bookId: string, bytes: Uint8Array): Promise<void> {
  const { book, stored, listed, base } = await filesToReplace(ctx, who, bookId);
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
  const oldCover = base.book.coverPath;
  if (!coverPath && oldCover && !assets.some((a) => a.path === oldCover)) {
    assets = [...assets, base.book.assets.find((a) => a.path === oldCover)!];
    assetHashes[oldCover] = base.assetHashes[oldCover]!;
    coverPath = oldCover;
  }
  const next = { ...built.book, assets, coverPath, metadata: stored.book.metadata };
  const detail = { bytes: bytes.byteLength, chapters: built.book.chapters.length };
  if (listed) {
    const parsed = CanonicalBookSchema.parse(next);
    const epub = chapterChanges(stored.book, parsed, bytes.byteLength);
    return keepForReview(ctx, who, stored, { book: parsed, assetHashes }, epub, 'imprint.book_epub_replaced', detail);
  }
  await saveBook(ctx, {
    book: next,
    assetHashes,
    status: book.status,
    imprintId: who.imprint.id,
    contributorUserIds: stored.contributorUserIds,
    alsoWrite: (trx) => recordAudit(trx, ctx.now(), audit(who, bookId, 'imprint.book_epub_replaced', detail)),
  });
}

export async function replaceCover(ctx: AppContext, who: ImprintActor, bookId: string, bytes: Uint8Array): Promise<void> {
  const type = coverType(bytes);
  if (!type) throw new ApiError(415, 'unsupported_media_type', 'A cover is a JPEG, PNG or WebP image.', { cover: 'Choose a JPEG, PNG or WebP image.' });
  const { book, stored, listed, base } = await filesToReplace(ctx, who, bookId);
  const hash = await ctx.blobs.put(bytes, type.mediaType);
  // Named by its bytes: a new cover is a new path, and an EPUB image the old cover shared stays.
  const coverPath = `images/cover-${hash.slice(0, 12)}.${type.extension}`;
  const next = {
    book: { ...base.book, coverPath, assets: [...base.book.assets.filter((a) => a.path !== coverPath), { path: coverPath, mediaType: type.mediaType }] },
    assetHashes: { ...base.assetHashes, [coverPath]: hash },
  };
  const detail = { bytes: bytes.byteLength, mediaType: type.mediaType };
  if (listed) {
    // A new EPUB waiting with it stays in the update.
    const waiting = 'changes' in base ? base.changes.epub : null;
    return keepForReview(ctx, who, stored, next, waiting, 'imprint.book_cover_replaced', detail);
  }
  await saveBook(ctx, {
    ...next,
    status: book.status,
    imprintId: who.imprint.id,
    contributorUserIds: stored.contributorUserIds,
    alsoWrite: (trx) => recordAudit(trx, ctx.now(), audit(who, bookId, 'imprint.book_cover_replaced', detail)),
  });
}

/** Throw away files waiting for review that are not with the reviewers now; the live edition is untouched. */
export async function discardFiles(ctx: AppContext, who: ImprintActor, bookId: string): Promise<void> {
  const { book, publication } = await findImprintBook(ctx, who.imprint.id, bookId);
  const locked = filesLocked(book.status, publication?.state ?? null);
  if (locked) throw conflict(locked);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('imprintBookDrafts').where('bookId', '=', bookId).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw conflict('No new files are waiting for this book.');
    await recordAudit(trx, now, audit(who, bookId, 'imprint.book_files_discarded', {}));
  });
}

/** The new cover waiting for review, for the members' edit page. */
export async function pendingCover(ctx: AppContext, who: ImprintActor, bookId: string): Promise<{ hash: string; mediaType: string } | null> {
  await findImprintBook(ctx, who.imprint.id, bookId);
  const row = await ctx.db.selectFrom('imprintBookDrafts').select(['coverBlob', 'changes']).where('bookId', '=', bookId).executeTakeFirst();
  const cover = row ? (JSON.parse(row.changes) as PendingFileChanges).cover : null;
  return row?.coverBlob && cover ? { hash: row.coverBlob, mediaType: cover.mediaType } : null;
}
