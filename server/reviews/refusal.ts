/** A refused review write: 403 `forbidden` with a `reason` (sync/api/reviews.ts) the form can explain. */
import type { ReviewRefusal } from '../../sync/api/reviews';
import type { ApiErrorBody } from '../../sync/errors';
import { ApiError, unauthenticated } from '../http/errors';

const MESSAGES: Record<Exclude<ReviewRefusal, 'sign_in'>, string> = {
  not_owner: 'Only readers who have this book in their library can review it.',
  own_book: "You can't review a book you wrote or published.",
  blocked: 'Your account can no longer write reviews. Contact support if you think this is a mistake.',
};

class ReviewRefusalError extends ApiError {
  constructor(readonly reason: Exclude<ReviewRefusal, 'sign_in'>) {
    super(403, 'forbidden', MESSAGES[reason]);
  }

  override toBody(): ApiErrorBody {
    const body = super.toBody();
    return { error: { ...body.error, reason: this.reason } };
  }
}

export function refuseReview(reason: ReviewRefusal): never {
  if (reason === 'sign_in') throw unauthenticated('Sign in to review this book.');
  throw new ReviewRefusalError(reason);
}
