/**
 * The variant pipeline: asking for an original's variants writes a pending row per width and
 * format and one `image.variants` job in the one queue; the job makes every variant of that
 * original not yet done, storing each as a blob. Idempotent: a job run twice redoes nothing done.
 */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { LANES, type JobWorker } from '../jobs/worker';
import { makeVariant } from './generate';
import { IMAGE_JOB_MAX_ATTEMPTS, IMAGE_VARIANTS_JOB, VARIANT_FORMATS, VARIANT_MEDIA_TYPES } from './plan';

type Services = Pick<AppContext, 'db' | 'queue' | 'now'>;

/**
 * Ask for the variants of an original at these widths. Pass the transaction that stores what
 * uses the image, so the job exists only if that commits. Returns whether a job was queued (none
 * when every variant was already asked for).
 */
export async function requestVariants(ctx: Services, sourceHash: string, widths: readonly number[], db: DB = ctx.db): Promise<boolean> {
  const now = ctx.now();
  const rows = widths.flatMap((width) =>
    VARIANT_FORMATS.map((format) => ({ sourceHash, width, format, state: 'pending' as const, createdAt: now, updatedAt: now })),
  );
  const result = await db
    .insertInto('imageVariants')
    .values(rows)
    .onConflict((oc) => oc.columns(['sourceHash', 'width', 'format']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await ctx.queue.enqueue(IMAGE_VARIANTS_JOB, { sourceHash }, { in: db, maxAttempts: IMAGE_JOB_MAX_ATTEMPTS });
  return true;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // libvips ends some messages with a colon before details it leaves empty ("corrupt header:").
  return message.trim().replace(/:$/, '.').slice(0, 1000) || 'Unknown error.';
}

/** The job: make every variant of the original that is not done; throws when any failed (each row keeps its error). */
async function makeVariants(ctx: AppContext, sourceHash: string): Promise<void> {
  const rows = await ctx.db
    .selectFrom('imageVariants')
    .select(['id', 'width', 'format'])
    .where('sourceHash', '=', sourceHash)
    .where('state', '!=', 'done')
    .orderBy('width')
    .orderBy('format')
    .execute();
  if (rows.length === 0) return;
  const original = await ctx.blobs.read(sourceHash);
  if (!original) {
    // The original was deleted before its turn came: nothing left to make.
    await ctx.db.deleteFrom('imageVariants').where('sourceHash', '=', sourceHash).where('state', '!=', 'done').execute();
    return;
  }
  const failures: string[] = [];
  for (const row of rows) {
    try {
      const made = await makeVariant(original, row.width, row.format);
      let kept = false;
      const hash = await ctx.blobs.put(made.data, VARIANT_MEDIA_TYPES[row.format], async (blobHash) => {
        const r = await ctx.db
          .updateTable('imageVariants')
          .set({ state: 'done', blobHash, outWidth: made.width, outHeight: made.height, bytes: made.data.byteLength, error: null, updatedAt: ctx.now() })
          .where('id', '=', row.id)
          .executeTakeFirst();
        kept = Number(r.numUpdatedRows) > 0;
      });
      // The original was released while this ran, and its rows with it: the bytes have no owner.
      if (!kept) await ctx.blobs.release(hash);
    } catch (error) {
      const message = describe(error);
      failures.push(`${row.format} ${row.width} px: ${message}`);
      await ctx.db.updateTable('imageVariants').set({ state: 'failed', error: message, updatedAt: ctx.now() }).where('id', '=', row.id).execute();
    }
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} of ${rows.length} variants of image ${sourceHash.slice(0, 12)} failed. ${failures[0]}`);
  }
}

/** When an original's blob is deleted, its variants go too (their own blobs once nothing else holds them). */
async function dropVariants(ctx: AppContext, sourceHash: string): Promise<void> {
  const rows = await ctx.db.selectFrom('imageVariants').select('blobHash').where('sourceHash', '=', sourceHash).execute();
  if (rows.length === 0) return;
  await ctx.db.deleteFrom('imageVariants').where('sourceHash', '=', sourceHash).execute();
  for (const hash of new Set(rows.map((r) => r.blobHash))) if (hash) await ctx.blobs.release(hash);
}

/**
 * Set every failed variant back to pending and queue a job for each original that has none
 * waiting (one may still be due for its retry); returns the counts.
 */
export async function reprocessFailed(ctx: AppContext): Promise<{ variants: number; jobs: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const sources = await trx.selectFrom('imageVariants').select('sourceHash').distinct().where('state', '=', 'failed').execute();
    if (sources.length === 0) return { variants: 0, jobs: 0 };
    const r = await trx
      .updateTable('imageVariants')
      .set({ state: 'pending', error: null, updatedAt: ctx.now() })
      .where('state', '=', 'failed')
      .executeTakeFirst();
    let jobs = 0;
    for (const { sourceHash } of sources) {
      if (await ctx.queue.hasPendingWhere(IMAGE_VARIANTS_JOB, 'sourceHash', sourceHash, { in: trx })) continue;
      await ctx.queue.enqueue(IMAGE_VARIANTS_JOB, { sourceHash }, { in: trx, maxAttempts: IMAGE_JOB_MAX_ATTEMPTS });
      jobs++;
    }
    return { variants: Number(r.numUpdatedRows), jobs };
  });
}

export function registerImageJobs(worker: JobWorker, ctx: AppContext): void {
  worker.register(IMAGE_VARIANTS_JOB, (p: { sourceHash: string }) => makeVariants(ctx, p.sourceHash), { lane: LANES.images });
  ctx.blobs.onReleased((hash) => dropVariants(ctx, hash));
}
