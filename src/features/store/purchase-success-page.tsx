/**
 * `/purchase-success?book={id}`: after claiming (or buying) one book — confirmed from the
 * server's record (the book must be in the library), never from the query string alone — with
 * "Start reading" and "Download for offline".
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { getStoreBook } from '../../../sync/api/store';
import { call } from '../../lib/api';
import { EmptyState, LinkButton, QueryState, Skeleton, usePageTitle } from '../../ui';
import { DownloadControl } from '../library/download-control';
import { useOwnsBook } from './use-owns-book';
import './store.css';
import { storeBookKey } from '../../../sync/api/page-queries';

export function PurchaseSuccessPage() {
  usePageTitle('It’s yours');
  const [params] = useSearchParams();
  const bookId = params.get('book') ?? '';
  const owned = useOwnsBook(bookId);
  const book = useQuery({
    queryKey: storeBookKey(bookId),
    queryFn: () => call(getStoreBook, { params: { id: bookId } }),
    enabled: bookId !== '',
  });
  if (!bookId) return <EmptyState title="Nothing to confirm">Open a book from the store to get it.</EmptyState>;
  return (
    <div className="page store-success">
      <QueryState query={book} what="Your book" lines={4}>
        {(b) =>
          owned === undefined ? (
            <Skeleton lines={3} />
          ) : owned ? (
            <section className="store-success-card" aria-labelledby="success-title">
              {b.coverUrl && <img src={b.coverUrl} alt="" width={120} height={192} />}
              <div>
                <h1 id="success-title">{b.title} is in your library</h1>
                <p>It’s on every device you sign in on. Download it to read without a connection.</p>
                <div className="store-book-actions">
                  <LinkButton to={`/books/${b.id}`}>Start reading</LinkButton>
                  <DownloadControl bookId={b.id} title={b.title} />
                </div>
                <p>
                  <Link to="/store">Back to the store</Link>
                </p>
              </div>
            </section>
          ) : (
            <EmptyState title="This book isn’t in your library yet">
              <p>
                If you just paid, it can take a moment. <Link to={`/book/${b.id}`}>Back to {b.title}</Link>
              </p>
            </EmptyState>
          )
        }
      </QueryState>
    </div>
  );
}
