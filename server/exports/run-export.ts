/**
 * The `export.run` job: builds one export, reporting progress on its row as it goes, stores the
 * file as a blob and opens its download link for EXPORT_LINK_HOURS. A failure is recorded on the
 * row in words for its owner and the job ends (it is not retried: the same input fails the same
 * way, and a new export is one click). Expired exports are deleted with their files whenever an
 * export runs or the list is read (pruneExpired).
 */
import { EXPORT_LINK_HOURS } from '../../sync/exports/rules';
import { trimById } from '../../sync/print/trim';
import { readDoc } from '../sync/store';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { actingRole } from '../../sync/manuscripts/policy';
import type { AppContext } from '../context';
import type { ExportsTable } from '../db/schema';
import { LANES, type JobWorker } from '../jobs/worker';
import { accountDataJson, accountFilesZip } from './account-data';
import { buildDocx } from './docx';
import { buildEpub } from './epub/build-epub';
import { ExportFailure } from './failure';
import { buildMarkdown } from './markdown';
import { writePrintLayout } from '../paperback/paperback';
import { buildPrintPdf } from './print-pdf';
import { bookSource, manuscriptSource } from './sources';
import { userPrincipal } from './principal';

export const EXPORT_JOB = 'export.run';
const HOUR_MS = 3_600_000;
const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Built {
  bytes: Uint8Array;
  fileName: string;
  mediaType: string;
}

/** A file name from the title: letters, digits and hyphens, never empty. */
function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem || 'export';
}

async function runExport(ctx: AppContext, exportId: string): Promise<void> {
  const row = await ctx.db.selectFrom('exports').selectAll().where('id', '=', exportId).executeTakeFirst();
  if (!row || row.state === 'done' || row.state === 'failed') return; // gone, or a repeat of a finished job
  let lastWritten = 0;
  // Progress writes run one after another and are all done before the final state is written:
  // on a pool of connections a late one would otherwise land after "done" and undo its 100 %.
  let writes = Promise.resolve();
  const progress = (fraction: number) => {
    // A row write per few percent, not per chapter of a long book.
    if (fraction - lastWritten < 0.05 && fraction < 1) return;
    lastWritten = fraction;
    writes = writes
      .then(() =>
        ctx.db
          .updateTable('exports')
          .set({ progress: Math.min(0.99, fraction), updatedAt: ctx.now() })
          .where('id', '=', exportId)
          .execute(),
      )
      .then(
        () => undefined,
        (error: unknown) => console.warn(`export ${exportId}: progress not written`, error),
      );
  };
  await ctx.db.updateTable('exports').set({ state: 'running', progress: 0, updatedAt: ctx.now() }).where('id', '=', exportId).execute();
  try {
    const built = await build(ctx, row, progress);
    await writes;
    const now = ctx.now();
    await ctx.blobs.put(built.bytes, built.mediaType, async (hash) => {
      await ctx.db
        .updateTable('exports')
        .set({
          state: 'done',
          progress: 1,
          blobHash: hash,
          fileName: built.fileName,
          mediaType: built.mediaType,
          size: built.bytes.byteLength,
          expiresAt: now + EXPORT_LINK_HOURS * HOUR_MS,
          updatedAt: now,
        })
        .where('id', '=', exportId)
        .execute();
    });
  } catch (error) {
    if (!(error instanceof ExportFailure)) console.error(`export ${exportId} failed:`, error);
    const reason =
      error instanceof ExportFailure
        ? error.message
        : `Something went wrong while making the file (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}). Try again; if it keeps failing, tell us.`;
    await ctx.db.updateTable('exports').set({ state: 'failed', error: reason, updatedAt: ctx.now() }).where('id', '=', exportId).execute();
  }
}

async function build(ctx: AppContext, row: ExportsTable, progress: (fraction: number) => void): Promise<Built> {
  const stem = fileStem(row.title);
  if (row.format === 'account-json') {
    return { bytes: await accountDataJson(ctx, row.ownerId, progress), fileName: `quire-account-${stem}.json`, mediaType: 'application/json' };
  }
  if (row.format === 'account-files') {
    return { bytes: await accountFilesZip(ctx, row.ownerId, progress), fileName: `quire-files-${stem}.zip`, mediaType: 'application/zip' };
  }
  const loading = (done: number, total: number) => progress((0.6 * done) / total);
  const source =
    row.sourceKind === 'manuscript' ? await manuscriptSource(ctx, await stillMayExport(ctx, row), loading) : await bookSource(ctx, row.sourceId ?? '');
  if (row.format === 'epub') {
    const bytes = buildEpub(source, { modified: new Date(ctx.now()), onProgress: (done, total) => progress(0.6 + (0.35 * done) / total) });
    return { bytes, fileName: `${stem}.epub`, mediaType: 'application/epub+zip' };
  }
  if (row.format === 'docx') {
    const bytes = await buildDocx(source, { modified: new Date(ctx.now()), onProgress: (done, total) => progress(0.6 + (0.35 * done) / total) });
    return { bytes, fileName: `${stem}.docx`, mediaType: DOCX_MEDIA_TYPE };
  }
  if (row.format === 'pdf') {
    const trim = trimById(row.trimId);
    const { bytes, pages } = await buildPrintPdf(source, { trim, onProgress: (fraction) => progress(0.6 + 0.4 * fraction) });
    // The paperback cover's spine follows the latest typesetting (decision 069).
    if (row.sourceKind === 'manuscript' && row.sourceId) await writePrintLayout(ctx, row.sourceId, trim.id, pages, row.ownerId);
    return { bytes, fileName: `${stem}-${trim.id}.pdf`, mediaType: 'application/pdf' };
  }
  const md = buildMarkdown(source);
  return { bytes: md.bytes, fileName: `${stem}.${md.extension}`, mediaType: md.mediaType };
}

/** The manuscript, if the person who asked may still export it (the check at the request may be old). */
async function stillMayExport(ctx: AppContext, row: ExportsTable): Promise<Manuscript> {
  const stored = await readDoc(ctx.db, 'manuscripts', row.sourceId ?? '');
  if (!stored || stored.deleted) throw new ExportFailure('The manuscript was deleted before its export could be made.');
  const manuscript = stored.doc as Manuscript;
  const role = actingRole(manuscript, row.ownerId, await userPrincipal(ctx, row.ownerId));
  if (role !== 'owner' && role !== 'editor') throw new ExportFailure('You may no longer export this manuscript.');
  return manuscript;
}

/** Deletes exports whose link has expired, and their files when nothing else holds them. */
export async function pruneExpired(ctx: AppContext): Promise<void> {
  const expired = await ctx.db.selectFrom('exports').select(['id', 'blobHash']).where('expiresAt', '<', ctx.now()).execute();
  for (const e of expired) {
    await ctx.db.deleteFrom('exports').where('id', '=', e.id).execute();
    if (e.blobHash) await ctx.blobs.release(e.blobHash);
  }
}

export function registerExportJobs(worker: JobWorker, ctx: AppContext): void {
  worker.register(
    EXPORT_JOB,
    async (payload: { exportId?: unknown }) => {
      await pruneExpired(ctx);
      if (typeof payload.exportId === 'string') await runExport(ctx, payload.exportId);
    },
    { lane: LANES.books },
  );
}
