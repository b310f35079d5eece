/**
 * /publisher/books: the imprint's catalogue — every book with its publishing state, price and
 * ISBN, filtered by state and found by title or ISBN, paged; the filters live in the URL.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ImprintBookSummary } from '../../../sync/api/publisher-books';
import type { MyImprint } from '../../../sync/api/publisher-isbns';
import { PUBLISHING_STATES, STATE_LABELS, type PublishingState } from '../../../sync/publishing/state-machine';
import { Button, EmptyState, LinkButton, LinkPager, Page, QueryState, SelectField, Table, TextField, formatDate, type Column } from '../../ui';
import { StateBadge } from '../publishing/state-badge';
import { formatPrice } from '../store/format-price';
import { useImprintBooks } from './books-api';
import { ImprintChoice } from './imprint-choice';
import './publisher.css';

function useFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const page = Number(params.get('page'));
  const filters = {
    state: PUBLISHING_STATES.find((s) => s === raw),
    q: (params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const set = (patch: { state?: string; q?: string }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, filters, set };
}

function Catalogue({ imprint }: { imprint: MyImprint }) {
  const { params, filters, set } = useFilters();
  const [search, setSearch] = useState(filters.q);
  const query = useImprintBooks(imprint.id, filters);
  const edit = (b: ImprintBookSummary) => `/publisher/books/${encodeURIComponent(b.id)}/edit?imprint=${encodeURIComponent(imprint.id)}`;
  const columns: Column<ImprintBookSummary>[] = [
    {
      key: 'title',
      header: 'Title',
      render: (b) => (
        <span className="publisher-book-title">
          <Link to={edit(b)}>{b.title}</Link>
          {b.authors.length > 0 && <span className="muted">{b.authors.join(', ')}</span>}
        </span>
      ),
    },
    { key: 'state', header: 'State', render: (b) => <StateBadge state={b.state} /> },
    { key: 'price', header: 'Price', render: (b) => (b.priceCents === 0 ? 'Free' : formatPrice(b.priceCents, b.currency)) },
    { key: 'isbn', header: 'ISBN', render: (b) => b.isbn ?? <span className="muted">None yet</span> },
    { key: 'updated', header: 'Changed', render: (b) => formatDate(b.updatedAt) },
  ];
  const filtered = Boolean(filters.state || filters.q);
  return (
    <QueryState query={query} what="Your books" lines={8}>
      {(data) => {
        const all = Object.values(data.counts).reduce((a, b) => a + b, 0);
        if (all === 0)
          return (
            <EmptyState title="No books yet">
              <p>Books come in as drafts when you upload them; then you edit their details here and send them to review.</p>
              <p>
                <LinkButton to="/publisher/upload-single">Upload a book</LinkButton>{' '}
                <LinkButton to="/publisher/upload-bulk" variant="secondary">
                  Bulk upload
                </LinkButton>
              </p>
            </EmptyState>
          );
        return (
          <section className="publisher-books" aria-labelledby="publisher-books-title" aria-busy={query.isFetching || undefined}>
            <h2 id="publisher-books-title" className="visually-hidden">
              {imprint.name}&apos;s books
            </h2>
            <form
              className="isbn-filters publisher-books-filters"
              role="search"
              aria-label="Find books"
              onSubmit={(e) => {
                e.preventDefault();
                set({ q: search.trim() });
              }}
            >
              <SelectField label="State" value={filters.state ?? ''} onChange={(e) => set({ state: e.target.value })}>
                <option value="">Every state ({all})</option>
                {PUBLISHING_STATES.map((s) => (
                  <option key={s} value={s}>
                    {STATE_LABELS[s]} ({data.counts[s]})
                  </option>
                ))}
              </SelectField>
              <TextField label="Title or ISBN" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
              <Button type="submit" variant="secondary">
                Search
              </Button>
              {filtered && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setSearch('');
                    set({ q: '', state: '' });
                  }}
                >
                  Clear
                </Button>
              )}
            </form>
            <p className="muted" role="status">
              {data.total === 1 ? '1 book' : `${data.total} books`}
              {filtered ? ' match' : ''}
            </p>
            <Table
              caption={`${imprint.name}'s books`}
              columns={columns}
              rows={data.items}
              rowKey={(b) => b.id}
              empty={`No ${filters.state ? STATE_LABELS[filters.state as PublishingState].toLowerCase() + ' ' : ''}books${filters.q ? ` match “${filters.q}”` : ''}.`}
            />
            <LinkPager className="isbn-pager" page={data.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} params={params} />
          </section>
        );
      }}
    </QueryState>
  );
}

export function PublisherBooksPage() {
  return (
    <Page
      title="Books"
      description="Your imprint’s books: their state on the way to the store, price and ISBN. Open one to edit it and send it to review."
      wide
    >
      <ImprintChoice>{(imprint) => <Catalogue imprint={imprint} />}</ImprintChoice>
    </Page>
  );
}
