/**
 * /api/exports: the typed endpoints of sync/api/exports.ts and the download. Anyone signed in may
 * export their account; a manuscript only its owner or an editing co-author (a reader of it gets
 * 403, anyone else 404, exists or not); a book only who owns or wrote it (a published book one
 * does not own is 403, anything else 404). The work is a job (run-export.ts); the answer is 202.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/exports';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { formatFits, manuscriptExportDecision, MAX_PENDING_EXPORTS } from '../../sync/exports/rules';
import { actingRole } from '../../sync/manuscripts/policy';
import { TRIMS, trimById } from '../../sync/print/trim';
import type { SessionUser } from '../auth/sessions';
import type { AppContext, AppEnv } from '../context';
import type { ExportsTable } from '../db/schema';
import { on } from '../http/endpoint';
import { ApiError, forbidden, invalid, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { newId } from '../http/ids';
import { readDoc } from '../sync/store';
import { chromiumPath } from './print-pdf';
import { EXPORT_JOB, pruneExpired } from './run-export';

const ID = /^[a-z2-7]{24}$/;

function present(row: ExportsTable, now: number): api.ExportItem {
  const live = row.state === 'done' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    source: row.sourceKind,
    sourceId: row.sourceId,
    title: row.title,
    format: row.format,
    trim: row.trimId,
    state: row.state,
    progress: row.progress,
    error: row.error,
    fileName: row.fileName,
    size: row.size,
    downloadUrl: live ? api.exportDownloadUrl(row.id) : null,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/** The manuscripts this account may export (owner or editing co-author), by title. */
