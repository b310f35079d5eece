/** Retry and cancel buttons of one job; the server's 409 (the job moved on meanwhile) arrives as a toast. */
import { cancelJob, retryJob, type JobRow } from '../../../sync/api/admin-jobs';
import { call } from '../../lib/api';
import { Button } from '../../ui';
import { useAdminAction } from '../admin/admin-api';

export function RetryJobButton({ job }: { job: JobRow }) {
  const action = useAdminAction(() => call(retryJob, { params: { id: String(job.id) } }), `Job ${job.id} is queued again.`);
  return (
    <Button size="sm" variant="secondary" loading={action.isPending} onClick={() => action.mutate(undefined)} aria-label={`Retry job ${job.id} (${job.kind})`}>
      Retry
    </Button>
  );
}

export function CancelJobButton({ job }: { job: JobRow }) {
  const action = useAdminAction(() => call(cancelJob, { params: { id: String(job.id) } }), `Job ${job.id} is cancelled.`);
  return (
    <Button size="sm" variant="secondary" loading={action.isPending} onClick={() => action.mutate(undefined)} aria-label={`Cancel job ${job.id} (${job.kind})`}>
      Cancel
    </Button>
  );
}
