/**
 * /api/files: an author's uploads. The upload is the raw request body (one file, no multipart,
 * so the browser's XMLHttpRequest reports progress on exactly the bytes) with the name in the
 * query; the type is sniffed from the bytes. The content URL is a capability: whoever holds the
 * unguessable file id may read the bytes, which is what lets an image in a chapter show for every
 * co-author and reader (docs/decisions/013-files-and-images.md).
 */
import { Hono, type Context } from 'hono';
import { deleteFile, fileContentUrl, fileNameProblem, listFiles, renameFile, uploadFile, type FileItem } from '../../sync/api/files';
import type { AppContext, AppEnv } from '../context';
import type { FilesTable } from '../db/schema';
import { on } from '../http/endpoint';
import { ApiError, badRequest, invalid, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { newId } from '../http/ids';
import { BlobStore } from './blob-store';
import { checkQuota, holdsBlob, usedBytes } from './quota';
import { IMMUTABLE_CACHE, serveBlob } from './serve-blob';
import { markdownExcerpt, sniffFile } from './sniff';
import { formatBytes } from '../../sync/text/bytes';
import { uploadLimit } from '../http/body-limit';
import { imageSets } from '../images/image-sets';
import { requestUploadVariants } from '../images/request';
import type { ImageSet } from '../../sync/api/images';

/** Content-addressed bytes behind an id that never changes content: cache for a year. */
const ID = /^[a-z2-7]{24}$/;

function present(row: FilesTable, imageSet?: ImageSet): FileItem {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    mediaType: row.mediaType,
    size: row.size,
    excerpt: row.excerpt,
    url: fileContentUrl(row.id),
    ...(imageSet ? { imageSet } : {}),
    createdAt: row.createdAt,
  };
}

function contentDisposition(kind: FilesTable['kind'], name: string): string {
  // Images show inline (chapters embed them); documents always download, never render here.
  const type = kind === 'image' ? 'inline' : 'attachment';
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function fileRoutes(ctx: AppContext) {
  const { fileMaxBytes, fileQuotaBytes } = ctx.config;
  const tooLarge = () =>
    new ApiError(413, 'payload_too_large', `A file may be at most ${formatBytes(fileMaxBytes)}.`, {
      file: `This file is larger than ${formatBytes(fileMaxBytes)}, the most one upload may be.`,
    });

  async function ownFile(c: Context<AppEnv>, id: string): Promise<FilesTable> {
    const user = requirePermission(c, 'files:use');
    const row = ID.test(id) ? await ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    // Someone else's file does not exist, as far as this account can tell.
    if (!row || row.ownerId !== user.id) throw notFound('No such file.');
    return row;
  }

  const router = new Hono<AppEnv>();
  on(router, '/api/files', listFiles, async (c) => {
    const user = requirePermission(c, 'files:use');
    const rows = await ctx.db.selectFrom('files').selectAll().where('ownerId', '=', user.id).orderBy('createdAt', 'desc').orderBy('id').execute();
    const sets = await imageSets(
      ctx.db,
      rows.filter((r) => r.kind === 'image').map((r) => r.blobHash),
    );
    return {
      files: rows.map((r) => present(r, sets.get(r.blobHash))),
      usedBytes: await usedBytes(ctx.db, user.id),
      quotaBytes: fileQuotaBytes,
      maxFileBytes: fileMaxBytes,
    };
  });
  router.post(
    '/',
    async (c, next) => {
      requirePermission(c, 'files:use'); // before reading a byte of the body
      await next();
    },
    uploadLimit(fileMaxBytes, tooLarge),
  );
  on(router, '/api/files', uploadFile, async (c, { query }) => {
    const user = requirePermission(c, 'files:use');
    const name = (query.name ?? '').trim();
    const nameProblem = fileNameProblem(name);
    if (nameProblem) throw invalid(nameProblem, { file: nameProblem });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' });
    const sniffed = sniffFile(bytes, name);
    if (!sniffed.ok) throw new ApiError(415, 'unsupported_media_type', sniffed.reason, { file: sniffed.reason });

    const hash = BlobStore.hashOf(bytes);
    const quota = checkQuota({
      usedBytes: await usedBytes(ctx.db, user.id),
      quotaBytes: fileQuotaBytes,
      size: bytes.byteLength,
      alreadyHeld: await holdsBlob(ctx.db, user.id, hash),
    });
    if (!quota.ok) throw new ApiError(413, 'quota_exceeded', quota.message, { file: quota.message });

    const row: FilesTable = {
      id: newId(),
      ownerId: user.id,
      blobHash: hash,
      name,
      kind: sniffed.kind,
      mediaType: sniffed.mediaType,
      size: bytes.byteLength,
      excerpt: sniffed.kind === 'markdown' ? markdownExcerpt(bytes) : null,
      createdAt: ctx.now(),
    };
    await ctx.blobs.put(bytes, sniffed.mediaType, async () => {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('files').values(row).execute();
        if (row.kind === 'image') await requestUploadVariants(ctx, { hash, mediaType: row.mediaType }, trx);
      });
    });
    return { file: present(row), usedBytes: quota.usedAfter };
  });
  on(router, '/api/files', renameFile, async (c, { params, body }) => {
    const row = await ownFile(c, params.id);
    const name = body.name.trim();
    const problem = fileNameProblem(name);
    if (problem) throw invalid(problem, { name: problem });
    await ctx.db.updateTable('files').set({ name }).where('id', '=', row.id).execute();
    return { file: present({ ...row, name }) };
  });
  on(router, '/api/files', deleteFile, async (c, { params }) => {
    const row = await ownFile(c, params.id);
    await ctx.db.deleteFrom('files').where('id', '=', row.id).execute();
    await ctx.blobs.release(row.blobHash);
    return undefined;
  });
  return router.get('/:id/content', async (c) => {
    const id = c.req.param('id');
    const row = ID.test(id)
      ? await ctx.db.selectFrom('files').select(['blobHash', 'mediaType', 'kind', 'name']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row) throw notFound('No such file.');
    const headers = {
      'Cache-Control': IMMUTABLE_CACHE,
      'X-Content-Type-Options': 'nosniff',
      // Defence in depth: even if a browser rendered these bytes as a document, nothing runs.
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': contentDisposition(row.kind, row.name),
    };
    return serveBlob(c, ctx.blobs, { hash: row.blobHash, mediaType: row.mediaType }, headers, 'The file’s content is missing.');
  });
}
