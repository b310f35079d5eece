/**
 * A book on the shop front: cover, title, authors, price. The title links to the reader, which
 * shows the whole book to owners and the sample to everyone else (until the store's book page
 * exists); the link stretches over the card, and `action` sits above it, so no control is
 * nested inside the link.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookCard as BookCardData } from '../../../sync/api/books';
import { formatPrice } from './format-price';

/** `action`: a control under the price (the wishlist toggle for signed-in people). */
export function BookCard({ book, size = 'md', eager, action }: { book: BookCardData; size?: 'md' | 'lg'; eager?: boolean; action?: ReactNode }) {
  const authors = book.authors.join(', ');
  return (
    <article className={`book-card book-card-${size}`} aria-label={`${book.title}${authors ? ` by ${authors}` : ''}`}>
      <div className="book-cover">
        {book.coverUrl ? (
          <img src={book.coverUrl} alt="" width={320} height={512} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        ) : (
          <div className="book-cover-blank" aria-hidden="true">
            {book.title}
          </div>
        )}
      </div>
      <h3 className="book-title">
        <Link to={`/books/${book.id}`} className="stretched-link">
          {book.title}
        </Link>
      </h3>
      {authors && <p className="book-authors">{authors}</p>}
      <p className={`book-price${book.priceCents === 0 ? ' book-price-free' : ''}`}>{formatPrice(book.priceCents, book.currency)}</p>
      {action && <div className="book-card-action">{action}</div>}
    </article>
  );
}

/** Card-shaped placeholders while the rows load. */
export function BookRowSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div className="book-row" role="status" aria-label="Loading books…">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="book-card" aria-hidden="true">
          <div className="book-cover book-cover-skeleton" />
          <div className="skeleton-line" style={{ width: '80%' }} />
          <div className="skeleton-line" style={{ width: '55%', marginTop: '0.4rem' }} />
        </div>
      ))}
    </div>
  );
}
