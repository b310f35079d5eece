/**
 * Starting an EPUB import and following it. The upload is the raw request body (no multipart:
 * one file, streamed with a size cap); it is stored as a blob and handed to the `book.import`
 * job, so the request returns at once with 202 and the import id to poll.
 */
import { Hono } from 'hono';
import { getBookImport, startBookImport } from '../../sync/api/books';
import { can } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { ApiError, badRequest, notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { newId } from '../http/ids';
import { EPUB_MAX_UPLOAD_BYTES } from '../limits';
import { BOOK_IMPORT_JOB, type BookImportPayload } from './epub/import-epub';
import { uploadLimit } from '../http/body-limit';

const EPUB_TYPE = 'application/epub+zip';
const tooLarge = () => new ApiError(413, 'payload_too_large', `An EPUB may be at most ${EPUB_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

export function importRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  router.post(
    '/import',
    async (c, next) => {
      requirePermission(c, 'books:import'); // before reading a byte of the body
      if ((c.req.header('content-type') ?? '').split(';')[0]!.trim() !== EPUB_TYPE) {
        throw badRequest(`Upload the EPUB as the request body with Content-Type ${EPUB_TYPE}.`);
      }
      await next();
    },
    uploadLimit(EPUB_MAX_UPLOAD_BYTES, tooLarge),
  );
  on(router, '/api/books', startBookImport, async (c) => {
    const user = requireUser(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw badRequest('The upload is empty.');
    const hash = await ctx.blobs.put(bytes, EPUB_TYPE);
    const importId = newId();
    await ctx.db
      .insertInto('bookImports')
      .values({ id: importId, ownerId: user.id, blobHash: hash, status: 'queued', error: null, bookId: null, createdAt: ctx.now(), finishedAt: null })
      .execute();
    const payload: BookImportPayload = { importId, uploadBlobHash: hash, ownerId: user.id };
    await ctx.queue.enqueue(BOOK_IMPORT_JOB, payload, { maxAttempts: 3 });
    return { importId };
  });
  on(router, '/api/books', getBookImport, async (c, { params }) => {
    const user = requireUser(c);
    const row = await ctx.db.selectFrom('bookImports').selectAll().where('id', '=', params.id).executeTakeFirst();
    // Someone else's import does not exist, as far as this account can tell.
    if (!row || (row.ownerId !== user.id && !can(user, 'admin:access'))) throw notFound('No such import.');
    return { id: row.id, status: row.status, error: row.error, bookId: row.bookId, createdAt: row.createdAt, finishedAt: row.finishedAt };
  });
  return router;
}
