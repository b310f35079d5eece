/**
 * /publisher: the imprint at a glance — its books by state, sales from paid orders (per
 * currency, all time and the last 30 days), the latest uploads and books; while it has no books,
 * an onboarding checklist of the first steps, each a link to where it is done.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getPublisherDashboard, type PublisherDashboard } from '../../../sync/api/publisher-team';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { STATE_LABELS } from '../../../sync/publishing/state-machine';
import { formatMoney } from '../../../sync/store/money';
import { call } from '../../lib/api';
import { Card, Page, QueryState, formatDate } from '../../ui';
import { ImprintChoice } from './imprint-choice';
import { publisherKey } from './publisher-api';
import './publisher.css';

const money = (amounts: PublisherDashboard['sales']['revenue']) =>
  amounts.length === 0 ? '—' : amounts.map((a) => formatMoney(a.cents, a.currency)).join(' · ');

function Onboarding({ steps, imprintId }: { steps: PublisherDashboard['onboarding']; imprintId: string }) {
  const q = `?imprint=${encodeURIComponent(imprintId)}`;
  const items: { done: boolean; to: string; label: string }[] = [
    { done: steps.details, to: `/publisher/settings${q}`, label: 'Describe your imprint: description, website, contact e-mail' },
    { done: steps.payout, to: `/publisher/settings${q}`, label: 'Add the payout account your earnings go to' },
    { done: steps.team, to: `/publisher/settings${q}`, label: 'Add the people who work with you' },
    { done: steps.isbns, to: `/publisher/isbn${q}`, label: 'Import your ISBNs' },
    { done: steps.books, to: `/publisher/upload-single${q}`, label: 'Upload your first book (or many at once with a bulk upload)' },
    { done: steps.storefront, to: `/publisher/publisher-store${q}`, label: 'Set up your storefront' },
  ];
  const done = items.filter((i) => i.done).length;
  return (
    <Card title="Getting started">
      <p className="muted">
        {done} of {items.length} done. Your imprint has no books yet: these steps get it ready for the store.
      </p>
      <ol className="team-checklist">
        {items.map((i) => (
          <li key={i.label} className={i.done ? 'team-check-done' : undefined}>
            <span aria-hidden="true" className="team-check-mark">
              {i.done ? '✓' : '○'}
            </span>
            <span className="visually-hidden">{i.done ? 'Done: ' : 'To do: '}</span>
            <Link to={i.to}>{i.label}</Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Dashboard({ imprint }: { imprint: MyImprint }) {
  const query = useQuery({
    queryKey: publisherKey(imprint.id, 'dashboard'),
    queryFn: ({ signal }) => call(getPublisherDashboard, { params: { imprintId: imprint.id }, signal }),
  });
  return (
    <QueryState query={query} what="Your dashboard" lines={8}>
      {(d) => {
        const total = d.booksByState.reduce((n, s) => n + s.count, 0);
        return (
          <div className="team-dashboard">
            {total === 0 && <Onboarding steps={d.onboarding} imprintId={imprint.id} />}
            <section aria-labelledby="books-by-state">
              <div className="team-section-head">
                <h2 id="books-by-state">Books by state</h2>
                <Link to="/publisher/books">All books</Link>
              </div>
              <dl className="team-stats">
                {d.booksByState.map((s) => (
                  <div key={s.state}>
                    <dt>{STATE_LABELS[s.state]}</dt>
                    <dd>{s.count.toLocaleString('en')}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="sales-title">
              <h2 id="sales-title">Sales</h2>
              <dl className="team-stats">
                <div>
                  <dt>Copies, last 30 days</dt>
                  <dd>{d.sales.copies30d.toLocaleString('en')}</dd>
                </div>
                <div>
                  <dt>Revenue, last 30 days</dt>
                  <dd>{money(d.sales.revenue30d)}</dd>
                </div>
                <div>
                  <dt>Copies, all time</dt>
                  <dd>{d.sales.copies.toLocaleString('en')}</dd>
                </div>
                <div>
                  <dt>Revenue, all time</dt>
                  <dd>{money(d.sales.revenue)}</dd>
                </div>
              </dl>
              <p className="muted">From paid orders of your books, refunds taken off; amounts in different currencies are shown apart.</p>
            </section>
            <div className="team-grid">
              <Card title="Recent uploads">
                {d.recentUploads.length === 0 ? (
                  <p className="muted">
                    No uploads yet. <Link to="/publisher/upload-single">Upload a book</Link>.
                  </p>
                ) : (
                  <ul className="team-list">
                    {d.recentUploads.map((u) => (
                      <li key={u.id}>
                        <Link to={`/publisher/uploads?upload=${encodeURIComponent(u.id)}`}>{u.fileName}</Link>{' '}
                        <span className="muted">
                          · {u.kind === 'bulk' ? 'bulk' : 'single'} · {u.status} · {formatDate(u.createdAt)} by @{u.uploader}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card title="Recently changed books">
                {d.recentBooks.length === 0 ? (
                  <p className="muted">No books yet.</p>
                ) : (
                  <ul className="team-list">
                    {d.recentBooks.map((b) => (
                      <li key={b.id}>
                        {b.status === 'published' ? <Link to={`/book/${encodeURIComponent(b.id)}`}>{b.title}</Link> : b.title}{' '}
                        <span className="muted">
                          · {STATE_LABELS[b.status]} · {formatDate(b.updatedAt)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}

export function PublisherDashboardPage() {
  return (
    <Page title="Publisher dashboard" description="Your imprint's books, sales and latest uploads." wide>
      <ImprintChoice>{(imprint) => <Dashboard imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
