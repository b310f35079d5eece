/**
 * /admin/publishing: every book on its way to the store or in it, by publishing state (a filter in
 * the URL: ?state=), with a count per state and the time each has spent in review.
 */
import { Link, useSearchParams } from 'react-router';
import type { PublicationSummary } from '../../../sync/api/publishing';
import { PUBLISHING_STATES, STATE_LABELS, type PublishingState } from '../../../sync/publishing/state-machine';
import { EmptyState, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { useAllPublications } from './publishing-api';
import { StateBadge, waitedFor } from './state-badge';
import './publishing.css';

const IN_REVIEW: PublishingState[] = ['submitted', 'in_review'];

const columns: Column<PublicationSummary>[] = [
  {
    key: 'title',
    header: 'Book',
    render: (p) => (
      <span>
        <Link to={`/admin/store/review/${encodeURIComponent(p.id)}`}>{p.title}</Link>
        <span className="muted publishing-block">by {p.ownerName}</span>
      </span>
    ),
  },
  {
    key: 'state',
    header: 'State',
    render: (p) => (
      <span className="publishing-badges">
        <StateBadge state={p.state} />
        {p.listed && p.state !== 'published' && <span className="muted">In the store</span>}
      </span>
    ),
  },
  { key: 'since', header: 'Since', render: (p) => formatDateTime(p.stateChangedAt) },
  { key: 'review', header: 'Time in review', render: (p) => (IN_REVIEW.includes(p.state) ? waitedFor(p.submittedAt) : <span className="muted">—</span>) },
];

export function AdminPublishingPage() {
  const [params] = useSearchParams();
  const raw = params.get('state');
  const state = PUBLISHING_STATES.find((s) => s === raw);
  const query = useAllPublications(state);
  return (
    <Page title="Publishing" description="Every book by publishing state, with the time spent in review." wide>
      <QueryState query={query} what="the books">
        {({ items, counts }) => (
          <div className="stack">
            <ul className="publishing-counts" aria-label="Books per state">
              <li>
                <Link to="?" aria-current={state ? undefined : 'true'}>
                  <span className="publishing-count">{Object.values(counts).reduce((a, b) => a + b, 0)}</span> All
                </Link>
              </li>
              {PUBLISHING_STATES.map((s) => (
                <li key={s}>
                  <Link to={`?state=${s}`} aria-current={state === s ? 'true' : undefined}>
                    <span className="publishing-count">{counts[s]}</span> {STATE_LABELS[s]}
                  </Link>
                </li>
              ))}
            </ul>
            {items.length === 0 ? (
              <EmptyState title={state ? `Nothing ${STATE_LABELS[state].toLowerCase()}` : 'No books yet'}>
                Books appear here once their authors save their details for the store.
              </EmptyState>
            ) : (
              <Table caption="Books by publishing state" columns={columns} rows={items} rowKey={(p) => p.id} />
            )}
          </div>
        )}
      </QueryState>
    </Page>
  );
}
