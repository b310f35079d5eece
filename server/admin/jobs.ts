/** Job handlers of the admin area. server.ts registers them with the worker at start-up. */
import type { JobWorker } from '../jobs/worker';

/** The self-test's round trip through the queue: the handler only has to run. */
export const SELFTEST_PING_JOB = 'selftest.ping';

export function registerAdminJobs(worker: JobWorker): void {
  worker.register(SELFTEST_PING_JOB, async () => {});
}
