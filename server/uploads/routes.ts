/**
 * /api/publisher/uploads… (sync/api/publisher-uploads.ts). The four file routes take the raw
 * body: who is sending is checked (imprint membership, 'uploads:manage') before a byte is read,
 * then the body is capped as it streams (uploadLimit, and the metadata reader counts bytes
 * itself). Every change is audited; the import itself is the `publisher.upload` job.
 */
import { Hono, type Context, type Next } from 'hono';
import * as api from '../../sync/api/publisher-uploads';
import { UPLOAD_ARCHIVE_MAX_BYTES, UPLOAD_COVER_MAX_BYTES, UPLOAD_MAX_ROWS, UPLOAD_METADATA_MAX_BYTES } from '../../sync/uploads';
import { formatBytes } from '../../sync/text/bytes';
import { csvLine } from '../admin/csv';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { declaredLimit, uploadLimit } from '../http/body-limit';
import { on } from '../http/endpoint';
import { ApiError, badRequest, conflict, invalid, notFound } from '../http/errors';
import { EPUB_MAX_UPLOAD_BYTES } from '../limits';
import { imprintAccess, type ImprintActor } from '../publisher/access';
import { attachZip, checkSingleEpub, coverOf } from './single-and-archive';
import { checkAndStoreRows } from './check';
import { csvRows } from './csv';
import { UPLOAD_JOB } from './job';
import { onixRows } from './onix';
import { PROBLEM_STATUSES, uploadDetail, uploadPage } from './present';
import { FileProblem, parsePrice, type UploadRecord } from './record';
import { bodyText, bodyToTempFile, peek, uploadTempRoot } from './stream';

const AT = '/api/publisher';
const CSV_BATCH = 1000;

const tooLarge = (max: number, field: string) => () =>
  new ApiError(413, 'payload_too_large', `The file is larger than ${formatBytes(max)}, the most this upload may be.`, {
    [field]: `This file is larger than ${formatBytes(max)}.`,
  });

/** The upload of `uploadId` in the query, for a member who may upload to its imprint. */
async function queriedUpload(ctx: AppContext, c: Context<AppEnv>) {
  const id = c.req.query('uploadId') ?? '';
  const upload = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  // Checked against the imprint first: another imprint's upload does not exist.
  const who = await imprintAccess(ctx, c, upload?.imprintId ?? '', 'uploads:manage').catch((e: unknown) => {
    throw e instanceof ApiError && e.status === 404 ? notFound('No such upload.') : e;
  });
  if (!upload) throw notFound('No such upload.');
  return { who, upload };
}

async function readBytes(c: Context<AppEnv>, field: string): Promise<Uint8Array> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) throw badRequest('The file is empty.', { [field]: 'The file is empty.' });
  return bytes;
}

function formatOf(name: string, first: string): 'csv' | 'onix' {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (/\.(xml|onx|onix)$/.test(lower)) return 'onix';
  return first
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<')
    ? 'onix'
    : 'csv';
}

async function checkMetadataBody(ctx: AppContext, c: Context<AppEnv>, who: ImprintActor, name: string) {
  const chunks = bodyText(c.req.raw.body, UPLOAD_METADATA_MAX_BYTES, tooLarge(UPLOAD_METADATA_MAX_BYTES, 'metadata'));
  const { first, all } = await peek(chunks);
  if (first.trim() === '') throw badRequest('The file is empty.', { metadata: 'The file is empty.' });
  const format = formatOf(name, first);
  try {
    return await checkAndStoreRows(
      ctx,
      who,
      { kind: 'bulk', format, fileName: name || `metadata.${format === 'csv' ? 'csv' : 'xml'}`, archiveBlob: null, archiveName: null },
      format === 'csv' ? csvRows(all, UPLOAD_MAX_ROWS) : onixRows(all, UPLOAD_MAX_ROWS),
      uploadTempRoot(ctx.config.dataDir),
    );
  } catch (error) {
    if (error instanceof FileProblem) throw invalid(error.message, { metadata: error.message });
    throw error;
  }
}

