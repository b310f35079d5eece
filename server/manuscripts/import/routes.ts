/**
 * POST /api/manuscripts/import — the file is the raw request body (no multipart: one file,
 * refused past the size cap by Content-Length or while streaming), its name in `?name=` only
 * names the manuscript when the file does not. The conversion runs inline, bounded by the
 * upload and chapter limits: the caller waits for a manuscript to open, and nothing is stored
 * until it succeeds, so there is nothing to retry or clean up (docs/decisions/009).
 */
import { Hono } from 'hono';
import { importManuscript } from '../../../sync/api/manuscripts';
import type { AppContext, AppEnv } from '../../context';
import { on } from '../../http/endpoint';
import { requirePermission, requireUser } from '../../http/guard';
import { buildLimiter, take } from '../../http/rate-limit';
import { createImportedManuscript } from './create-manuscript';
import { ImportError } from './import-error';
import { IMPORT_MAX_UPLOAD_BYTES, IMPORT_RATE_LIMIT } from './limits';
import { readDocx, readEpub, readMarkdown, type ImportedManuscript } from './read-formats';
import { sniff } from './sniff';
import { uploadLimit } from '../../http/body-limit';

const tooLarge = () => new ImportError('too_large', `The file is too large: a manuscript import may be at most ${IMPORT_MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

export async function readManuscriptFile(bytes: Uint8Array, fileName?: string): Promise<ImportedManuscript> {
  const sniffed = sniff(bytes);
  switch (sniffed.kind) {
    case 'docx':
      return readDocx(bytes, fileName, sniffed.files);
    case 'epub':
      return readEpub(sniffed.files, fileName);
    case 'markdown':
      return readMarkdown(sniffed.text, fileName);
  }
}

export function manuscriptImportRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'manuscript-import', IMPORT_RATE_LIMIT);
  const router = new Hono<AppEnv>();
  router.post(
    '/import',
    async (c, next) => {
      const user = requirePermission(c, 'manuscripts:write'); // before reading a byte of the body
      await take(limiter, user.id);
      await next();
    },
    uploadLimit(IMPORT_MAX_UPLOAD_BYTES, tooLarge),
  );
  on(router, '/api/manuscripts', importManuscript, async (c, { query }) => {
    const user = requireUser(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const imported = await readManuscriptFile(bytes, query.name?.slice(0, 255));
    const created = await createImportedManuscript(ctx, user, imported);
    return { ...created, title: imported.title, format: imported.format, imagesSkipped: imported.imagesSkipped };
  });
  return router;
}
