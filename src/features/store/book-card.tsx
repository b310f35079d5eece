/**
 * A book on a shelf: cover, title, authors, price (the list price struck through while a
 * discount runs) and the rating. The title links to the book's store page; the link stretches
 * over the card, and `action` sits above it, so no control is nested inside the link.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImageSet } from '../../../sync/api/images';
import { BOOK_CARD_COVER_SIZES } from '../../../sync/store/book-page-cover';
import { Picture } from '../../ui';
import { formatPrice } from './format-price';
import './book-card.css';

/** What a card shows; the home page's and the store's cards both have it. */
export interface CardBook {
  id: string;
  title: string;
  authors: string[];
  priceCents: number;
  currency: string;
  coverUrl: string | null;
  coverSet?: ImageSet;
  listPriceCents?: number | null;
  ratingAverage?: number | null;
  ratingCount?: number;
}

export function Price({ book }: { book: Pick<CardBook, 'priceCents' | 'currency' | 'listPriceCents'> }) {
  return (
    <>
      <span>{formatPrice(book.priceCents, book.currency)}</span>
      {book.listPriceCents != null && (
        <del className="book-price-was">
          <span className="visually-hidden">was </span>
          {formatPrice(book.listPriceCents, book.currency)}
        </del>
      )}
    </>
  );
}

/** `action`: a control under the price (the wishlist toggle for signed-in people). */
export function BookCard({ book, size = 'md', eager, action }: { book: CardBook; size?: 'md' | 'lg'; eager?: boolean; action?: ReactNode }) {
  const authors = book.authors.join(', ');
  return (
    <article className={`book-card book-card-${size}`} aria-label={`${book.title}${authors ? ` by ${authors}` : ''}`}>
      <div className="book-cover">
        {book.coverUrl ? (
          <Picture
            src={book.coverUrl}
            set={book.coverSet}
            sizes={BOOK_CARD_COVER_SIZES[size]}
            alt=""
            width={320}
            height={512}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="book-cover-blank" aria-hidden="true">
            {book.title}
          </div>
        )}
      </div>
      <h3 className="book-title">
        <Link to={`/book/${book.id}`} className="stretched-link">
          {book.title}
        </Link>
      </h3>
      {authors && <p className="book-authors">{authors}</p>}
      <p className={`book-price${book.priceCents === 0 ? ' book-price-free' : ''}`}>
        <Price book={book} />
      </p>
      {book.ratingAverage != null && (
        <p className="book-rating">
          <span aria-hidden="true">★ </span>
          {book.ratingAverage.toFixed(1)}
          <span className="visually-hidden"> out of 5</span> ({book.ratingCount})
        </p>
      )}
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
