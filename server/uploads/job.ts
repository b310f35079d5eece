/**
 * The `publisher.upload` job: imports an upload's ready items one at a time, in row order, each
 * marked imported or failed as it goes — that is the progress the upload shows. Idempotent: a job
 * claimed again after a crash carries on with the items still ready; retrying an upload puts its
 * failed items back to ready and runs the job again.
 */
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { UploadsTable } from '../db/schema';
import type { JobWorker } from '../jobs/worker';
import { openArchive, type OpenArchive } from './archive';
import { importItem, ItemRefusal, type ItemFiles } from './import-item';
import { blobSource, ZipFormatError } from './lazy-zip';

export const UPLOAD_JOB = 'publisher.upload';
const PAGE = 100;

export function registerUploadJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(UPLOAD_JOB, (payload: { uploadId?: unknown }) => runUpload(ctx, payload));
}

async function fail(ctx: AppContext, uploadId: string, row: number, message: string) {
  await ctx.db
    .updateTable('uploadItems')
    .set({ status: 'failed', message: message.slice(0, 1000) })
    .where('uploadId', '=', uploadId)
    .where('row', '=', row)
    .execute();
}

async function runUpload(ctx: AppContext, payload: { uploadId?: unknown }): Promise<void> {
  if (typeof payload?.uploadId !== 'string') return;
  const upload = await ctx.db.selectFrom('uploads').selectAll().where('id', '=', payload.uploadId).executeTakeFirst();
  if (!upload || (upload.status !== 'queued' && upload.status !== 'running')) return;
  await ctx.db
    .updateTable('uploads')
    .set({ status: 'running', startedAt: upload.startedAt ?? ctx.now() })
    .where('id', '=', upload.id)
    .execute();
  const imprint = await ctx.db.selectFrom('imprints').select('name').where('id', '=', upload.imprintId).executeTakeFirst();
  // A single upload's EPUB is small and read whole; a bulk upload's ZIP (up to 200 MB) is read an
  // entry at a time from where it is stored.
  const single = upload.kind === 'single';
  const epub = single && upload.archiveBlob ? await ctx.blobs.read(upload.archiveBlob) : null;
  const cover = upload.coverBlob ? await ctx.blobs.read(upload.coverBlob) : null;
  let archive: OpenArchive | null = null;
  let lost = (single && upload.archiveBlob && !epub) || (upload.coverBlob && !cover);
  if (!single && upload.archiveBlob) {
    const source = await blobSource(ctx.blobs, upload.archiveBlob);
    if (!source) lost = true;
    else
      archive = await openArchive(source).catch((error: unknown) => {
        if (!(error instanceof ZipFormatError)) throw error;
        lost = true;
        return null;
      });
  }
  try {
    await importReady(ctx, upload, imprint?.name ?? '', Boolean(lost), (item) => (single ? Promise.resolve({ epub, cover }) : filesOf(archive, item)));
  } finally {
    await archive?.close();
  }
  await finish(ctx, upload);
}

async function importReady(
  ctx: AppContext,
  upload: UploadsTable,
  imprintName: string,
  lost: boolean,
  files: (item: { epubEntry: string | null; coverEntry: string | null }) => Promise<ItemFiles>,
): Promise<void> {
  for (;;) {
    const items = await ctx.db
      .selectFrom('uploadItems')
      .selectAll()
      .where('uploadId', '=', upload.id)
      .where('status', '=', 'ready')
      .orderBy('row')
      .limit(PAGE)
      .execute();
    if (items.length === 0) break;
    for (const item of items) {
      if (lost) {
        await fail(ctx, upload.id, item.row, 'The uploaded files are no longer stored; please upload them again.');
        continue;
      }
      try {
        await importItem(ctx, upload, imprintName, item, await files(item));
      } catch (error) {
        if (!(error instanceof ItemRefusal)) console.error(`upload ${upload.id} row ${item.row} failed`, error);
        await fail(
          ctx,
          upload.id,
          item.row,
          error instanceof ItemRefusal ? error.message : 'The row could not be imported because of an error on our side. Retry it.',
        );
      }
    }
  }
}

/** A bulk row's files, inflated one entry at a time; a damaged entry is the row's to fix. */
async function filesOf(archive: OpenArchive | null, item: { epubEntry: string | null; coverEntry: string | null }): Promise<ItemFiles> {
  const one = async (name: string | null) => {
    if (!archive || !name) return null;
    try {
      return await archive.entry(name);
    } catch (error) {
      if (error instanceof ZipFormatError) throw new ItemRefusal(`The file ${name} in the ZIP cannot be read: ${error.message}`);
      throw error;
    }
  };
  return { epub: await one(item.epubEntry), cover: await one(item.coverEntry) };
}

async function finish(ctx: AppContext, upload: UploadsTable) {
  const now = ctx.now();
  const counts = await ctx.db
    .selectFrom('uploadItems')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('uploadId', '=', upload.id)
    .groupBy('status')
    .execute();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('uploads').set({ status: 'done', finishedAt: now }).where('id', '=', upload.id).execute();
    await recordAudit(trx, now, {
      actor: null,
      action: 'imprint.upload_imported',
      targetType: 'imprint',
      targetId: upload.imprintId,
      detail: { uploadId: upload.id, ...Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) },
    });
  });
}
