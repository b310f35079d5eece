/**
 * /admin/store/review: books waiting for a reviewer, the longest waiting first, with how long
 * each has waited. Each opens /admin/store/review/{id}.
 */
import { Link } from 'react-router';
import type { PublicationSummary } from '../../../sync/api/publishing';
import { EmptyState, LinkButton, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { useReviewQueue } from './publishing-api';
import { StateBadge, waitedFor } from './state-badge';
import './publishing.css';

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
  { key: 'state', header: 'State', render: (p) => <StateBadge state={p.state} /> },
  { key: 'submitted', header: 'Submitted', render: (p) => formatDateTime(p.submittedAt) },
  { key: 'waiting', header: 'Waiting', render: (p) => <strong>{waitedFor(p.submittedAt)}</strong> },
  { key: 'kind', header: 'Kind', render: (p) => (p.bookId ? 'Update of a store book' : 'New book') },
];

export function ReviewQueuePage() {
  const query = useReviewQueue();
  return (
    <Page
      title="Review queue"
      description="Books submitted for the store, the longest waiting first."
      wide
      actions={
        <LinkButton to="/admin/publishing" variant="secondary">
          Every book by state
        </LinkButton>
      }
    >
      <QueryState query={query} what="the review queue">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title="Nothing to review">When an author submits a book, it waits here.</EmptyState>
          ) : (
            <Table caption="Books waiting for review" columns={columns} rows={items} rowKey={(p) => p.id} />
          )
        }
      </QueryState>
    </Page>
  );
}
