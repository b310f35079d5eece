/**
 * At start, the books' own images that have no variants yet — books saved before chapter images
 * had any, and never saved again — are asked for, a transaction per image, in a job of the images
 * lane (so a large catalogue's scan never holds up the start or the mail). Idempotent: an image
 * asked for once has rows and is not found again.
 */
import type { AppContext } from '../context';
import { enqueueUnlessPending } from '../jobs/queue';
import { LANES, type JobWorker } from '../jobs/worker';
import { IMAGE_BACKFILL_JOB } from './plan';
import { requestBookImageVariants, VARIANT_SOURCE_TYPES } from './request';

export function registerImageBackfill(worker: JobWorker, ctx: AppContext): void {
  worker.register(IMAGE_BACKFILL_JOB, async () => void (await backfillBookImages(ctx)), { lane: LANES.images });
}

/** Queues the backfill unless one is already waiting or running. */
export async function requestImageBackfill(ctx: AppContext): Promise<void> {
  await enqueueUnlessPending(ctx.queue, IMAGE_BACKFILL_JOB);
}

/** Returns how many originals were asked for. */
async function backfillBookImages(ctx: AppContext): Promise<number> {
  const missing = await ctx.db
    .selectFrom('bookAssets as a')
    .innerJoin('books as b', 'b.id', 'a.bookId')
    .select(['a.blobHash', 'a.mediaType'])
    .distinct()
    .where('a.mediaType', 'in', [...VARIANT_SOURCE_TYPES])
    // The cover has its own widths (saveBook asks for them).
    .where((eb) => eb.or([eb('b.coverPath', 'is', null), eb('a.path', '!=', eb.ref('b.coverPath'))]))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('imageVariants as v').select('v.id').whereRef('v.sourceHash', '=', 'a.blobHash'))))
    .execute();
  for (const image of missing) {
    await ctx.db.transaction().execute((trx) => requestBookImageVariants(ctx, [{ hash: image.blobHash, mediaType: image.mediaType }], trx));
  }
  return missing.length;
}
