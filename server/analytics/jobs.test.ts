import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays, dayOf, startOfDay } from '../../sync/analytics/days';
import { buildTestContext, type TestContext } from '../test/test-context';
import { ROLLUP_JOB, startAnalyticsRollups } from './jobs';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(() => t.close());

const rollupJobs = () => t.ctx.db.selectFrom('jobs').select(['state', 'runAt']).where('kind', '=', ROLLUP_JOB).orderBy('id').execute();

describe('the rollup job', () => {
  it('runs at start-up, then waits for ten past midnight (UTC) — one daily run queued, however often it runs', async () => {
    await startAnalyticsRollups(t.ctx);
    await t.worker.drain();
    const tomorrow = startOfDay(addDays(dayOf(t.ctx.now()), 1)) + 10 * 60_000;
    expect(await rollupJobs()).toEqual([
      { state: 'done', runAt: expect.any(Number) },
      { state: 'queued', runAt: tomorrow },
    ]);
    expect(await t.ctx.db.selectFrom('analyticsDays').select('day').where('day', '=', dayOf(t.ctx.now())).executeTakeFirst()).toBeDefined();

    // A restart runs it again at once; still one daily run waits.
    await startAnalyticsRollups(t.ctx);
    await t.worker.drain();
    expect((await rollupJobs()).filter((j) => j.state === 'queued')).toEqual([{ state: 'queued', runAt: tomorrow }]);

    // At its time the daily run rolls up and queues the next day's.
    t.advance(tomorrow - t.ctx.now());
    await t.worker.drain();
    const after = await rollupJobs();
    expect(after.filter((j) => j.state === 'queued')).toEqual([{ state: 'queued', runAt: tomorrow + 86_400_000 }]);
    expect(after.filter((j) => j.state === 'done')).toHaveLength(3);
  });
});
