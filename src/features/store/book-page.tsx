/**
 * `/book/{id}`: a book's store page — cover, credits, price, what it is, the free sample, the
 * buttons that get it (read when owned, claim when free, buy otherwise) and the reviews. Also
 * rendered server-side as meta tags (server/site/store-meta.ts) for crawlers and link previews.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { claimBook } from '../../../sync/api/books';
import { getStoreBook, type StoreBook } from '../../../sync/api/store';
import { BOOK_PAGE_COVER_SIZES } from '../../../sync/store/book-page-cover';
import { AGE_RATINGS } from '../../../sync/publishing/age-ratings';
import { call, errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Button, LinkButton, Notice, Picture, QueryState, formatDate, useOnline, usePageTitle } from '../../ui';
import { BookReviews } from '../reviews/book-reviews';
import { Price } from './book-card';
import { useOwnsBook } from './use-owns-book';
import './store.css';
import { storeBookKey } from '../../../sync/api/page-queries';

// Their own chunks (they open the local database), fetched only for signed-in people.
const WishlistToggle = lazy(() => import('../wishlist/wishlist-toggle'));
const CartButton = lazy(() => import('../cart/cart-button'));

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'French', es: 'Spanish', de: 'German', it: 'Italian' };

/** How the credits line names each role other than the authors ("Translated by …"). */
const CREDIT_LABELS: Record<string, string> = {
  editor: 'Edited by',
  translator: 'Translated by',
  illustrator: 'Illustrated by',
  narrator: 'Read by',
};

/** Contributors grouped by role, roles in the order they first appear. */
function creditsByRole(contributors: { name: string; role: string }[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const c of contributors) groups.set(c.role, [...(groups.get(c.role) ?? []), c.name]);
  return [...groups];
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The buttons that get the book, by what the viewer has and may do. */
function GetIt({ book, owned }: { book: StoreBook; owned: boolean | undefined }) {
  const { user } = useSession();
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => call(claimBook, { params: { id: book.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['library'] });
      void navigate(`/purchase-success?book=${encodeURIComponent(book.id)}`);
    },
  });
  if (owned) return <LinkButton to={`/books/${book.id}`}>Read</LinkButton>;
  if (owned === undefined && user) return null; // the library is still loading: no flash of Buy
  if (!user) {
    return (
      <LinkButton to={`/auth?next=${encodeURIComponent(`/book/${book.id}`)}`}>{book.priceCents === 0 ? 'Sign in to get it free' : 'Sign in to buy'}</LinkButton>
    );
  }
  if (book.priceCents === 0) {
    return (
      <>
        <Button onClick={() => claim.mutate()} disabled={!online || claim.isPending}>
          {claim.isPending ? 'Adding…' : 'Get it free'}
        </Button>
        {claim.error && <Notice tone="error">{errorMessage(claim.error)}</Notice>}
      </>
    );
  }
  return (
    <>
      <LinkButton to={`/checkout?book=${encodeURIComponent(book.id)}`}>Buy now</LinkButton>
      <Suspense fallback={null}>
        <CartButton book={book} userId={user.id} />
      </Suspense>
    </>
  );
}

