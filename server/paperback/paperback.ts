/**
 * A manuscript's paperback cover and its print layout's page counts (decision 069). Who may do
 * what is the manuscript's own rule (sync/manuscripts/policy.ts) plus `covers:design`
 * (sync/roles.ts): members see the cover (anyone else gets 404, whether or not it exists), the
 * owner and editors who may design covers save it and record page counts; others get 403.
 */
import type { PaperbackCover, PaperbackCoverResponse, PrintLayoutRecord } from '../../sync/api/paperback-covers';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { PaperbackDesignSchema, type PaperbackDesign } from '../../sync/covers/paperback';
import { actingRole, mayOnManuscript } from '../../sync/manuscripts/policy';
import { can, type Principal } from '../../sync/roles';
import type { AppContext } from '../context';
import { forbidden, notFound } from '../http/errors';
import { manuscriptAsBook, manuscriptForMember } from '../manuscripts/manuscript-book';

interface Actor {
  id: string;
  principal: Principal;
}

/** The manuscript and whether `actor` may change its cover; 404 for anyone who is not a member. */
async function manuscriptFor(ctx: AppContext, manuscriptId: string, actor: Actor): Promise<{ manuscript: Manuscript; mayEdit: boolean }> {
  const manuscript = await manuscriptForMember(ctx, manuscriptId, actor.id);
  const role = manuscript ? actingRole(manuscript, actor.id, actor.principal) : null;
  if (!manuscript || !mayOnManuscript(role, 'read')) throw notFound('No such manuscript.');
  return { manuscript, mayEdit: can(actor.principal, 'covers:design') && mayOnManuscript(role, 'edit-chapters') };
}

async function mayChange(ctx: AppContext, manuscriptId: string, actor: Actor): Promise<Manuscript> {
  const { manuscript, mayEdit } = await manuscriptFor(ctx, manuscriptId, actor);
  if (!mayEdit) {
    throw forbidden(
      can(actor.principal, 'covers:design')
        ? "Only the manuscript's owner and its editors may change its paperback cover."
        : 'Your account may not design covers.',
    );
  }
  return manuscript;
}

async function layoutsOf(ctx: AppContext, manuscriptId: string): Promise<PrintLayoutRecord[]> {
  return ctx.db
    .selectFrom('printLayouts')
    .select(['trimId', 'pages', 'recordedAt'])
    .where('manuscriptId', '=', manuscriptId)
    .orderBy('recordedAt', 'desc')
    .orderBy('trimId')
    .execute();
}

export async function paperbackCover(ctx: AppContext, manuscriptId: string, actor: Actor): Promise<PaperbackCoverResponse> {
  const { manuscript, mayEdit } = await manuscriptFor(ctx, manuscriptId, actor);
  const [row, layouts] = await Promise.all([
    ctx.db.selectFrom('paperbackCovers').select(['design', 'updatedAt']).where('manuscriptId', '=', manuscript.id).executeTakeFirst(),
    layoutsOf(ctx, manuscript.id),
  ]);
  const authors = manuscriptAsBook(manuscript, []).contributors.map((c) => c.name);
  return {
    manuscript: { id: manuscript.id, title: manuscript.title, author: authors.join(' & ') },
    mayEdit,
    cover: row ? { design: PaperbackDesignSchema.parse(JSON.parse(row.design)), updatedAt: row.updatedAt } : null,
    layouts,
  };
}

export async function savePaperbackCover(ctx: AppContext, manuscriptId: string, actor: Actor, design: PaperbackDesign): Promise<PaperbackCover> {
  const manuscript = await mayChange(ctx, manuscriptId, actor);
  const now = ctx.now();
  const json = JSON.stringify(design);
  await ctx.db
    .insertInto('paperbackCovers')
    .values({ manuscriptId: manuscript.id, design: json, updatedBy: actor.id, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('manuscriptId').doUpdateSet({ design: json, updatedBy: actor.id, updatedAt: now }))
    .execute();
  return { design, updatedAt: now };
}

/** Records the latest page count at a trim. `recordedBy`: who typeset it (the export's owner for a job). */
export async function writePrintLayout(
  ctx: AppContext,
  manuscriptId: string,
  trimId: string,
  pages: number,
  recordedBy: string | null,
): Promise<PrintLayoutRecord> {
  const recordedAt = ctx.now();
  await ctx.db
    .insertInto('printLayouts')
    .values({ manuscriptId, trimId, pages, recordedBy, recordedAt })
    .onConflict((oc) => oc.columns(['manuscriptId', 'trimId']).doUpdateSet({ pages, recordedBy, recordedAt }))
    .execute();
  return { trimId, pages, recordedAt };
}

export async function recordPrintLayout(ctx: AppContext, manuscriptId: string, actor: Actor, trimId: string, pages: number): Promise<PrintLayoutRecord> {
  const manuscript = await mayChange(ctx, manuscriptId, actor);
  return writePrintLayout(ctx, manuscript.id, trimId, pages, actor.id);
}
