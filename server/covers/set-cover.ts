/**
 * Setting a manuscript's ebook cover (its owner only, not once the book was rejected): the image
 * must be the owner's own JPEG or PNG within DOMAIN.md's sizes. Audited; the cover goes to the
 * store with the next submitted and approved edition (manuscript-cover.ts).
 */
import { sharp } from '../images/sharp';
import type { ManuscriptCover } from '../../sync/api/covers';
import { recordAudit } from '../audit/record';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import { viewPublication } from '../publishing/publications';
import { COVER_TYPES, coverOf, coverSizeProblem } from './manuscript-cover';

async function checkCoverFile(ctx: AppContext, user: SessionUser, fileId: string): Promise<void> {
  const file = fileId.length <= 64 ? await ctx.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst() : undefined;
  const notMine = 'Pick an image from your own files.';
  if (!file || file.ownerId !== user.id) throw invalid(notMine, { fileId: notMine });
  if (!COVER_TYPES[file.mediaType]) {
    const message = 'A cover must be a JPEG or PNG image.';
    throw invalid(message, { fileId: message });
  }
  const bytes = await ctx.blobs.read(file.blobHash);
  const meta = bytes
    ? await sharp(bytes)
        .metadata()
        .catch(() => null)
    : null;
  if (!meta?.width || !meta.height) throw invalid("This image can't be read.", { fileId: "This image can't be read." });
  const problem = coverSizeProblem(meta.width, meta.height);
  if (problem) throw invalid(problem, { fileId: problem });
}

export async function setCover(ctx: AppContext, user: SessionUser, ip: string, id: string, fileId: string | null): Promise<ManuscriptCover | null> {
  const view = await viewPublication(ctx, id, user);
  if (!view) throw notFound('No such manuscript.');
  if (!view.actors.includes('owner')) throw forbidden("Only the manuscript's owner sets its cover.");
  if (!view.manuscript) throw conflict('The manuscript was deleted.');
  if (view.state === 'rejected') throw conflict('This book was rejected: its cover no longer changes.');
  if (fileId !== null) await checkCoverFile(ctx, user, fileId);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('publications')
      .values({ id, ownerId: view.ownerId, state: 'draft', metadata: null, coverFileId: fileId, stateChangedAt: now, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ coverFileId: fileId, updatedAt: now }))
      .execute();
    await recordAudit(trx, now, {
      actor: { id: user.id, username: user.username },
      action: 'publishing.cover',
      targetType: 'publication',
      targetId: id,
      detail: { fileId },
      ip,
    });
  });
  return coverOf(ctx.db, id);
}
