import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';

// TODO(helper): the account erasure job.
export function registerAccountJobs(_worker: JobWorker, _ctx: AppContext) {}
