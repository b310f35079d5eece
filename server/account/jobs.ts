/** Jobs of the account feature: the erasure at the end of the deletion grace period. */
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { eraseAccount, ERASE_JOB } from './erase-account';

export function registerAccountJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(ERASE_JOB, async (payload: { userId?: unknown }) => {
    if (typeof payload?.userId !== 'string') return; // a malformed job has nothing to erase
    await eraseAccount(ctx, payload.userId);
  });
}