function BookStorePage({ book }: { book: StoreBook }) {
  usePageTitle(book.title);
  const { user } = useSession();
  const owned = useOwnsBook(book.id);
  const online = useOnline();
  const authors = book.contributors.filter((c) => c.role === 'author' || c.role === 'co-author');
  const others = book.contributors.filter((c) => !authors.includes(c));
  return (
    <div className="page page-wide store-book">
      <p className="store-breadcrumb">
        <Link to="/store">Store</Link> ›
      </p>
      <div className="store-book-top">
        <div className="store-book-cover book-cover">
          {book.coverUrl ? (
            <Picture src={book.coverUrl} set={book.coverSet} sizes={BOOK_PAGE_COVER_SIZES} alt={`Cover of ${book.title}`} width={320} height={512} />
          ) : (
            <div className="book-cover-blank">{book.title}</div>
          )}
        </div>
        <div className="store-book-main">
          <h1>{book.title}</h1>
          {book.subtitle && <p className="store-book-subtitle">{book.subtitle}</p>}
          <p className="store-book-credits">
            by{' '}
            {authors.map((c, i) => (
              <span key={`${c.name}-${i}`}>
                {i > 0 && ', '}
                {c.authorId ? <Link to={`/author/${c.authorId}`}>{c.name}</Link> : c.name}
              </span>
            ))}
            {creditsByRole(others).map(([role, names]) => (
              <span key={role} className="store-book-other">
                {' '}
                · {CREDIT_LABELS[role] ?? role} {names.join(', ')}
              </span>
            ))}
          </p>
          {book.series && (
            <p className="store-book-series">
              {book.series.number !== null ? `Book ${book.series.number} of ${book.series.name}` : `Part of ${book.series.name}`}
            </p>
          )}
          {book.ratingAverage != null && (
            <p className="book-rating">
              <span aria-hidden="true">★ </span>
              {book.ratingAverage.toFixed(1)}
              <span className="visually-hidden"> out of 5</span> ·{' '}
              <a href="#book-reviews-title">{book.ratingCount === 1 ? '1 rating' : `${book.ratingCount} ratings`}</a>
            </p>
          )}
          <p className={`store-book-price${book.priceCents === 0 ? ' book-price-free' : ''}`}>
            <Price book={book} />
            {book.discountEndsAt && <span className="store-book-sale"> Sale ends {formatDate(book.discountEndsAt)}</span>}
          </p>
          <div className="store-book-actions">
            <GetIt book={book} owned={owned} />
            {book.sampleChapterId && (
              <LinkButton to={`/book/${book.id}/sample`} variant="secondary">
                Read a sample
              </LinkButton>
            )}
            {user && (
              <Suspense fallback={null}>
                <WishlistToggle book={book} userId={user.id} />
              </Suspense>
            )}
          </div>
          {!online && <p className="field-hint">You're offline: this page may be out of date{owned ? '' : ', and buying needs a connection'}.</p>}
          {/* The server stores descriptions as a sanitised HTML subset (server/books/description.ts). */}
          <div className="store-book-description" dangerouslySetInnerHTML={{ __html: book.description }} />
          <dl className="store-book-details">
            <Detail term="Publisher">
              {book.publisherStore ? (
                <Link to={`/store/publisher/${encodeURIComponent(book.publisherStore)}`}>{book.publisher || 'The publisher'}</Link>
              ) : (
                book.publisher || '—'
              )}
            </Detail>
            {book.publishedAt && <Detail term="Published">{formatDate(book.publishedAt)}</Detail>}
            <Detail term="Pages">{book.pageCount}</Detail>
            <Detail term="Language">{LANGUAGE_NAMES[book.language.split('-')[0]!] ?? book.language}</Detail>
            {book.isbn && <Detail term="ISBN">{book.isbn}</Detail>}
            {book.ageRating && <Detail term="Age rating">{AGE_RATINGS[book.ageRating as keyof typeof AGE_RATINGS] ?? book.ageRating}</Detail>}
            {book.keywords.length > 0 && <Detail term="Keywords">{book.keywords.join(', ')}</Detail>}
            {book.genres.length > 0 && (
              <Detail term="Genres">
                {book.genres.map((g, i) => (
                  <span key={g.code}>
                    {i > 0 && ', '}
                    <Link to={`/store/advanced-search?genre=${g.code}`}>{g.name}</Link>
                  </span>
                ))}
              </Detail>
            )}
          </dl>
        </div>
      </div>
      <BookReviews bookId={book.id} owned={owned === true} />
    </div>
  );
}

export function StoreBookPage() {
  const { bookId = '' } = useParams();
  const query = useQuery({ queryKey: storeBookKey(bookId), queryFn: () => call(getStoreBook, { params: { id: bookId } }) });
  return (
    <QueryState query={query} what="This book's page" lines={8}>
      {(book) => <BookStorePage book={book} />}
    </QueryState>
  );
}
