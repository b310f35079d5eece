/**
 * /publishing: the author's manuscripts and where each stands on its way to the store — draft,
 * submitted, in review, changes requested, rejected, published or unlisted. Each opens
 * /publishing/{id}: details, submission, feedback. Once published, each shows its copies sold, the
 * author's earnings and its readers.
 */
import { Link } from 'react-router';
import type { MyPublication } from '../../../sync/api/publishing';
import { EmptyState, LinkButton, Page, QueryState, Table, formatDate, type Column } from '../../ui';
import { FiguresLine } from './book-figures';
import { useMyPublications } from './publishing-api';
import { StateBadge } from './state-badge';
import './publishing.css';

const columns: Column<MyPublication>[] = [
  {
    key: 'title',
    header: 'Book',
    render: (p) => <Link to={`/publishing/${encodeURIComponent(p.id)}`}>{p.title}</Link>,
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
  { key: 'changed', header: 'Since', render: (p) => formatDate(p.stateChangedAt) },
  {
    key: 'store',
    header: 'Store page',
    render: (p) => (p.listed && p.bookId ? <Link to={`/book/${encodeURIComponent(p.bookId)}`}>View in the store</Link> : <span className="muted">—</span>),
  },
  { key: 'figures', header: 'Sales and reads', render: (p) => <FiguresLine figures={p.figures} /> },
];

export function PublishingPage() {
  const query = useMyPublications();
  return (
    <Page title="Publishing" description="Your manuscripts on their way to the store: fill in each book's details, submit it for review, follow the feedback.">
      <QueryState query={query} what="your manuscripts">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState title="No manuscripts yet" action={<LinkButton to="/editor">Start writing</LinkButton>}>
              Write a manuscript in the editor; it shows up here, ready for its details and review.
            </EmptyState>
          ) : (
            <Table caption="Your manuscripts and their publishing state" columns={columns} rows={items} rowKey={(p) => p.id} />
          )
        }
      </QueryState>
    </Page>
  );
}
