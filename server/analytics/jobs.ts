/**
 * The rollup as a job of the one queue: run once when the server starts (catching up every day
 * missed while it was down), then every day a few minutes after UTC midnight, when yesterday is
 * complete. Each run queues the next one, so exactly one daily run waits in the queue.
 */
import { addDays, dayOf, startOfDay } from '../../sync/analytics/days';
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { rollUpMissingDays } from './rollup';

export const ROLLUP_JOB = 'analytics.rollup';
/** After midnight, so the day before is whole (and late webhooks of its last minutes are in). */
const DAILY_AT_MS = 10 * 60_000;

/** Queues the next daily run unless one is already waiting. */
async function queueNextDailyRun(ctx: AppContext): Promise<void> {
  const waiting = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', ROLLUP_JOB)
    .where('state', '=', 'queued')
    .where('runAt', '>', ctx.now())
    .executeTakeFirst();
  if (waiting) return;
  const runAt = startOfDay(addDays(dayOf(ctx.now()), 1)) + DAILY_AT_MS;
  await ctx.queue.enqueue(ROLLUP_JOB, { reason: 'daily' }, { runAt });
}

export function registerAnalyticsJobs(worker: JobWorker, ctx: AppContext): void {
  worker.register(ROLLUP_JOB, async () => {
    await rollUpMissingDays(ctx.db, ctx.now());
    await queueNextDailyRun(ctx);
  });
}

/** At start-up: roll up the missed days now (the job queues the daily run after it). */
export async function startAnalyticsRollups(ctx: AppContext): Promise<void> {
  await ctx.queue.enqueue(ROLLUP_JOB, { reason: 'start' });
}
