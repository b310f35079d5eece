/**
 * /admin/store/books: every store book — filter by state, search by title, page by page (all in
 * the URL) — with unlist / list again and the price and discount window. Every change is audited
 * on the server; a price drop tells the readers who wishlisted the book.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STORE_BOOK_STATES, listAdminStoreBooks, setBookListing, type AdminStoreBook, type StoreBookState } from '../../../sync/api/admin-store';
import { call } from '../../lib/api';
import { Badge, Button, Dialog, LinkButton, Page, QueryState, SelectField, Table, TextField, formatDateTime, type Column } from '../../ui';
import { formatPrice } from '../store/format-price';
import { adminKey, useAdminAction } from './admin-api';
import { Pager, pageParam } from './pager';
import { PriceDialog } from './price-dialog';
import './admin.css';
import { useSearchText } from './use-search-text';

const STATE_LABELS: Record<StoreBookState, string> = {
  all: 'Every store book',
  listed: 'Listed',
  unlisted: 'Unlisted',
  discounted: 'Discounted (running or coming)',
  free: 'Free now',
};

function useFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const filters = { state: STORE_BOOK_STATES.find((s) => s === raw) ?? 'all', q: params.get('q') ?? '', page: pageParam(params.get('page')) };
  const update = (patch: Partial<Record<'state' | 'q' | 'page', string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v && !(k === 'state' && v === 'all')) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { filters, update };
}

function PriceCell({ book }: { book: AdminStoreBook }) {
  const now = Date.now();
  const d = book.discount;
  const phase = !d ? null : d.endsAt <= now ? 'ended' : d.startsAt > now ? 'coming' : 'running';
  return (
    <>
      <span>{formatPrice(book.effectivePriceCents, book.currency)}</span>
      {book.effectivePriceCents !== book.priceCents && (
        <>
          {' '}
          <del className="muted">
            <span className="visually-hidden">list price </span>
            {formatPrice(book.priceCents, book.currency)}
          </del>
        </>
      )}
      {d && (
        <span className="admin-detail admin-block">
          {phase === 'running'
            ? 'On sale until '
            : phase === 'coming'
              ? `${formatPrice(d.priceCents, book.currency)} from ${formatDateTime(d.startsAt)} to `
              : 'Sale ended '}
          {formatDateTime(d.endsAt)}
        </span>
      )}
    </>
  );
}

/** Listing or unlisting, after which the store pages this browser keeps are refreshed too. */
function useListing(book: AdminStoreBook, listed: boolean) {
  const qc = useQueryClient();
  const action = useAdminAction(
    () => call(setBookListing, { params: { id: book.id }, body: { listed } }),
    listed ? `“${book.title}” is listed again.` : `“${book.title}” is unlisted.`,
  );
  const run = (onDone?: () => void) =>
    action.mutate(undefined, {
      onSuccess: () => {
        void qc.invalidateQueries({ queryKey: ['store'] });
        onDone?.();
      },
    });
  return { isPending: action.isPending, run };
}

function UnlistDialog({ book, onClose }: { book: AdminStoreBook; onClose: () => void }) {
  const unlist = useListing(book, false);
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Unlist “${book.title}”?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={unlist.isPending} onClick={() => unlist.run(onClose)}>
            Unlist
          </Button>
        </>
      }
    >
      <p>It leaves /store, search and its store page at once, and nobody can buy it. Readers who own it keep reading it. You can list it again later.</p>
    </Dialog>
  );
}

function Relist({ book }: { book: AdminStoreBook }) {
  const relist = useListing(book, true);
  return (
    <Button size="sm" variant="secondary" loading={relist.isPending} onClick={() => relist.run()} aria-label={`List again: ${book.title}`}>
      List again
    </Button>
  );
}

export function AdminStoreBooksPage() {
  const { filters, update } = useFilters();
  const [text, setText] = useSearchText(filters.q, (q) => update({ q }));
  const [dialog, setDialog] = useState<{ kind: 'price' | 'unlist'; book: AdminStoreBook } | null>(null);
  const query = useQuery({
    queryKey: adminKey('store-books', filters),
    queryFn: ({ signal }) => call(listAdminStoreBooks, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

  const columns: Column<AdminStoreBook>[] = [
    {
      key: 'book',
      header: 'Book',
      render: (b) => (
        <div className="admin-book">
          {b.coverUrl ? <img src={b.coverUrl} alt="" width={40} height={64} loading="lazy" /> : <span className="admin-book-blank" aria-hidden="true" />}
          <span>
            {b.status === 'published' ? <Link to={`/book/${encodeURIComponent(b.id)}`}>{b.title}</Link> : <strong>{b.title}</strong>}
            {b.authors.length > 0 && <span className="muted admin-block">{b.authors.join(', ')}</span>}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'State',
      render: (b) => (
        <span className="admin-badges">
          {b.status === 'published' ? <Badge tone="success">Listed</Badge> : <Badge tone="warning">Unlisted</Badge>}
          {b.featuredRank !== null && <Badge tone="accent">Featured #{b.featuredRank}</Badge>}
        </span>
      ),
    },
    { key: 'price', header: 'Price', render: (b) => <PriceCell book={b} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (b) => (
        <div className="admin-actions">
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'price', book: b })} aria-label={`Edit price: ${b.title}`}>
            Edit price
          </Button>
          {b.status === 'published' ? (
            <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'unlist', book: b })} aria-label={`Unlist ${b.title}`}>
              Unlist
            </Button>
          ) : (
            <Relist book={b} />
          )}
        </div>
      ),
    },
  ];

  return (
    <Page
      title="Store books"
      description="Every book in the store: list or unlist it, set its price and discounts."
      wide
      actions={
        <LinkButton to="/admin/store" variant="secondary">
          Store layout
        </LinkButton>
      }
    >
      <form
        className="admin-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <TextField label="Search titles" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <SelectField label="State" value={filters.state} onChange={(e) => update({ state: e.target.value })}>
          {STORE_BOOK_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </form>
      <QueryState query={query} what="The store's books" lines={8}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {data.total === 1 ? '1 book' : `${data.total} books`}
            </p>
            <Table
              caption="Store books"
              columns={columns}
              rows={data.items}
              rowKey={(b) => b.id}
              empty={filters.q ? `No store book's title matches “${filters.q}”.` : 'No store books in this state.'}
            />
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => update({ page: String(p) })} />
          </>
        )}
      </QueryState>
      {dialog?.kind === 'price' && <PriceDialog book={dialog.book} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'unlist' && <UnlistDialog book={dialog.book} onClose={() => setDialog(null)} />}
    </Page>
  );
}
