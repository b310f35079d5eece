/**
 * <BookReviews bookId owned>: the ratings and reviews section the book page (/book/{id}) mounts.
 * The server decides who may write (`canReview`); `owned` only tells the query to refetch when
 * the reader buys or claims the book while the page is open. Online only: offline, a list already
 * loaded stays readable and writing waits for the connection.
 */
import { useState } from 'react';
import type { Review } from '../../../sync/api/reviews';
import { Button, EmptyState, Notice, QueryState, useOnline } from '../../ui';
import { MyReviewPanel } from './review-form';
import { RatingSummary } from './rating-summary';
import { ReportDialog } from './report-dialog';
import { ReviewItem } from './review-item';
import { useBookReviews } from './reviews-api';
import { REFUSAL_MESSAGES } from './reviews-model';
import './reviews.css';

export function BookReviews({ bookId, owned }: { bookId: string; owned: boolean }) {
  const [page, setPage] = useState(1);
  const [reporting, setReporting] = useState<Review | null>(null);
  const online = useOnline();
  const query = useBookReviews(bookId, page, owned);
  return (
    <section className="book-reviews" aria-labelledby="book-reviews-title">
      <h2 id="book-reviews-title">Ratings and reviews</h2>
      <QueryState query={query} what="Reviews" lines={4}>
        {(data) => {
          const signedIn = data.canReview !== 'sign_in';
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          const others = data.items.filter((r) => r.id !== data.mine?.id);
          return (
            <>
              {!online && <Notice tone="warning">You're offline: these reviews may be out of date, and writing or reporting waits for a connection.</Notice>}
              <RatingSummary summary={data.summary} />
              {data.canReview === 'yes' || data.mine ? (
                <MyReviewPanel
                  key={data.mine?.updatedAt ?? 'new'}
                  bookId={bookId}
                  mine={data.mine}
                  offline={!online}
                  refusal={data.canReview === 'yes' ? undefined : REFUSAL_MESSAGES[data.canReview]}
                />
              ) : (
                <p className="muted book-reviews-refusal">{REFUSAL_MESSAGES[data.canReview]}</p>
              )}
              {others.length === 0 && page === 1 ? (
                data.mine ? (
                  <p className="muted">No other reviews yet.</p>
                ) : (
                  <EmptyState title="No reviews yet">
                    <p>{data.canReview === 'yes' ? 'Be the first to say what you thought.' : 'Readers who own this book can be the first to review it.'}</p>
                  </EmptyState>
                )
              ) : (
                <div className="review-list">
                  {others.map((review) => (
                    <ReviewItem key={review.id} review={review} onReport={signedIn && online ? () => setReporting(review) : undefined} />
                  ))}
                </div>
              )}
              {pages > 1 && (
                <nav className="review-pager" aria-label="Review pages">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Newer
                  </Button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Older
                  </Button>
                </nav>
              )}
            </>
          );
        }}
      </QueryState>
      {reporting && <ReportDialog bookId={bookId} review={reporting} onClose={() => setReporting(null)} />}
    </section>
  );
}
