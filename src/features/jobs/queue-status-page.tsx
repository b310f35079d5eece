/**
 * /admin/queue-status: the one job queue at a glance — what waits and for how long, throughput
 * over the last day, jobs by kind and state, failures with their errors (retry), waiting jobs
 * (cancel) and cancelled ones (retry). Refreshes itself while open.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getQueueStatus, type JobRow, type KindCounts, type QueueStatus } from '../../../sync/api/admin-jobs';
import { call } from '../../lib/api';
import { Page, QueryState, Table, formatDateTime, formatRelative, type Column } from '../../ui';
import { adminKey } from '../admin/admin-api';
import { CancelJobButton, RetryJobButton } from './job-actions';
import { ThroughputChart } from './throughput-chart';
import '../admin/admin.css';
import './jobs.css';
import { Stat } from './job-stat';

const REFRESH_MS = 5_000;

const jobName = (j: JobRow) => (
  <>
    <code>#{j.id}</code> {j.kind}
  </>
);

/** The error's first line as the summary, the whole of it (with the stack) behind the disclosure. */
function JobError({ job }: { job: JobRow }) {
  const error = job.lastError ?? '';
  const [first, ...rest] = error.split('\n');
  if (!error) return <span className="muted">No error recorded.</span>;
  if (rest.length === 0) return <span className="jobs-error">{first}</span>;
  return (
    <details>
      <summary className="jobs-error">{first}</summary>
      <pre className="admin-stack">{rest.join('\n')}</pre>
    </details>
  );
}

const kindColumns: Column<KindCounts>[] = [
  { key: 'kind', header: 'Kind', render: (k) => <code>{k.kind}</code> },
  { key: 'queued', header: 'Waiting', render: (k) => k.queued },
  { key: 'running', header: 'Running', render: (k) => k.running },
  { key: 'done', header: 'Done', render: (k) => k.done },
  { key: 'dead', header: 'Failed', render: (k) => (k.dead ? <strong className="jobs-failed-count">{k.dead}</strong> : 0) },
  { key: 'cancelled', header: 'Cancelled', render: (k) => k.cancelled },
];

function failureColumns(now: number): Column<JobRow>[] {
  return [
    { key: 'job', header: 'Job', render: jobName },
    { key: 'error', header: 'Error', render: (j) => <JobError job={j} /> },
    { key: 'attempts', header: 'Attempts', render: (j) => `${j.attempts} of ${j.maxAttempts}` },
    {
      key: 'when',
      header: 'Failed',
      render: (j) => (j.finishedAt ? <span title={formatDateTime(j.finishedAt)}>{formatRelative(j.finishedAt, now)}</span> : '—'),
    },
    { key: 'actions', header: 'Actions', render: (j) => <RetryJobButton job={j} /> },
  ];
}

function waitingColumns(now: number): Column<JobRow>[] {
  return [
    { key: 'job', header: 'Job', render: jobName },
    { key: 'since', header: 'Waiting since', render: (j) => <span title={formatDateTime(j.runAt)}>{formatRelative(j.runAt, now)}</span> },
    { key: 'attempts', header: 'Attempts', render: (j) => `${j.attempts} of ${j.maxAttempts}` },
    { key: 'error', header: 'Last error', render: (j) => (j.lastError ? <JobError job={j} /> : '—') },
    { key: 'actions', header: 'Actions', render: (j) => <CancelJobButton job={j} /> },
  ];
}

function cancelledColumns(now: number): Column<JobRow>[] {
  return [
    { key: 'job', header: 'Job', render: jobName },
    { key: 'when', header: 'Cancelled', render: (j) => (j.finishedAt ? formatRelative(j.finishedAt, now) : '—') },
    { key: 'actions', header: 'Actions', render: (j) => <RetryJobButton job={j} /> },
  ];
}

function Overview({ s }: { s: QueueStatus }) {
  const running = s.kinds.reduce((n, k) => n + k.running, 0);
  const dead = s.kinds.reduce((n, k) => n + k.dead, 0);
  const finishedToday = s.throughput.reduce((n, h) => n + h.done, 0);
  const oldest = s.waiting[0];
  return (
    <div className="admin-stats">
      <Stat value={s.waitingCount} label="Waiting to run" hint={oldest ? `Oldest since ${formatRelative(oldest.runAt, s.now)}` : 'Nothing waiting'} />
      <Stat value={running} label="Running" />
      <Stat value={s.scheduledCount} label="Scheduled for later" hint="Retries after a failure, delayed sends" />
      <Stat value={dead} label="Failed" hint={dead ? 'Retry them below' : 'None'} alert={dead > 0} />
      <Stat value={finishedToday} label="Done, last 24 hours" />
    </div>
  );
}

export function QueueStatusPage() {
  const query = useQuery({ queryKey: adminKey('queue-status'), queryFn: () => call(getQueueStatus), refetchInterval: REFRESH_MS });
  return (
    <Page
      title="Job queue"
      description={
        <>
          Background work — e-mails, imports, notifications, <Link to="/admin/image-system-status">image variants</Link> — and how it is going. Updates every
          few seconds.
        </>
      }
      wide
    >
      <QueryState query={query} what="The job queue" lines={6}>
        {(s) => (
          <>
            <Overview s={s} />
            <section aria-labelledby="jobs-throughput">
              <h2 id="jobs-throughput" className="admin-section-title">
                Throughput
              </h2>
              <ThroughputChart hours={s.throughput} />
            </section>
            <section aria-labelledby="jobs-kinds">
              <h2 id="jobs-kinds" className="admin-section-title">
                Jobs by kind
              </h2>
              <Table caption="Jobs by kind and state" columns={kindColumns} rows={s.kinds} rowKey={(k) => k.kind} empty="No jobs have run yet." />
            </section>
            <section aria-labelledby="jobs-failures">
              <h2 id="jobs-failures" className="admin-section-title">
                Failures
              </h2>
              <Table caption="Failed jobs" columns={failureColumns(s.now)} rows={s.failures} rowKey={(j) => String(j.id)} empty="No failed jobs." />
            </section>
            <section aria-labelledby="jobs-waiting">
              <h2 id="jobs-waiting" className="admin-section-title">
                Waiting, oldest first
              </h2>
              <Table caption="Jobs waiting to run" columns={waitingColumns(s.now)} rows={s.waiting} rowKey={(j) => String(j.id)} empty="Nothing is waiting." />
            </section>
            {s.cancelled.length > 0 && (
              <section aria-labelledby="jobs-cancelled">
                <h2 id="jobs-cancelled" className="admin-section-title">
                  Cancelled
                </h2>
                <Table caption="Cancelled jobs" columns={cancelledColumns(s.now)} rows={s.cancelled} rowKey={(j) => String(j.id)} />
              </section>
            )}
          </>
        )}
      </QueryState>
    </Page>
  );
}
