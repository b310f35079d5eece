/**
 * Saved cover designs: one row per design, its owner's alone (another account's design does not
 * exist as far as anyone else can tell). A background image must be one of the owner's own images:
 * file ids are capabilities, so a design may not borrow someone else's.
 */
import type { CoverDesignDetail, CoverDesignSummary } from '../../sync/api/covers';
import { CoverDesignSchema, type CoverDesign } from '../../sync/covers/design';
import type { AppContext } from '../context';
import type { CoverDesignsTable } from '../db/schema';
import { conflict, invalid, notFound } from '../http/errors';
import { newId } from '../http/ids';

/** Enough for every book one person writes; stops a script filling the table. */
const DESIGNS_MAX = 200;

function present(row: CoverDesignsTable): CoverDesignDetail {
  return { id: row.id, name: row.name, design: CoverDesignSchema.parse(JSON.parse(row.design)), createdAt: row.createdAt, updatedAt: row.updatedAt };
}

export async function listDesigns(ctx: AppContext, ownerId: string): Promise<CoverDesignSummary[]> {
  return ctx.db
    .selectFrom('coverDesigns')
    .select(['id', 'name', 'updatedAt'])
    .where('ownerId', '=', ownerId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .limit(DESIGNS_MAX)
    .execute();
}

async function ownDesign(ctx: AppContext, ownerId: string, id: string): Promise<CoverDesignsTable> {
  const row = id.length <= 64 ? await ctx.db.selectFrom('coverDesigns').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || row.ownerId !== ownerId) throw notFound('No such cover design.');
  return row;
}

export async function getDesign(ctx: AppContext, ownerId: string, id: string): Promise<CoverDesignDetail> {
  return present(await ownDesign(ctx, ownerId, id));
}

async function checkBackground(ctx: AppContext, ownerId: string, design: CoverDesign): Promise<void> {
  if (design.background.kind !== 'image') return;
  const file = await ctx.db.selectFrom('files').select(['ownerId', 'kind']).where('id', '=', design.background.fileId).executeTakeFirst();
  const message = 'Pick an image from your own files.';
  if (!file || file.ownerId !== ownerId || file.kind !== 'image') throw invalid(message, { 'design.background.fileId': message });
}

export async function createDesign(ctx: AppContext, ownerId: string, input: { name: string; design: CoverDesign }): Promise<CoverDesignDetail> {
  await checkBackground(ctx, ownerId, input.design);
  const count = await ctx.db
    .selectFrom('coverDesigns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ownerId', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= DESIGNS_MAX) throw conflict(`You have ${DESIGNS_MAX} cover designs: delete one you no longer need first.`);
  const now = ctx.now();
  const row: CoverDesignsTable = { id: newId(), ownerId, name: input.name, design: JSON.stringify(input.design), createdAt: now, updatedAt: now };
  await ctx.db.insertInto('coverDesigns').values(row).execute();
  return present(row);
}

export async function updateDesign(ctx: AppContext, ownerId: string, id: string, input: { name: string; design: CoverDesign }): Promise<CoverDesignDetail> {
  const row = await ownDesign(ctx, ownerId, id);
  await checkBackground(ctx, ownerId, input.design);
  const updated = { ...row, name: input.name, design: JSON.stringify(input.design), updatedAt: ctx.now() };
  await ctx.db.updateTable('coverDesigns').set({ name: updated.name, design: updated.design, updatedAt: updated.updatedAt }).where('id', '=', id).execute();
  return present(updated);
}

export async function deleteDesign(ctx: AppContext, ownerId: string, id: string): Promise<void> {
  await ownDesign(ctx, ownerId, id);
  await ctx.db.deleteFrom('coverDesigns').where('id', '=', id).execute();
}
