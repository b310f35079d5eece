/** /admin/author-requests and /admin/publisher-requests: one queue component, two roles. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listRoleRequests, type RoleRequestRow } from '../../../sync/api/admin';
import { call } from '../../lib/api';
import { Badge, Button, Card, EmptyState, Page, QueryState, formatDateTime } from '../../ui';
import { adminKey } from './admin-api';
import { DecisionDialog, type Decision } from './decision-dialog';
import { RequestTabs, useQueueStatus } from './request-tabs';
import './admin.css';

type RequestRole = 'author' | 'publisher';

const COPY: Record<RequestRole, { title: string; description: string; effect: (r: RoleRequestRow) => string }> = {
  author: {
    title: 'Author requests',
    description: 'Readers who want to write and publish on Quire.',
    effect: () => 'They become an author and get an e-mail and an in-app notice.',
  },
  publisher: {
    title: 'Publisher requests',
    description: 'Applications to run an imprint on Quire.',
    effect: (r) => `They become a publisher, the imprint "${r.imprintName ?? 'their imprint'}" is created, and they get an e-mail and an in-app notice.`,
  },
};

function RequestItem({ request, onDecide }: { request: RoleRequestRow; onDecide: (kind: Decision['kind']) => void }) {
  const a = request.applicant;
  return (
    <article className="admin-request" aria-labelledby={`req-${request.id}`}>
      <h3 id={`req-${request.id}`}>
        {a.displayName} <span className="muted">@{a.username}</span>
      </h3>
      <p className="muted">
        {a.email} · applied {formatDateTime(request.createdAt)}
      </p>
      {request.role === 'publisher' && (
        <p>
          Imprint: <strong>{request.imprintName || '—'}</strong>
        </p>
      )}
      <p className="admin-request-message">{request.message || <span className="muted">No message.</span>}</p>
      {request.status === 'pending' ? (
        <div className="row">
          <Button size="sm" onClick={() => onDecide('approve')}>
            Approve
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onDecide('reject')}>
            Reject
          </Button>
        </div>
      ) : (
        <p>
          <Badge tone={request.status === 'approved' ? 'success' : 'danger'}>{request.status}</Badge>{' '}
          <span className="muted">{formatDateTime(request.decidedAt)}</span>
          {request.note && <span className="admin-request-message"> — {request.note}</span>}
        </p>
      )}
    </article>
  );
}

function RoleRequestsQueue({ role }: { role: RequestRole }) {
  const copy = COPY[role];
  const [status, setStatus] = useQueueStatus();
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = useQuery({
    queryKey: adminKey('role-requests', role, status),
    queryFn: () => call(listRoleRequests, { query: { role, status } }),
  });
  return (
    <Page title={copy.title} description={copy.description}>
      <RequestTabs label={copy.title} status={status} onChange={setStatus}>
        <QueryState query={query} what={copy.title} lines={5}>
          {({ items }) =>
            items.length === 0 ? (
              <EmptyState title={status === 'pending' ? 'No pending requests' : `No ${status} requests`}>
                <p>{status === 'pending' ? 'New applications from /settings appear here.' : 'Decided requests are kept here.'}</p>
              </EmptyState>
            ) : (
              <Card>
                {items.map((r) => (
                  <RequestItem
                    key={r.id}
                    request={r}
                    onDecide={(kind) => setDecision({ kind, queue: 'role-requests', id: r.id, who: r.applicant.displayName, effect: copy.effect(r) })}
                  />
                ))}
              </Card>
            )
          }
        </QueryState>
      </RequestTabs>
      {decision && <DecisionDialog decision={decision} onClose={() => setDecision(null)} />}
    </Page>
  );
}

export function AuthorRequestsPage() {
  return <RoleRequestsQueue role="author" />;
}

export function PublisherRequestsPage() {
  return <RoleRequestsQueue role="publisher" />;
}
