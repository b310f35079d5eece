/**
 * /api/publisher/imprints/:imprintId/books… (sync/api/publisher-books.ts). Every handler goes
 * through imprintAccess (server/publisher/access.ts): a member with 'books:edit' reads and edits,
 * the ISBN needs 'isbns:manage', a non-member is told the imprint does not exist. Submitting and
 * the other commands go through the publishing state machine (server/publishing/commands.ts)
 * with the members as the book's owner. The two file routes take the raw body, capped as it streams.
 */
import { Hono, type Context, type Next } from 'hono';
import * as api from '../../sync/api/publisher-books';
import { UPLOAD_COVER_MAX_BYTES } from '../../sync/uploads';
import { formatBytes } from '../../sync/text/bytes';
import type { AppContext, AppEnv } from '../context';
import { uploadLimit } from '../http/body-limit';
import { on } from '../http/endpoint';
import { ApiError, badRequest, notFound } from '../http/errors';
import { canInImprint } from '../../sync/roles';
import { requireUser } from '../http/guard';
import { EPUB_MAX_UPLOAD_BYTES } from '../limits';
import { serveBlob } from '../files/serve-blob';
import { imprintAccess, type ImprintActor } from '../publisher/access';
import { runCommandOn } from '../publishing/commands';
import { findImprintBook, imprintBookDetail, ownerView } from './book';
import { catalogue } from './catalogue';
import { discardFiles, pendingCover, replaceCover, replaceEpub, saveDetails, setIsbn } from './edit';

const AT = '/api/publisher';

const tooLarge = (max: number, field: string) => () =>
  new ApiError(413, 'payload_too_large', `The file is larger than ${formatBytes(max)}.`, { [field]: `This file is larger than ${formatBytes(max)}.` });

async function readBytes(c: Context<AppEnv>, field: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw badRequest('The file is empty.', { [field]: 'The file is empty.' });
  return bytes;
}

export function publisherBookRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  // One membership read per request (imprintAccess remembers it): each handler takes `who` once.
  const member = (c: Context<AppEnv>) => imprintAccess(ctx, c, c.req.param('imprintId') ?? '', 'books:edit');
  const detail = (c: Context<AppEnv>, who: ImprintActor, bookId: string) => {
    c.header('Cache-Control', 'private, no-cache');
    // The owner and managers set ISBNs (sync/roles.ts); staff see them.
    return imprintBookDetail(ctx, who.imprint.id, bookId, canInImprint(requireUser(c), who.role, 'isbns:manage'));
  };

  on(router, AT, api.listImprintBooks, async (c, { query }) => {
    const { imprint } = await member(c);
    c.header('Cache-Control', 'private, no-cache');
    return catalogue(ctx, imprint.id, query, api.IMPRINT_BOOKS_PAGE_SIZE);
  });

  on(router, AT, api.getImprintBook, async (c, { params }) => detail(c, await member(c), params.bookId!));

  on(router, AT, api.saveImprintBookMetadata, async (c, { params, body }) => {
    const who = await member(c);
    await saveDetails(ctx, who, params.bookId!, body);
    return detail(c, who, params.bookId!);
  });

  on(router, AT, api.setImprintBookIsbn, async (c, { params, body }) => {
    const who = await member(c);
    await findImprintBook(ctx, who.imprint.id, params.bookId!);
    await setIsbn(ctx, await imprintAccess(ctx, c, who.imprint.id, 'isbns:manage'), params.bookId!, body.isbn);
    return detail(c, who, params.bookId!);
  });

  on(router, AT, api.runImprintBookCommand, async (c, { params, body }) => {
    const who = await member(c);
    const user = requireUser(c);
    const view = ownerView(who.imprint.id, await findImprintBook(ctx, who.imprint.id, params.bookId!), user.id);
    await runCommandOn(ctx, { user, ip: who.ip }, view, body);
    return detail(c, who, params.bookId!);
  });

  // Membership is checked before a byte of a file is read.
  const byMember = async (c: Context<AppEnv>, next: Next) => {
    await member(c);
    await next();
  };
  router.post('/imprints/:imprintId/books/:bookId/epub', byMember, uploadLimit(EPUB_MAX_UPLOAD_BYTES, tooLarge(EPUB_MAX_UPLOAD_BYTES, 'epub')));
  on(router, AT, api.replaceImprintBookEpub, async (c, { params }) => {
    const who = await member(c);
    await replaceEpub(ctx, who, params.bookId!, await readBytes(c, 'epub'));
    return detail(c, who, params.bookId!);
  });
  router.post('/imprints/:imprintId/books/:bookId/cover', byMember, uploadLimit(UPLOAD_COVER_MAX_BYTES, tooLarge(UPLOAD_COVER_MAX_BYTES, 'cover')));
  on(router, AT, api.replaceImprintBookCover, async (c, { params }) => {
    const who = await member(c);
    await replaceCover(ctx, who, params.bookId!, await readBytes(c, 'cover'));
    return detail(c, who, params.bookId!);
  });
  on(router, AT, api.discardImprintBookFiles, async (c, { params }) => {
    const who = await member(c);
    await discardFiles(ctx, who, params.bookId!);
    return detail(c, who, params.bookId!);
  });
  // The new cover waiting for review: for the members only, so never cached by anyone else.
  router.get('/imprints/:imprintId/books/:bookId/pending-cover', async (c) => {
    const who = await member(c);
    const cover = await pendingCover(ctx, who, c.req.param('bookId'));
    if (!cover) throw notFound('No new cover is waiting for this book.');
    const headers = { 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' };
    return serveBlob(c, ctx.blobs, cover, headers, 'No new cover is waiting for this book.');
  });
  return router;
}
