import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImageSystemStatus, QueueStatus } from '../../sync/api/admin-jobs';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { IMAGE_VARIANTS_JOB } from '../images/plan';
import { requestVariants } from '../images/variants';
import { buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
afterEach(() => t.close());

/** A job no handler knows: the worker fails it, and with one attempt it is dead at once. */
async function deadJob(kind = 'test.broken'): Promise<number> {
  const id = await t.ctx.queue.enqueue(kind, { n: 1 }, { maxAttempts: 1 });
  await t.worker.drain();
  return id;
}

const post = (path: string, cookie: string) => t.request(path, { method: 'POST', cookie });

describe('/api/admin/queue-status', () => {
  it('is for admins only: 401 signed out, 403 for an author, for the page and both commands', async () => {
    t = await buildTestContext();
    const { cookie } = await buildSignedInUser(t.ctx, { roles: ['author', 'publisher'] });
    const id = await deadJob();
    expect((await t.request('/api/admin/queue-status')).status).toBe(401);
    expect((await t.request('/api/admin/queue-status', { cookie })).status).toBe(403);
    expect((await post(`/api/admin/jobs/${id}/retry`, cookie)).status).toBe(403);
    expect((await post(`/api/admin/jobs/${id}/cancel`, cookie)).status).toBe(403);
    expect((await post('/api/admin/image-system-status/reprocess-failed', cookie)).status).toBe(403);
    expect((await t.request('/api/admin/image-system-status', { cookie })).status).toBe(403);
    const job = await t.ctx.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow();
    expect(job.state).toBe('dead');
  });

  it('shows jobs by kind and state, the hour’s throughput, failures with their errors and the oldest waiting first', async () => {
    t = await buildTestContext();
    const { cookie } = await buildAdmin(t.ctx);
    const dead = await deadJob();
    const older = await t.ctx.queue.enqueue('test.waiting', { n: 1 });
    t.advance(60_000);
    await t.ctx.queue.enqueue('test.waiting', { n: 2 });
    await t.ctx.queue.enqueue('test.later', {}, { runAt: t.ctx.now() + 3_600_000 });

    const res = await t.request('/api/admin/queue-status', { cookie });
    expect(res.status).toBe(200);
    const status = (await res.json()) as QueueStatus;
    expect(status.kinds).toEqual([
      { kind: 'test.broken', queued: 0, running: 0, done: 0, dead: 1, cancelled: 0 },
      { kind: 'test.later', queued: 1, running: 0, done: 0, dead: 0, cancelled: 0 },
      { kind: 'test.waiting', queued: 2, running: 0, done: 0, dead: 0, cancelled: 0 },
    ]);
    expect(status.throughput).toHaveLength(24);
    // In the current hour, or the one before when the clock's minute moved it past an hour's end.
    expect(status.throughput.slice(-2).map((h) => h.dead)).toContain(1);
    expect(status.throughput.reduce((n, h) => ({ dead: n.dead + h.dead, done: n.done + h.done }), { dead: 0, done: 0 })).toEqual({ dead: 1, done: 0 });
    expect(status.failures).toEqual([expect.objectContaining({ id: dead, kind: 'test.broken', state: 'dead', attempts: 1 })]);
    expect(status.failures[0]!.lastError).toContain('No handler for job kind "test.broken"');
    expect(status.waiting.map((j) => j.id)[0]).toBe(older);
    expect(status.waitingCount).toBe(2);
    expect(status.scheduledCount).toBe(1);
  });

  it('retries a failed job and cancels a waiting one, each audited; the wrong state is a 409 and an unknown job a 404', async () => {
    t = await buildTestContext();
    const { cookie } = await buildAdmin(t.ctx);
    const dead = await deadJob();

    const retried = await post(`/api/admin/jobs/${dead}/retry`, cookie);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { job: { state: string; attempts: number } }).job).toMatchObject({ state: 'queued', attempts: 0 });

    const again = await post(`/api/admin/jobs/${dead}/retry`, cookie);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toMatch(/only a failed or cancelled job can be retried; job \d+ is waiting to run/i);

    expect((await post(`/api/admin/jobs/${dead}/cancel`, cookie)).status).toBe(200);
    const twice = await post(`/api/admin/jobs/${dead}/cancel`, cookie);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toMatch(/is cancelled/);
    expect((await post(`/api/admin/jobs/${dead}/retry`, cookie)).status).toBe(200);

    const done = await t.ctx.queue.enqueue('test.done', {});
    t.worker.register('test.done', async () => {});
    await t.worker.drain();
    expect((await post(`/api/admin/jobs/${done}/cancel`, cookie)).status).toBe(409);
    expect((await post(`/api/admin/jobs/${done}/retry`, cookie)).status).toBe(409);

    expect((await post('/api/admin/jobs/999999/retry', cookie)).status).toBe(404);
    expect((await post('/api/admin/jobs/nope/cancel', cookie)).status).toBe(404);

    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'targetId']).where('targetType', '=', 'job').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'job.retried', targetId: String(dead) },
      { action: 'job.cancelled', targetId: String(dead) },
      { action: 'job.retried', targetId: String(dead) },
    ]);
  });
});