export function uploadRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const detail = async (imprintId: string, uploadId: string, rows?: Parameters<typeof uploadDetail>[3]) => {
    const d = await uploadDetail(ctx.db, imprintId, uploadId, rows);
    if (!d) throw notFound('No such upload.');
    return d;
  };
  const byImprint = (permission: 'uploads:manage') => async (c: Context<AppEnv>, next: Next) => {
    await imprintAccess(ctx, c, c.req.query('imprintId') ?? '', permission);
    await next();
  };
  const byUpload = async (c: Context<AppEnv>, next: Next) => {
    await queriedUpload(ctx, c);
    await next();
  };

  router.post('/uploads/metadata', byImprint('uploads:manage'), declaredLimit(UPLOAD_METADATA_MAX_BYTES, tooLarge(UPLOAD_METADATA_MAX_BYTES, 'metadata')));
  on(router, AT, api.checkMetadata, async (c, { query }) => {
    const who = await imprintAccess(ctx, c, query.imprintId, 'uploads:manage');
    const id = await checkMetadataBody(ctx, c, who, (query.name ?? '').trim().slice(0, 255));
    return detail(who.imprint.id, id);
  });

  router.post('/uploads/archive', byUpload, declaredLimit(UPLOAD_ARCHIVE_MAX_BYTES, tooLarge(UPLOAD_ARCHIVE_MAX_BYTES, 'archive')));
  on(router, AT, api.attachArchive, async (c, { query }) => {
    const { who, upload } = await queriedUpload(ctx, c);
    if (upload.kind !== 'bulk' || upload.status !== 'checked') throw conflict('A ZIP can be added to a bulk upload before its import starts.');
    const zip = await bodyToTempFile(
      c.req.raw.body,
      UPLOAD_ARCHIVE_MAX_BYTES,
      tooLarge(UPLOAD_ARCHIVE_MAX_BYTES, 'archive'),
      uploadTempRoot(ctx.config.dataDir),
    );
    try {
      await attachZip(ctx, who, upload, zip, (query.name ?? '').trim().slice(0, 255) || 'files.zip');
    } finally {
      await zip.dispose();
    }
    return detail(who.imprint.id, upload.id);
  });

  router.post('/uploads/epub', byImprint('uploads:manage'), uploadLimit(EPUB_MAX_UPLOAD_BYTES, tooLarge(EPUB_MAX_UPLOAD_BYTES, 'epub')));
  on(router, AT, api.checkEpub, async (c, { query }) => {
    const who = await imprintAccess(ctx, c, query.imprintId, 'uploads:manage');
    const id = await checkSingleEpub(ctx, who, await readBytes(c, 'epub'), (query.name ?? '').trim().slice(0, 255) || 'book.epub');
    return detail(who.imprint.id, id);
  });

  router.post('/uploads/cover', byUpload, uploadLimit(UPLOAD_COVER_MAX_BYTES, tooLarge(UPLOAD_COVER_MAX_BYTES, 'cover')));
  on(router, AT, api.attachCover, async (c) => {
    const { who, upload } = await queriedUpload(ctx, c);
    if (upload.kind !== 'single' || upload.status !== 'checked') throw conflict('A cover can be added to a single upload before it is imported.');
    await coverOf(ctx, who, upload, await readBytes(c, 'cover'));
    return detail(who.imprint.id, upload.id);
  });

  on(router, AT, api.listUploads, async (c, { params, query }) => {
    const { imprint } = await imprintAccess(ctx, c, params.imprintId!, 'uploads:manage');
    const { uploads, total } = await uploadPage(ctx.db, imprint.id, query.page, api.UPLOADS_PAGE_SIZE);
    return { uploads, total, page: query.page, pageSize: api.UPLOADS_PAGE_SIZE };
  });

  on(router, AT, api.getUpload, async (c, { params, query }) => {
    const { imprint } = await imprintAccess(ctx, c, params.imprintId!, 'uploads:manage');
    return detail(imprint.id, params.uploadId!, query);
  });

  on(router, AT, api.startUpload, async (c, { params, body }) => {
    const who = await imprintAccess(ctx, c, params.imprintId!, 'uploads:manage');
    const { upload } = await detail(who.imprint.id, params.uploadId!);
    if (upload.status !== 'checked') throw conflict('This upload has already been started.');
    if (upload.counts.ready === 0) throw conflict('Nothing to import: every row has problems. Fix the file and upload it again.');
    let priced: { priceCents: number; currency: string } | null = null;
    if (upload.kind === 'single' && body.price !== undefined) {
      const currency = body.currency ?? 'USD';
      const price = parsePrice(body.price, currency);
      if (!price.ok) throw invalid(price.message, { price: price.message });
      priced = { priceCents: price.cents, currency };
    }
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      if (priced) {
        const row = await trx
          .selectFrom('uploadItems')
          .select(['row', 'record'])
          .where('uploadId', '=', upload.id)
          .where('status', '=', 'ready')
          .executeTakeFirstOrThrow();
        const record = { ...JSON.parse(row.record!), ...priced };
        await trx
          .updateTable('uploadItems')
          .set({ record: JSON.stringify(record) })
          .where('uploadId', '=', upload.id)
          .where('row', '=', row.row)
          .execute();
      }
      await trx.updateTable('uploads').set({ status: 'queued' }).where('id', '=', upload.id).execute();
      await ctx.queue.enqueue(UPLOAD_JOB, { uploadId: upload.id }, { in: trx, maxAttempts: 3 });
      await recordAudit(trx, now, {
        actor: who.actor,
        ip: who.ip,
        action: 'imprint.upload_started',
        targetType: 'imprint',
        targetId: who.imprint.id,
        detail: { uploadId: upload.id, ready: upload.counts.ready },
      });
    });
    return detail(who.imprint.id, upload.id);
  });

  on(router, AT, api.retryUpload, async (c, { params }) => {
    const who = await imprintAccess(ctx, c, params.imprintId!, 'uploads:manage');
    const { upload } = await detail(who.imprint.id, params.uploadId!);
    if (upload.status !== 'done') throw conflict('The import is still running: retry once it has finished.');
    if (upload.counts.failed === 0) throw conflict('No row failed, so there is nothing to retry.');
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await trx.updateTable('uploadItems').set({ status: 'ready', message: '' }).where('uploadId', '=', upload.id).where('status', '=', 'failed').execute();
      await trx.updateTable('uploads').set({ status: 'queued', finishedAt: null }).where('id', '=', upload.id).execute();
      await ctx.queue.enqueue(UPLOAD_JOB, { uploadId: upload.id }, { in: trx, maxAttempts: 3 });
      await recordAudit(trx, now, {
        actor: who.actor,
        ip: who.ip,
        action: 'imprint.upload_retried',
        targetType: 'imprint',
        targetId: who.imprint.id,
        detail: { uploadId: upload.id, failed: upload.counts.failed },
      });
    });
    return detail(who.imprint.id, upload.id);
  });

  return router.get('/imprints/:imprintId/uploads/:uploadId/errors.csv', async (c) => {
    const { imprint } = await imprintAccess(ctx, c, c.req.param('imprintId'), 'uploads:manage');
    const { upload } = await detail(imprint.id, c.req.param('uploadId'));
    let out = csvLine(['row', 'reference', 'isbn', 'title', 'status', 'reasons']);
    // Keyset paging by row over the (upload_id, status, row) index: never every item at once.
    for (let after = 0; ;) {
      const items = await ctx.db
        .selectFrom('uploadItems')
        .select(['row', 'reference', 'isbn', 'record', 'status', 'problems', 'message'])
        .where('uploadId', '=', upload.id)
        .where('status', 'in', PROBLEM_STATUSES)
        .where('row', '>', after)
        .orderBy('row')
        .limit(CSV_BATCH)
        .execute();
      for (const i of items) {
        const problems = JSON.parse(i.problems) as string[];
        out += csvLine([
          String(i.row),
          i.reference,
          i.isbn,
          i.record ? (JSON.parse(i.record) as UploadRecord).title : '',
          i.status === 'invalid' ? 'not valid' : 'failed',
          (problems.length ? problems : [i.message]).join(' '),
        ]);
      }
      if (items.length < CSV_BATCH) break;
      after = items[items.length - 1]!.row;
    }
    const base = upload.fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9._-]+/g, '-') || 'upload';
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${base}-errors.csv"`);
    return c.body(out);
  });
}
