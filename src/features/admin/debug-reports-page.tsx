/** /admin/debug-reports: client and server failures grouped, with the stack behind a disclosure. */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { listDebugReports, reopenDebugReport, resolveDebugReport, type DebugReportQuery, type DebugReportRow } from '../../../sync/api/admin';
import { call } from '../../lib/api';
import { Badge, Button, Page, QueryState, SelectField, Table, TextField, formatDateTime, type Column } from '../../ui';
import { adminKey, useAdminAction } from './admin-api';
import './admin.css';

function ResolveButton({ report }: { report: DebugReportRow }) {
  const resolve = report.status === 'open';
  const action = useAdminAction(
    () => call(resolve ? resolveDebugReport : reopenDebugReport, { params: { key: report.key } }),
    resolve ? 'Marked as resolved.' : 'Reopened.',
  );
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={action.isPending}
      onClick={() => action.mutate(undefined)}
      aria-label={`${resolve ? 'Resolve' : 'Reopen'}: ${report.message.slice(0, 60)}`}
    >
      {resolve ? 'Resolve' : 'Reopen'}
    </Button>
  );
}

const columns: Column<DebugReportRow>[] = [
  {
    key: 'message',
    header: 'Failure',
    render: (r) => (
      <details>
        <summary>{r.message || '(no message)'}</summary>
        <p className="muted">
          {r.httpStatus ? `HTTP ${r.httpStatus} · ` : ''}first seen {formatDateTime(r.firstSeen)}
          {r.userAgent ? ` · ${r.userAgent}` : ''}
        </p>
        <pre className="admin-stack">{r.stack || 'No stack recorded.'}</pre>
      </details>
    ),
  },
  { key: 'digest', header: 'Latest digest', render: (r) => <code>{r.digest}</code> },
  { key: 'source', header: 'Source', render: (r) => <Badge tone={r.source === 'server' ? 'warning' : 'accent'}>{r.source}</Badge> },
  { key: 'route', header: 'Route', render: (r) => <code>{r.route || '—'}</code> },
  { key: 'count', header: 'Count', render: (r) => r.count },
  { key: 'last', header: 'Last seen', render: (r) => formatDateTime(r.lastSeen) },
  { key: 'status', header: 'Status', render: (r) => <Badge tone={r.status === 'open' ? 'danger' : 'success'}>{r.status}</Badge> },
  { key: 'actions', header: 'Actions', render: (r) => <ResolveButton report={r} /> },
];

export function DebugReportsPage() {
  const [params, setParams] = useSearchParams();
  // The URL's values go to the server as they are; it answers 422 to one it does not know.
  const source = (params.get('source') ?? '') as NonNullable<DebugReportQuery['source']>;
  const status = (params.get('status') ?? 'open') as NonNullable<DebugReportQuery['status']>;
  // A person quoting "Digest: …" from the failure page is found by pasting it here.
  const find = (params.get('find') ?? '').trim().toLowerCase();
  const query = useQuery({
    queryKey: adminKey('debug-reports', source, status),
    queryFn: () => call(listDebugReports, { query: { source, status } }),
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <Page title="Debug reports" description="Failures from browsers and the server, grouped by digest and message." wide>
      <div className="admin-filters">
        <SelectField label="Source" value={source} onChange={(e) => set('source', e.target.value)}>
          <option value="">Client and server</option>
          <option value="client">Client</option>
          <option value="server">Server</option>
        </SelectField>
        <SelectField label="Status" value={status} onChange={(e) => set('status', e.target.value)}>
          <option value="open">Open</option>
          <option value="resolved">Resolved</option>
          <option value="all">All</option>
        </SelectField>
        <TextField label="Find by digest or message" type="search" value={params.get('find') ?? ''} onChange={(e) => set('find', e.target.value)} />
      </div>
      <QueryState query={query} what="Debug reports" lines={6}>
        {({ items }) => (
          <Table
            caption="Debug reports"
            columns={columns}
            rows={find ? items.filter((r) => r.digest.includes(find) || r.message.toLowerCase().includes(find)) : items}
            rowKey={(r) => r.key}
            empty={status === 'open' ? 'No open failures. Nice.' : 'No reports match.'}
          />
        )}
      </QueryState>
    </Page>
  );
}
