import { afterEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { EXPORT_JOB } from '../exports/run-export';
import { IMAGE_VARIANTS_JOB } from '../images/plan';
import { MAIL_JOB } from '../mail/mailer';
import { CHECKS_JOB } from '../publishing/checks/run';
import { JobWorker, LANES } from './worker';
import { backoffDelay } from './queue';

let t: TestContext;
afterEach(async () => t?.close());

describe('job queue', () => {
  it('runs a job once and marks it done', async () => {
    t = await buildTestContext();
    const worker = new JobWorker(t.ctx.queue);
    const seen: unknown[] = [];
    worker.register('echo', async (p) => void seen.push(p));
    await t.ctx.queue.enqueue('echo', { n: 1 });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await t.ctx.queue.countsByState()).done).toBe(1);
  });

  it('retries with backoff and keeps a dead job with its error', async () => {
    t = await buildTestContext();
    const worker = new JobWorker(t.ctx.queue);
    let calls = 0;
    worker.register('flaky', async () => {
      calls++;
      throw new Error('smtp down');
    });
    await t.ctx.queue.enqueue('flaky', {}, { maxAttempts: 3 });
    await worker.drain();
    expect(calls).toBe(1);
    // Not due again until the backoff has passed.
    expect(await worker.drain()).toBe(0);
    t.advance(backoffDelay(1) + 1);
    await worker.drain();
    t.advance(backoffDelay(2) + 1);
    await worker.drain();
    expect(calls).toBe(3);
    const job = await t.ctx.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.state).toBe('dead');
    expect(job.lastError).toContain('smtp down');
    expect(await t.ctx.queue.retry(job.id)).toBe(true);
  });

  it('gives a job back when its worker vanished past the visibility timeout', async () => {
    t = await buildTestContext();
    await t.ctx.queue.enqueue('slow', {});
    const first = await t.ctx.queue.claim();
    expect(first).not.toBeNull();
    expect(await t.ctx.queue.claim()).toBeNull();
    t.advance(10 * 60_000);
    const again = await t.ctx.queue.claim();
    expect(again?.id).toBe(first?.id);
    expect(again?.attempts).toBe(2);
  });

  it('runs a kind registered in its own lane beside the main lane, and drain runs both', async () => {
    t = await buildTestContext();
    const worker = new JobWorker(t.ctx.queue);
    const seen: string[] = [];
    worker.register('slow.image', async () => void seen.push('image'), { lane: 'images' });
    worker.register('mail', async () => void seen.push('mail'));
    await t.ctx.queue.enqueue('slow.image', {});
    await t.ctx.queue.enqueue('mail', {});
    // The main lane never takes the image job, and the image lane never the mail.
    expect((await t.ctx.queue.claim({ except: ['slow.image'] }))?.kind).toBe('mail');
    expect(await t.ctx.queue.claim({ except: ['slow.image'] })).toBeNull();
    expect((await t.ctx.queue.claim({ only: ['slow.image'] }))?.kind).toBe('slow.image');
    t.advance(10 * 60_000); // both claims lapse
    expect(await worker.drain()).toBe(2);
    expect(seen.sort()).toEqual(['image', 'mail']);
  });

  it("puts the server's slow kinds in lanes of their own, so mail never waits behind a print PDF", async () => {
    t = await buildTestContext();
    expect(t.worker.laneOf(MAIL_JOB)).toBe('main');
    expect(t.worker.laneOf(EXPORT_JOB)).toBe(LANES.books);
    expect(t.worker.laneOf(CHECKS_JOB)).toBe(LANES.books);
    expect(t.worker.laneOf(IMAGE_VARIANTS_JOB)).toBe(LANES.images);
  });

  it('backs off exponentially up to a cap', () => {
    expect(backoffDelay(2)).toBe(2 * backoffDelay(1));
    expect(backoffDelay(50)).toBe(backoffDelay(60));
  });
});
