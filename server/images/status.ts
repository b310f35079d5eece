/** What /admin/image-system-status shows: variant counts by state and format, bytes stored, the image jobs in the queue, the latest failures. */
import type { ImageSystemStatus } from '../../sync/api/admin-jobs';
import type { DB } from '../db/connection';
import { COVER_WIDTHS, IMAGE_VARIANTS_JOB, UPLOAD_WIDTHS, VARIANT_FORMATS } from './plan';

const FAILURES_SHOWN = 50;

export async function imageSystemStatus(db: DB): Promise<ImageSystemStatus> {
  const [byState, byFormat, storage, originals, jobs, failures] = await Promise.all([
    db
      .selectFrom('imageVariants')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('imageVariants')
      .select(['format', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('bytes').as('bytes')])
      .where('state', '=', 'done')
      .groupBy('format')
      .execute(),
    // Two rows may share one blob (widths above the original's make the same image): count bytes once.
    db
      .selectFrom('blobs')
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .where(
        'hash',
        'in',
        db.selectFrom('imageVariants').select('blobHash').where('state', '=', 'done').where('blobHash', 'is not', null).$narrowType<{ blobHash: string }>(),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('imageVariants')
      .select((eb) => eb.fn.count<number>('sourceHash').distinct().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', '=', IMAGE_VARIANTS_JOB)
      .where('state', 'in', ['queued', 'running', 'dead'])
      .groupBy('state')
      .execute(),
    db
      .selectFrom('imageVariants')
      .select(['sourceHash', 'width', 'format', 'error', 'updatedAt'])
      .where('state', '=', 'failed')
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(FAILURES_SHOWN)
      .execute(),
  ]);
  const variants = { done: 0, pending: 0, failed: 0 };
  for (const r of byState) variants[r.state] = Number(r.n);
  const queue = { queued: 0, running: 0, dead: 0 };
  for (const r of jobs) if (r.state === 'queued' || r.state === 'running' || r.state === 'dead') queue[r.state] = Number(r.n);
  return {
    variants,
    originals: Number(originals.n),
    formats: VARIANT_FORMATS.map((format) => {
      const row = byFormat.find((r) => r.format === format);
      return { format, done: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
    }),
    storageBytes: Number(storage.bytes ?? 0),
    queue,
    widths: { covers: [...COVER_WIDTHS], uploads: [...UPLOAD_WIDTHS] },
    failures: failures.map((f) => ({ sourceHash: f.sourceHash, width: f.width, format: f.format, error: f.error ?? '', updatedAt: f.updatedAt })),
  };
}
