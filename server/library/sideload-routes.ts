/**
 * A reader's own DRM-free EPUBs (decision 027). The upload is the raw request body (one file, no
 * multipart, so the browser reports progress on exactly the bytes), refused before a byte is read
 * without the permission and capped while it streams. It is imported synchronously through the
 * same pipeline as an author's import (prepareEpubBook → saveBook), so the uploader learns at once
 * whether it worked: 413 past the size or the file quota, 422 for DRM or a broken EPUB. The book
 * is a draft that only its owner can see (the `sideloads` row, read by server/books/access.ts);
 * the EPUB's bytes are charged to the same quota as /files until the book is removed.
 */
import { Hono } from 'hono';
import { addSideload, deleteSideload, getLibraryStorage } from '../../sync/api/library';
import { formatBytes } from '../../sync/text/bytes';
import { epubRefusal, prepareEpubBook, type PreparedBook } from '../books/epub/import-epub';
import { saveBook } from '../books/save-book';
import type { AppContext, AppEnv } from '../context';
import { BlobStore } from '../files/blob-store';
import { checkQuota, holdsBlob, usedBytes } from '../files/quota';
import { on } from '../http/endpoint';
import { ApiError, badRequest, invalid, notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { EPUB_MAX_UPLOAD_BYTES } from '../limits';
import { libraryBooks } from './queries';
import { uploadLimit } from '../http/body-limit';

const EPUB_TYPE = 'application/epub+zip';

export function sideloadRoutes(ctx: AppContext) {
  const { fileQuotaBytes } = ctx.config;
  // One upload may be as large as a file upload, and never past what the EPUB pipeline reads.
  const maxUploadBytes = Math.min(ctx.config.fileMaxBytes, EPUB_MAX_UPLOAD_BYTES);
  const tooLarge = () => {
    const message = `This file is larger than ${formatBytes(maxUploadBytes)}, the most one book may be.`;
    return new ApiError(413, 'payload_too_large', message, { file: message });
  };

  const router = new Hono<AppEnv>();
  on(router, '/api/library', getLibraryStorage, async (c) => {
    const user = requireUser(c);
    return { usedBytes: await usedBytes(ctx.db, user.id), quotaBytes: fileQuotaBytes, maxUploadBytes };
  });
  router.post(
    '/sideloads',
    async (c, next) => {
      requirePermission(c, 'library:sideload'); // before reading a byte of the body
      await next();
    },
    uploadLimit(maxUploadBytes, tooLarge),
  );
  on(router, '/api/library', addSideload, async (c) => {
    const user = requirePermission(c, 'library:sideload');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
    const hash = BlobStore.hashOf(bytes);
    const quota = checkQuota({
      usedBytes: await usedBytes(ctx.db, user.id),
      quotaBytes: fileQuotaBytes,
      size: bytes.byteLength,
      alreadyHeld: await holdsBlob(ctx.db, user.id, hash),
    });
    if (!quota.ok) throw new ApiError(413, 'quota_exceeded', quota.message, { file: quota.message });

    const refused = (error: unknown) => {
      const refusal = epubRefusal(error);
      return refusal === null ? error : invalid(refusal, { file: refusal });
    };
    let prepared: PreparedBook;
    try {
      prepared = await prepareEpubBook(ctx, bytes, { ownerId: user.id, fallbackKey: hash, sideload: true });
    } catch (error) {
      throw refused(error);
    }
    let bookId = '';
    let replaced: string | undefined;
    // Under the EPUB blob's lock, so no concurrent release can delete the bytes the row references.
    // The chapters are read while saveBook stages them (decision 060): a refused one is a 422 too.
    await ctx.blobs
      .put(bytes, EPUB_TYPE, async () => {
        const saved = await saveBook(ctx, {
          ...prepared,
          status: 'draft',
          alsoWrite: async (trx, id) => {
            const now = ctx.now();
            replaced = (await trx.selectFrom('sideloads').select('blobHash').where('bookId', '=', id).executeTakeFirst())?.blobHash;
            await trx
              .insertInto('libraryEntries')
              .values({ userId: user.id, bookId: id, source: 'author', acquiredAt: now })
              .onConflict((oc) => oc.doNothing())
              .execute();
            await trx
              .insertInto('sideloads')
              .values({ bookId: id, ownerId: user.id, blobHash: hash, size: bytes.byteLength, createdAt: now })
              .onConflict((oc) => oc.column('bookId').doUpdateSet({ blobHash: hash, size: bytes.byteLength }))
              .execute();
          },
        });
        bookId = saved.id;
      })
      .catch(async (error: unknown) => {
        await ctx.blobs.release(hash); // stored for the book that was refused: unless something else holds it, it goes
        throw refused(error);
      });
    // A corrected upload of the same book replaces the EPUB it was charged for.
    if (replaced && replaced !== hash) await ctx.blobs.release(replaced);
    const [book] = await libraryBooks(ctx, user.id, bookId);
    return { book: book!, usedBytes: await usedBytes(ctx.db, user.id) };
  });
  on(router, '/api/library', deleteSideload, async (c, { params }) => {
    const user = requireUser(c);
    const row = await ctx.db
      .selectFrom('sideloads')
      .select(['bookId', 'blobHash'])
      .where('bookId', '=', params.id)
      .where('ownerId', '=', user.id)
      .executeTakeFirst();
    // Someone else's book does not exist, as far as this account can tell.
    if (!row) throw notFound('No such book of yours.');
    const assets = await ctx.db.selectFrom('bookAssets').select('blobHash').where('bookId', '=', row.bookId).execute();
    // Chapters, assets, library entries, reviews and the sideload row go with the book (cascades).
    await ctx.db.deleteFrom('books').where('id', '=', row.bookId).execute();
    // Shared bytes (the same image in another book, the EPUB also kept in /files) stay: release
    // deletes a blob only when nothing references it any more.
    for (const hash of new Set([row.blobHash, ...assets.map((a) => a.blobHash)])) await ctx.blobs.release(hash);
    return undefined;
  });
  return router;
}
