/** A page of store results as a grid of cards, with the count and links to the pages around it. */
import type { StoreSearchResponse } from '../../../sync/api/store';
import { EmptyState, LinkPager, Notice } from '../../ui';
import { BookCard } from './book-card';

/** `busy` marks the previous answer still shown while the next one loads. */
export function StoreResults({ data, params, emptyHint, busy }: { data: StoreSearchResponse; params: URLSearchParams; emptyHint: string; busy: boolean }) {
  if (data.total === 0) {
    return (
      <EmptyState title="No books match">
        <p>{emptyHint}</p>
      </EmptyState>
    );
  }
  const pages = Math.ceil(data.total / data.pageSize);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  return (
    <section aria-label="Results" aria-busy={busy}>
      <p className="store-count" role="status">
        {data.total === 1 ? '1 book' : `${first}–${last} of ${data.total.toLocaleString()}${data.capped ? '+' : ''} books`}
      </p>
      <div className="book-grid">
        {data.books.map((b, i) => (
          <BookCard key={b.id} book={b} eager={i < 6} />
        ))}
      </div>
      <LinkPager page={data.page} pages={pages} params={params} className="store-pager" />
    </section>
  );
}

/** Offline, the service worker answers with the store as it was last seen. */
export function OfflineNotice() {
  return <Notice tone="warning">You're offline: this is the store as you last saw it, and it may be out of date. Buying needs a connection.</Notice>;
}
