/** One review: stars, who wrote it (with the verified-reader badge), when, the text, and "Report". */
import type { Review } from '../../../sync/api/reviews';
import { Badge, Button, formatDate } from '../../ui';
import { Stars } from './stars';

export function ReviewItem({ review, onReport }: { review: Review; onReport?: () => void }) {
  return (
    <article className="review" aria-label={`Review by ${review.reviewer.displayName}`}>
      <header className="review-header">
        <Stars rating={review.rating} />
        <strong>{review.reviewer.displayName}</strong>
        {review.verifiedReader && <Badge tone="success">Verified reader</Badge>}
        <span className="muted">
          {formatDate(review.createdAt)}
          {review.updatedAt > review.createdAt ? ' · edited' : ''}
        </span>
      </header>
      {review.text && <p className="review-text">{review.text}</p>}
      {onReport && (
        <Button size="sm" variant="ghost" onClick={onReport} aria-label={`Report the review by ${review.reviewer.displayName}`}>
          Report
        </Button>
      )}
    </article>
  );
}