describe('/api/admin/image-system-status', () => {
  it('counts variants by state and format with the bytes stored, and reprocesses the failed ones', async () => {
    t = await buildTestContext();
    const { cookie } = await buildAdmin(t.ctx);
    const good = await sharp({ create: { width: 400, height: 640, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const goodHash = await t.ctx.blobs.put(good, 'image/png');
    const badHash = await t.ctx.blobs.put(new TextEncoder().encode('not an image at all'), 'image/png');
    await requestVariants(t.ctx, goodHash, [160, 320]);
    await requestVariants(t.ctx, badHash, [160]);

    const before = (await (await t.request('/api/admin/image-system-status', { cookie })).json()) as ImageSystemStatus;
    expect(before.variants).toEqual({ done: 0, pending: 6, failed: 0 });
    expect(before.queue.queued).toBe(2);

    await t.worker.drain();
    const after = (await (await t.request('/api/admin/image-system-status', { cookie })).json()) as ImageSystemStatus;
    expect(after.variants).toEqual({ done: 4, pending: 0, failed: 2 });
    expect(after.originals).toBe(2);
    expect(after.formats.map((f) => [f.format, f.done])).toEqual([
      ['avif', 2],
      ['webp', 2],
    ]);
    expect(after.storageBytes).toBe(after.formats.reduce((sum, f) => sum + f.bytes, 0));
    expect(after.storageBytes).toBeGreaterThan(0);
    expect(after.failures).toHaveLength(2);
    expect(after.failures[0]).toMatchObject({ sourceHash: badHash, width: 160 });

    // The bad image's job still has its retry to come: reprocessing resets the rows and queues no second job.
    const early = await post('/api/admin/image-system-status/reprocess-failed', cookie);
    expect(await early.json()).toEqual({ variants: 2, jobs: 0 });
    t.advance(60_000);
    await t.worker.drain();
    const dead = await t.ctx.db.selectFrom('jobs').select('state').where('kind', '=', IMAGE_VARIANTS_JOB).where('state', '=', 'dead').execute();
    expect(dead).toHaveLength(1);

    const res = await post('/api/admin/image-system-status/reprocess-failed', cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ variants: 2, jobs: 1 });
    const pending = (await (await t.request('/api/admin/image-system-status', { cookie })).json()) as ImageSystemStatus;
    expect(pending.variants).toMatchObject({ pending: 2, failed: 0 });
    const queued = await t.ctx.db.selectFrom('jobs').select('id').where('kind', '=', IMAGE_VARIANTS_JOB).where('state', '=', 'queued').execute();
    expect(queued).toHaveLength(1);
    const audit = await t.ctx.db.selectFrom('auditLog').select('action').where('action', '=', 'images.reprocessed').execute();
    expect(audit).toHaveLength(2);
  });
});
