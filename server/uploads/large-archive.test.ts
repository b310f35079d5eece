/**
 * A bulk upload's ZIP is never held whole: sent as a stream of ~160 MiB (160 covers of 1 MiB), the
 * server's resident memory while it checks the archive, and again while the job imports every row,
 * grows by far less than the archive. With the archive held in memory (main before decision 062)
 * the check alone grew it by about 480 MiB.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachArchive, checkMetadata, getUpload } from '../../sync/api/publisher-uploads';
import { expandIsbnBlock } from '../../sync/isbn';
import { buildSignedInUser } from '../admin/test-helpers';
import { newId } from '../http/ids';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import type { JobHandler, JobWorker } from '../jobs/worker';
import { registerUploadJobs } from './job';
import { streamedZip } from './test-archive';

const MiB = 1024 * 1024;
const COVERS = 160;
/** Growth allowed while checking or importing: under a third of the archive (garbage not yet collected included). */
const BOUND = 48 * MiB;

let t: TestContext;

beforeAll(async () => {
  t = await buildTestContext();
  const smallJpeg = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#7a4' } })
    .jpeg()
    .toBuffer();
  covers = Array.from({ length: 8 }, () => {
    const b = randomBytes(MiB);
    b.set(smallJpeg);
    return b;
  });
});
afterAll(() => t.close());

/** Runs `work` while sampling resident memory; the peak growth over the start. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Covers of 1 MiB each: a small real JPEG, then noise after its end (decoders stop at the end
 * marker). Eight of them, made before anything is measured and sent in turn, so the test's own
 * allocations stay out of what is measured.
 */
let covers: Uint8Array[] = [];
const cover = (n: number) => covers[n % covers.length]!;

describe('a large bulk archive', () => {
  it('is checked and imported with memory bounded well below its size', async () => {
    const owner = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
    const imprintId = newId();
    await t.ctx.db.insertInto('imprints').values({ id: imprintId, name: 'Big Press', ownerId: owner.user.id, createdAt: t.ctx.now() }).execute();
    await t.ctx.db.insertInto('imprintMembers').values({ imprintId, userId: owner.user.id, role: 'owner' }).execute();
    const isbns = expandIsbnBlock('9780306406157', COVERS)!;
    const csv = [
      'isbn,title,authors,language,price,currency,epub_file,cover_file,action',
      ...isbns.map((i, n) => `${i},Book ${n},A. Writer,en,1.00,USD,,,new`),
    ].join('\n');
    const checked = await t.request(`/api/publisher/uploads/metadata?imprintId=${imprintId}&name=big.csv`, {
      method: 'POST',
      cookie: owner.cookie,
      body: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(checked.status).toBe(201);
    const { upload } = await answerOf(checked, checkMetadata);

    const body = streamedZip(isbns.map((isbn, n) => ({ name: `covers/${isbn}.jpg`, bytes: () => cover(n) })));
    const attach = await peakGrowth(async () =>
      t.request(`/api/publisher/uploads/archive?uploadId=${upload.id}&name=big.zip`, {
        method: 'POST',
        cookie: owner.cookie,
        body,
        headers: { 'content-type': 'application/zip' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(attach.result.status, await attach.result.clone().text()).toBe(200);
    const attached = await answerOf(attach.result, attachArchive);
    expect(attached.total).toBe(COVERS);
    const withCover = await t.ctx.db
      .selectFrom('uploadItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('uploadId', '=', upload.id)
      .where('coverEntry', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(withCover.n)).toBe(COVERS);
    const row = await t.ctx.db.selectFrom('uploads').select('archiveBlob').where('id', '=', upload.id).executeTakeFirstOrThrow();
    const stored = await t.ctx.blobs.info(row.archiveBlob!);
    expect(stored!.size).toBeGreaterThan(COVERS * MiB);
    console.log(`archive ${Math.round(stored!.size / MiB)} MiB: resident growth ${Math.round(attach.growth / MiB)} MiB while checking`);
    expect(attach.growth).toBeLessThan(BOUND);

    const started = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/start`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(started.status).toBe(202);
    // The upload job's own run, measured inside it (the cover variant jobs it queues run after it).
    let importGrowth = -1;
    registerUploadJobs(
      {
        register: (kind: string, handler: JobHandler) =>
          t.worker.register(kind, async (payload) => {
            importGrowth = (await peakGrowth(() => handler(payload))).growth;
          }),
      } as JobWorker,
      t.ctx,
    );
    await t.worker.drain();
    // -1 would mean the job never ran; 0 is possible (the collector can hand back more than the import takes).
    expect(importGrowth).toBeGreaterThanOrEqual(0);
    const done = await answerOf(await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}`, { cookie: owner.cookie }), getUpload);
    expect(done.upload.counts.imported).toBe(COVERS);
    console.log(`resident growth ${Math.round(importGrowth / MiB)} MiB while importing`);
    expect(importGrowth).toBeLessThan(BOUND);
  });
});
