/**
 * The `book.import` job: an uploaded EPUB (a blob) becomes a draft book owned by the uploader.
 * A refused archive writes nothing: asset bytes go to the content-addressed blob store (harmless
 * if orphaned), chapters are staged as they are read and dropped if one is refused (decision 060);
 * book rows, the library entry and the import's status then commit in one transaction. Ids derive from the owner and the package's
 * identifier, so importing the same book again updates it instead of duplicating it.
 */
import { createHash } from 'node:crypto';
import { ZodError } from 'zod';
import type { AppContext } from '../../context';
import type { JobWorker } from '../../jobs/worker';
import { saveBook, type StreamedBook } from '../save-book';
import { bookParts, readPackage } from './build-book';
import { EpubError } from './epub-error';

export const BOOK_IMPORT_JOB = 'book.import';

export interface BookImportPayload {
  importId: string;
  uploadBlobHash: string;
  ownerId: string;
}

export function registerBookJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(BOOK_IMPORT_JOB, (payload: Partial<BookImportPayload>) => runBookImport(ctx, payload));
}

export function slugify(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.join('-').slice(0, 80).replace(/-+$/, '') || 'book';
}

/** What an uploader is told when their EPUB is refused, or null for a fault on our side. */
export function epubRefusal(error: unknown): string | null {
  if (error instanceof EpubError) return error.message;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    return `The book does not fit Quire's format: ${issue?.path.join('.')} — ${issue?.message}`;
  }
  return null;
}

export interface PreparedBook {
  book: StreamedBook;
  assetHashes: Record<string, string>;
}

/**
 * An EPUB's bytes → a book ready for saveBook, its assets stored as blobs (one at a time). Throws
 * EpubError (or ZodError) for a book Quire cannot take — here for the package, and from saveBook
 * for a chapter: the chapters are read and sanitised while saveBook stages them, a batch at a
 * time (decision 060), so refusals must be caught around both. Sideloads get ids of their own, so
 * a reader's private copy never overwrites a draft the same account imported from the same package.
 */
export async function prepareEpubBook(
  ctx: AppContext,
  bytes: Uint8Array,
  { ownerId, fallbackKey, sideload = false }: { ownerId: string; fallbackKey: string; sideload?: boolean },
): Promise<PreparedBook> {
  const opened = readPackage(bytes);
  const key = createHash('sha256')
    .update(`${sideload ? 'sideload\n' : ''}${ownerId}\n${opened.pkg.identifier || fallbackKey}`)
    .digest('hex');
  const bookId = `epub-${key.slice(0, 20)}`;
  const existing = await ctx.db.selectFrom('books').select('slug').where('id', '=', bookId).executeTakeFirst();
  let slug = existing?.slug ?? `${slugify(opened.pkg.title)}-${key.slice(0, 8)}`;
  // saveBook updates the book holding the slug: a short suffix someone else's book already has
  // (a chance collision, or a crafted one) must not make this upload overwrite that book.
  const holder = existing ? undefined : await ctx.db.selectFrom('books').select('id').where('slug', '=', slug).executeTakeFirst();
  if (holder) slug = `${slugify(opened.pkg.title)}-${key.slice(0, 20)}`;
  const parts = bookParts(opened, { bookId, slug });
  const assetHashes: Record<string, string> = {};
  for (const asset of parts.assets()) assetHashes[asset.path] = await ctx.blobs.put(asset.bytes, asset.mediaType);
  return { book: { chapterBatches: parts.chapterBatches(), head: () => parts.head() }, assetHashes };
}

async function runBookImport(ctx: AppContext, payload: Partial<BookImportPayload>): Promise<void> {
  if (typeof payload?.importId !== 'string') return; // a malformed job has nothing to import
  const job = await ctx.db.selectFrom('bookImports').selectAll().where('id', '=', payload.importId).executeTakeFirst();
  if (!job || job.status !== 'queued') return; // already finished: the job is idempotent
  const fail = async (message: string) => {
    await ctx.db
      .updateTable('bookImports')
      .set({ status: 'failed', error: message.slice(0, 1000), finishedAt: ctx.now() })
      .where('id', '=', job.id)
      .execute();
  };
  try {
    const bytes = await ctx.blobs.read(job.blobHash);
    if (!bytes) return await fail('The uploaded file is no longer stored; please upload it again.');
    const prepared = await prepareEpubBook(ctx, bytes, { ownerId: job.ownerId, fallbackKey: job.blobHash });
    await saveBook(ctx, {
      ...prepared,
      status: 'draft',
      alsoWrite: async (trx, id) => {
        await trx
          .insertInto('libraryEntries')
          .values({ userId: job.ownerId, bookId: id, source: 'author', acquiredAt: ctx.now() })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx.updateTable('bookImports').set({ status: 'done', error: null, bookId: id, finishedAt: ctx.now() }).where('id', '=', job.id).execute();
      },
    });
  } catch (error) {
    const refusal = epubRefusal(error);
    if (refusal !== null) return await fail(refusal);
    console.error(`book import ${job.id} failed`, error);
    await fail('The EPUB could not be imported because of an error on our side.');
  }
}
