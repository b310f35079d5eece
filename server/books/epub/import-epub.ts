/**
 * The `book.import` job: an uploaded EPUB (a blob) becomes a draft book owned by the uploader.
 * Parsing is pure and happens first, so a refused archive writes nothing; asset bytes go to the
 * content-addressed blob store (harmless if orphaned); book rows, the library entry and the
 * import's status then commit in one transaction. Ids derive from the owner and the package's
 * identifier, so importing the same book again updates it instead of duplicating it.
 */
import { createHash } from 'node:crypto';
import { ZodError } from 'zod';
import type { AppContext } from '../../context';
import type { JobWorker } from '../../jobs/worker';
import { saveBook } from '../save-book';
import { buildBook, readPackage } from './build-book';
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

function slugify(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.join('-').slice(0, 80).replace(/-+$/, '') || 'book';
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
    const opened = readPackage(bytes);
    const key = createHash('sha256')
      .update(`${job.ownerId}\n${opened.pkg.identifier || job.blobHash}`)
      .digest('hex');
    const bookId = `epub-${key.slice(0, 20)}`;
    const existing = await ctx.db.selectFrom('books').select('slug').where('id', '=', bookId).executeTakeFirst();
    const slug = existing?.slug ?? `${slugify(opened.pkg.title)}-${key.slice(0, 8)}`;
    const built = buildBook(opened, { bookId, slug });
    const assetHashes: Record<string, string> = {};
    for (const asset of built.assets) assetHashes[asset.path] = await ctx.blobs.put(asset.bytes, asset.mediaType);
    await saveBook(ctx, {
      book: built.book,
      assetHashes,
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
    if (error instanceof EpubError) return await fail(error.message);
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      return await fail(`The book does not fit Quire's format: ${issue?.path.join('.')} — ${issue?.message}`);
    }
    console.error(`book import ${job.id} failed`, error);
    await fail('The EPUB could not be imported because of an error on our side.');
  }
}
