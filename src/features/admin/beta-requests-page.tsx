/** /admin/beta-requests: approve (sends the invite e-mail) or reject with a note. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listBetaRequests, type BetaRequestRow } from '../../../sync/api/admin';
import { call } from '../../lib/api';
import { Badge, Button, EmptyState, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { adminKey } from './admin-api';
import { DecisionDialog, type Decision } from './decision-dialog';
import { RequestTabs, useQueueStatus } from './request-tabs';
import './admin.css';

export function BetaRequestsPage() {
  const [status, setStatus] = useQueueStatus();
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = useQuery({
    queryKey: adminKey('beta-requests', status),
    queryFn: () => call(listBetaRequests, { query: { status } }),
  });
  const decide = (r: BetaRequestRow, kind: Decision['kind']) =>
    setDecision({ kind, queue: 'beta-requests', id: r.id, who: r.name, effect: `${r.email} gets an invitation e-mail with a sign-up link (valid 14 days).` });
  const columns: Column<BetaRequestRow>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (r) => (
        <>
          <strong>{r.name}</strong>
          <br />
          <span className="muted">{r.email}</span>
        </>
      ),
    },
    { key: 'interest', header: 'Interest', render: (r) => <Badge tone="accent">{r.interest}</Badge> },
    { key: 'reason', header: 'Reason', render: (r) => <span className="admin-request-message">{r.reason || '—'}</span> },
    { key: 'date', header: 'Asked', render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'decision',
      header: status === 'pending' ? 'Decide' : 'Decision',
      render: (r) =>
        r.status === 'pending' ? (
          <div className="row">
            <Button size="sm" onClick={() => decide(r, 'approve')} aria-label={`Approve ${r.name}`}>
              Approve
            </Button>
            <Button size="sm" variant="secondary" onClick={() => decide(r, 'reject')} aria-label={`Reject ${r.name}`}>
              Reject
            </Button>
          </div>
        ) : (
          <>
            <span className="muted">{formatDateTime(r.decidedAt)}</span>
            {r.note && <p className="admin-request-message">{r.note}</p>}
          </>
        ),
    },
  ];
  return (
    <Page title="Beta requests" description="People asking to join while sign-up is beta-only." wide>
      <RequestTabs label="Beta requests" status={status} onChange={setStatus}>
        <QueryState query={query} what="Beta requests" lines={5}>
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState title={status === 'pending' ? 'No pending beta requests' : `No ${status} beta requests`}>
                <p>Requests from /auth/beta-request appear here.</p>
              </EmptyState>
            ) : (
              <Table caption={`Beta requests: ${status}`} columns={columns} rows={items} rowKey={(r) => r.id} />
            )
          }
        </QueryState>
      </RequestTabs>
      {decision && <DecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </Page>
  );
}
