/**
 * `/books`: my library. The list comes from /api/library (kept in the Cache API so it shows
 * offline); progress and "last read" come from the replicated library-progress documents. My
 * manuscripts follow the books (manuscript-shelf.tsx). Every owned book can be printed. "Add a
 * book" adds one's own EPUB (add-book.tsx); such a book can be removed again (remove-book.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import { usePreferences } from '../theming/preferences-store';
import { Badge, Button, EmptyState, LinkButton, Page, Skeleton, Notice, Picture, formatRelative, usePageTitle } from '../../ui';
import { AddBookDialog } from './add-book';
import { DeviceStorage, DownloadControl } from './download-control';
import { ManuscriptShelf } from './manuscript-shelf';
import { RemoveBook } from './remove-book';
import { fetchLibraryCached, removeDownload } from './offline-books';
import { usePurchaseNotices } from './use-purchase-notices';
import './library.css';

/** A book that leaves the library while the page is open (a refund) leaves this device too. */
function useForgetRemovedBooks(books: readonly { id: string }[] | undefined) {
  const previous = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!books) return;
    const now = new Set(books.map((b) => b.id));
    for (const id of previous.current ?? []) if (!now.has(id)) void removeDownload(id);
    previous.current = now;
  }, [books]);
}

export function LibraryPage() {
  usePageTitle('Library');
  const { user } = useSession();
  const library = useQuery({ queryKey: ['library'], queryFn: () => fetchLibraryCached(), retry: false });
  usePurchaseNotices(user?.id ?? '');
  useForgetRemovedBooks(library.data?.books);
  const { docs: progress } = useLiveDocs('library-progress', { selector: { ownerId: user?.id ?? '' } });
  const byBook = new Map(progress.map((p) => [p.bookId, p]));
  // Books open in the view chosen on /theming.
  const flow = usePreferences().readerLayout === 'flow' ? '/flow' : '';
  const [adding, setAdding] = useState(false);

  return (
    <Page
      title="Library"
      description="Your books, where you left off, and what you can read offline."
      actions={
        user && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a book
          </Button>
        )
      }
    >
      {user && <AddBookDialog open={adding} onClose={() => setAdding(false)} readerPath={(id) => `/books/${id}${flow}`} />}
      {library.isPending && <Skeleton lines={4} label="Loading your library…" />}
      {library.error && <Notice tone="error">{library.error.message}</Notice>}
      {library.data && library.data.books.length === 0 && (
        <EmptyState title="No books yet" action={<LinkButton to="/store">Find something to read</LinkButton>}>
          Books you buy or claim appear here, and EPUBs of your own that you add with “Add a book”.
        </EmptyState>
      )}
      {library.data && library.data.books.length > 0 && <DeviceStorage />}
      {library.data && library.data.books.length > 0 && (
        <ul className="library-list">
          {library.data.books.map((book) => {
            const p = byBook.get(book.id);
            const pct = Math.round((p?.position.progress ?? 0) * 100);
            return (
              <li key={book.id} className="library-item">
                <Link to={`/books/${book.id}${flow}`} className="library-cover" aria-hidden="true" tabIndex={-1}>
                  {book.coverUrl ? (
                    <Picture src={book.coverUrl} set={book.coverSet} sizes="6rem" alt="" width={96} height={150} loading="lazy" />
                  ) : (
                    <span className="library-cover-blank">{book.title}</span>
                  )}
                </Link>
                <div className="library-info">
                  <h2 className="library-title">
                    <Link to={`/books/${book.id}${flow}`}>{book.title}</Link>
                  </h2>
                  {book.authors.length > 0 && <p className="library-authors">{book.authors.join(', ')}</p>}
                  {book.sideloaded && (
                    <p className="library-own">
                      <Badge>Your upload · private</Badge>
                    </p>
                  )}
                  <div
                    className="library-progress"
                    role="progressbar"
                    aria-label={`${book.title} progress`}
                    aria-valuenow={pct}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <span style={{ width: `${pct}%` }} />
                  </div>
                  <p className="library-meta">
                    {pct}% read{p ? ` · last read ${formatRelative(p.updatedAt)}` : ' · not started'}
                  </p>
                  <p className="library-links">
                    <Link to={`/printable/${book.id}`} aria-label={`Print / PDF: ${book.title}`}>
                      Print / PDF
                    </Link>
                    {book.sideloaded && <RemoveBook bookId={book.id} title={book.title} />}
                  </p>
                  <DownloadControl bookId={book.id} title={book.title} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {user && <ManuscriptShelf userId={user.id} progress={byBook} />}
    </Page>
  );
}
