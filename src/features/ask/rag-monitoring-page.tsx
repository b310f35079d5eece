/**
 * /admin/rag-monitoring: "Ask this book" (server/ask) — books and passages indexed, each book's
 * index freshness against its text (stale books first, a page at a time), the query log with latency and answers returned, zero-result queries, readers'
 * feedback, and re-indexing one book or all (jobs in the queue).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { getRagMonitoring, reindexBooks, type BookIndexRow, type FeedbackRow, type QueryRow } from '../../../sync/api/ask';
import { call } from '../../lib/api';
import { Badge, Button, Page, QueryState, Table, formatDateTime, type Column } from '../../ui';
import { adminKey, useAdminAction } from '../admin/admin-api';
import { Pager, pageParam } from '../admin/pager';
import '../admin/admin.css';
import '../jobs/jobs.css';
import { Stat } from '../jobs/job-stat';
import './ask.css';

const REFRESH_MS = 5_000;

function ReindexButton({ book }: { book?: BookIndexRow }) {
  const action = useAdminAction(
    () => call(reindexBooks, { body: book ? { bookId: book.bookId } : {} }),
    book ? `Re-indexing “${book.title}”.` : 'Re-indexing every book.',
  );
  return (
    <Button
      size={book ? 'sm' : undefined}
      variant="secondary"
      loading={action.isPending}
      onClick={() => action.mutate(undefined)}
      aria-label={book ? `Re-index ${book.title}` : undefined}
    >
      {book ? 'Re-index' : 'Re-index all books'}
    </Button>
  );
}

function freshness(b: BookIndexRow) {
  if (b.queued) return <Badge>Indexing…</Badge>;
  if (b.indexedAt === null) return <Badge tone="warning">Not indexed</Badge>;
  return b.fresh ? <Badge tone="success">Fresh</Badge> : <Badge tone="warning">Stale</Badge>;
}

const bookColumns: Column<BookIndexRow>[] = [
  { key: 'title', header: 'Book', render: (b) => <Link to={`/book/${b.bookId}`}>{b.title}</Link> },
  { key: 'passages', header: 'Passages', render: (b) => b.passages.toLocaleString('en') },
  { key: 'state', header: 'Index', render: freshness },
  { key: 'indexed', header: 'Indexed', render: (b) => (b.indexedAt ? formatDateTime(b.indexedAt) : '—') },
  { key: 'changed', header: 'Text changed', render: (b) => formatDateTime(b.textUpdatedAt) },
  { key: 'queries', header: 'Questions', render: (b) => b.queries },
  { key: 'action', header: <span className="visually-hidden">Actions</span>, render: (b) => <ReindexButton book={b} /> },
];

const queryColumns: Column<QueryRow>[] = [
  { key: 'question', header: 'Question', render: (q) => <span className="ask-question-cell">{q.question}</span> },
  { key: 'book', header: 'Book', render: (q) => q.bookTitle },
  { key: 'who', header: 'Reader', render: (q) => q.username },
  { key: 'answers', header: 'Passages', render: (q) => (q.answers === 0 ? <Badge tone="warning">0</Badge> : q.answers) },
  { key: 'latency', header: 'Latency', render: (q) => `${q.latencyMs.toFixed(1)} ms` },
  { key: 'feedback', header: 'Feedback', render: (q) => (q.helpful + q.notHelpful === 0 ? '—' : `${q.helpful} helpful, ${q.notHelpful} not`) },
  { key: 'when', header: 'Asked', render: (q) => formatDateTime(q.createdAt) },
];

const feedbackColumns: Column<FeedbackRow>[] = [
  { key: 'verdict', header: 'Verdict', render: (f) => (f.helpful ? <Badge tone="success">Helpful</Badge> : <Badge tone="warning">Not helpful</Badge>) },
  { key: 'question', header: 'Question', render: (f) => f.question },
  { key: 'passage', header: 'Answer', render: (f) => <span className="ask-passage-cell">{f.passage}</span> },
  { key: 'book', header: 'Book', render: (f) => f.bookTitle },
  { key: 'when', header: 'When', render: (f) => formatDateTime(f.createdAt) },
];

export function RagMonitoringPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const query = useQuery({
    queryKey: adminKey('rag-monitoring', page),
    queryFn: () => call(getRagMonitoring, { query: { page } }),
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
  const toPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      return next;
    });
  return (
    <Page
      title="Ask this book"
      description={
        <>
          Readers’ questions are answered with passages of the book (SQLite FTS5, BM25), indexed by jobs in the <Link to="/admin/queue-status">job queue</Link>{' '}
          when a book is imported or published.
        </>
      }
      actions={<ReindexButton />}
      wide
    >
      <QueryState query={query} what="The index" lines={6}>
        {(s) => (
          <>
            <div className="admin-stats">
              <Stat value={s.totals.indexedBooks} label="Books indexed" hint={`of ${s.totals.books}`} />
              <Stat value={s.totals.passages.toLocaleString('en')} label="Passages" />
              <Stat
                value={s.totals.staleBooks}
                label="Stale or missing"
                alert={s.totals.staleBooks > 0}
                hint={s.totals.staleBooks ? 'Jobs bring them up to date' : 'All fresh'}
              />
              <Stat
                value={s.totals.queries}
                label="Questions asked"
                hint={`${s.totals.zeroResultQueries} with no answer`}
                alert={s.totals.zeroResultQueries > 0}
              />
              <Stat value={`${s.totals.latencyP50Ms.toFixed(1)} ms`} label="Latency p50" hint={`p95 ${s.totals.latencyP95Ms.toFixed(1)} ms, last 7 days`} />
              <Stat value={`${s.totals.helpful} / ${s.totals.notHelpful}`} label="Helpful / not helpful" />
            </div>
            <section aria-labelledby="ask-books">
              <h2 id="ask-books" className="admin-section-title">
                Books
              </h2>
              <p className="ask-books-hint">
                {s.totals.staleBooks > 0
                  ? `${s.totals.staleBooks.toLocaleString('en')} of ${s.totals.books.toLocaleString('en')} books are stale or not indexed; they come first.`
                  : `All ${s.totals.books.toLocaleString('en')} books are indexed from their current text.`}{' '}
                A book is stale when its text changed after its passages were built; price, listing and ISBN changes leave the index fresh.
              </p>
              <Table caption="The index per book" columns={bookColumns} rows={s.books} rowKey={(b) => b.bookId} empty="No books yet." />
              <Pager page={s.booksPage.page} pageSize={s.booksPage.pageSize} total={s.booksPage.total} onPage={toPage} />
            </section>
            <section aria-labelledby="ask-queries">
              <h2 id="ask-queries" className="admin-section-title">
                Query log
              </h2>
              <Table caption="Latest questions" columns={queryColumns} rows={s.queries} rowKey={(q) => q.id} empty="No questions asked yet." />
            </section>
            <section aria-labelledby="ask-zero">
              <h2 id="ask-zero" className="admin-section-title">
                Questions with no answer
              </h2>
              <Table caption="Zero-result questions" columns={queryColumns} rows={s.zeroResults} rowKey={(q) => q.id} empty="Every question found a passage." />
            </section>
            <section aria-labelledby="ask-feedback">
              <h2 id="ask-feedback" className="admin-section-title">
                Reader feedback
              </h2>
              <Table
                caption="Latest feedback on answers"
                columns={feedbackColumns}
                rows={s.feedback}
                rowKey={(f) => `${f.queryId}-${f.passage.slice(0, 20)}-${f.createdAt}`}
                empty="No feedback yet."
              />
            </section>
          </>
        )}
      </QueryState>
    </Page>
  );
}
