/** The notices sent so far, newest first, with what reached people; refreshes while one is sending. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listNotices, type NoticeRow } from '../../../sync/api/admin-notices';
import { call } from '../../lib/api';
import { Badge, EmptyState, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { adminKey } from '../admin/admin-api';
import { Pager } from '../admin/pager';

const SENDING_POLL_MS = 2000;
const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

const columns: Column<NoticeRow>[] = [
  { key: 'when', header: 'Sent', render: (n) => formatDateTime(n.createdAt) },
  {
    key: 'notice',
    header: 'Notice',
    render: (n) => (
      <>
        <strong>{n.title}</strong>
        {n.link && <div className="muted">{n.link}</div>}
        <div className="muted">by {n.createdBy}</div>
      </>
    ),
  },
  { key: 'segment', header: 'To', render: (n) => n.segmentLabel },
  { key: 'channels', header: 'Channels', render: (n) => [n.inApp && 'In the app', n.email && 'E-mail'].filter(Boolean).join(', ') },
  {
    key: 'recipients',
    header: 'Recipients',
    render: (n) => (
      <>
        {people(n.recipients)}
        {n.excluded > 0 && <div className="muted">{n.excluded} left out by their settings</div>}
      </>
    ),
  },
  {
    key: 'delivered',
    header: 'Delivered',
    render: (n) => (
      <>
        {n.inApp && <div>In the app: {n.delivered.inApp}</div>}
        {n.email && (
          <div>
            E-mails sent: {n.delivered.emailsSent}
            {n.delivered.emailsQueued > 0 && `, queued: ${n.delivered.emailsQueued}`}
            {n.delivered.emailsFailed > 0 && <Badge tone="danger">{`${n.delivered.emailsFailed} failed`}</Badge>}
          </div>
        )}
      </>
    ),
  },
  { key: 'status', header: 'Status', render: (n) => (n.status === 'sent' ? <Badge tone="success">Sent</Badge> : <Badge tone="accent">Sending</Badge>) },
];

export function NoticeHistory() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminKey('notices', page),
    queryFn: ({ signal }) => call(listNotices, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((n) => n.status === 'sending' || n.delivered.emailsQueued > 0) ? SENDING_POLL_MS : false),
  });
  return (
    <section className="notices-history" aria-labelledby="notices-history-title">
      <h2 id="notices-history-title">Sent notices</h2>
      <QueryState query={query} what="Sent notices" lines={4}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No notices yet">Notices you send appear here with what reached people.</EmptyState>
          ) : (
            <>
              <Table caption="Sent notices, newest first" columns={columns} rows={data.items} rowKey={(n) => n.id} />
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