async function exportableManuscripts(ctx: AppContext, user: SessionUser) {
  const rows = await ctx.db
    .selectFrom('syncAudience')
    .innerJoin('syncDocs', (j) => j.onRef('syncDocs.collection', '=', 'syncAudience.collection').onRef('syncDocs.id', '=', 'syncAudience.docId'))
    .select('syncDocs.doc')
    .where('syncAudience.collection', '=', 'manuscripts')
    .where('syncAudience.userId', '=', user.id)
    .where('syncDocs.deleted', '=', 0)
    .execute();
  return rows
    .map((r) => JSON.parse(r.doc) as Manuscript)
    .filter((m) => manuscriptExportDecision(actingRole(m, user.id, user)) === 'allow')
    .map((m) => ({ id: m.id, title: m.title }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** The books this account owns (library, sideloads) or wrote. */
async function exportableBooks(ctx: AppContext, userId: string) {
  const owned = ctx.db.selectFrom('libraryEntries').select('bookId').where('userId', '=', userId);
  const sideloaded = ctx.db.selectFrom('sideloads').select('bookId').where('ownerId', '=', userId);
  const written = ctx.db.selectFrom('bookContributors').select('bookId').where('userId', '=', userId);
  const rows = await ctx.db
    .selectFrom('books')
    .select(['id', 'title'])
    .where((eb) => eb.or([eb('id', 'in', owned), eb('id', 'in', sideloaded), eb('id', 'in', written)]))
    .orderBy('title')
    .execute();
  return rows;
}

async function manuscriptToExport(ctx: AppContext, user: SessionUser, id: string): Promise<{ id: string; title: string }> {
  const stored = id.length <= 64 ? await readDoc(ctx.db, 'manuscripts', id) : null;
  const manuscript = stored && !stored.deleted ? (stored.doc as Manuscript) : null;
  const decision = manuscriptExportDecision(manuscript ? actingRole(manuscript, user.id, user) : null);
  if (decision === 'not_found' || !manuscript) throw notFound('No such manuscript.');
  if (decision === 'forbidden') throw forbidden('Only the owner and co-authors who edit may export this manuscript.');
  return { id: manuscript.id, title: manuscript.title };
}

async function bookToExport(ctx: AppContext, user: SessionUser, id: string): Promise<{ id: string; title: string }> {
  const book =
    id.length <= 64
      ? await ctx.db
          .selectFrom('books')
          .leftJoin('sideloads', 'sideloads.bookId', 'books.id')
          .select(['books.id', 'books.title', 'books.status', 'sideloads.ownerId as sideloadedBy'])
          .where('books.id', '=', id)
          .executeTakeFirst()
      : undefined;
  if (!book) throw notFound('No such book.');
  if (book.sideloadedBy !== null) {
    if (book.sideloadedBy !== user.id) throw notFound('No such book.');
    return book;
  }
  const [owns, wrote] = await Promise.all([
    ctx.db.selectFrom('libraryEntries').select('bookId').where('userId', '=', user.id).where('bookId', '=', id).executeTakeFirst(),
    ctx.db.selectFrom('bookContributors').select('bookId').where('userId', '=', user.id).where('bookId', '=', id).executeTakeFirst(),
  ]);
  if (owns || wrote) return book;
  if (book.status === 'published') throw forbidden('Only books you own can be exported: buy or claim it first.');
  throw notFound('No such book.');
}

export function exportRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const mine = async (c: Context<AppEnv>, id: string) => {
    const user = requirePermission(c, 'account:use');
    const row = ID.test(id) ? await ctx.db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    // Someone else's export does not exist, as far as this account can tell.
    if (!row || row.ownerId !== user.id) throw notFound('No such export.');
    return row;
  };

  on(router, '/api/exports', api.listExports, async (c) => {
    const user = requirePermission(c, 'account:use');
    await pruneExpired(ctx);
    const [rows, manuscripts, books] = await Promise.all([
      ctx.db.selectFrom('exports').selectAll().where('ownerId', '=', user.id).orderBy('createdAt', 'desc').orderBy('id').limit(50).execute(),
      exportableManuscripts(ctx, user),
      exportableBooks(ctx, user.id),
    ]);
    c.header('Cache-Control', 'private, no-cache');
    return { exports: rows.map((r) => present(r, ctx.now())), manuscripts, books, printPdf: chromiumPath() !== null };
  });

  on(router, '/api/exports', api.startExport, async (c, { body }) => {
    const user = requirePermission(c, 'account:use');
    if (!formatFits(body.source, body.format)) {
      const message = body.source === 'account' ? 'Your account exports as JSON data or a ZIP of files.' : 'Choose EPUB, Word (DOCX), print PDF or Markdown.';
      throw invalid(message, { format: message });
    }
    if (body.trim !== undefined && (body.format !== 'pdf' || !TRIMS.some((t) => t.id === body.trim))) {
      const message = body.format === 'pdf' ? 'Choose one of the listed trim sizes.' : 'Only a print PDF has a trim size.';
      throw invalid(message, { trim: message });
    }
    let target: { id: string | null; title: string };
    if (body.source === 'account') target = { id: null, title: user.username };
    else if (!body.id) throw invalid('Choose what to export.', { id: 'Choose a manuscript or a book.' });
    else target = body.source === 'manuscript' ? await manuscriptToExport(ctx, user, body.id) : await bookToExport(ctx, user, body.id);

    const pending = await ctx.db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ownerId', '=', user.id)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_EXPORTS) {
      throw new ApiError(429, 'rate_limited', `You have ${MAX_PENDING_EXPORTS} exports on the way already: wait for one to finish.`, undefined, 10);
    }
    const now = ctx.now();
    const row: ExportsTable = {
      id: newId(),
      ownerId: user.id,
      sourceKind: body.source,
      sourceId: target.id,
      title: target.title,
      format: body.format,
      state: 'queued',
      progress: 0,
      error: null,
      blobHash: null,
      fileName: null,
      mediaType: null,
      size: null,
      expiresAt: null,
      createdAt: now,
      updatedAt: now,
      trimId: body.format === 'pdf' ? trimById(body.trim).id : null,
    };
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('exports').values(row).execute();
      await ctx.queue.enqueue(EXPORT_JOB, { exportId: row.id }, { in: trx, maxAttempts: 1 });
    });
    return { export: present(row, now) };
  });

  on(router, '/api/exports', api.getExport, async (c, { params }) => {
    c.header('Cache-Control', 'private, no-cache');
    return { export: present(await mine(c, params.id), ctx.now()) };
  });

  on(router, '/api/exports', api.deleteExport, async (c, { params }) => {
    const row = await mine(c, params.id);
    await ctx.db.deleteFrom('exports').where('id', '=', row.id).execute();
    if (row.blobHash) await ctx.blobs.release(row.blobHash);
    return undefined;
  });

  return router.get('/:id/download', async (c) => {
    const row = await mine(c, c.req.param('id'));
    if (row.state !== 'done' || !row.blobHash) throw notFound('This export has no file (yet).');
    if (row.expiresAt === null || row.expiresAt <= ctx.now()) throw notFound('This download link has expired: export again.');
    const bytes = await ctx.blobs.read(row.blobHash);
    if (!bytes) throw notFound('The export’s file is missing: export again.');
    const name = row.fileName ?? 'export';
    const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': row.mediaType ?? 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
