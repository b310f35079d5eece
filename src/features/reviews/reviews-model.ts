/** Pure helpers of the reviews UI, kept apart from React so they are tested cheaply. */
import type { RatingSummary, ReviewRefusal } from '../../../sync/api/reviews';

/** Why the form is not shown, in the reader's words. */
export const REFUSAL_MESSAGES: Record<ReviewRefusal, string> = {
  sign_in: 'Sign in to rate and review books you own.',
  not_owner: 'Only readers who have this book in their library can review it.',
  own_book: "You can't review a book you wrote or published.",
  blocked: 'Your account can no longer write reviews.',
};

/** Each star's share of the reviews, as whole percentages for the histogram bars (5 stars first). */
export function histogramRows(summary: RatingSummary): { stars: number; count: number; percent: number }[] {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = summary.histogram[stars - 1] ?? 0;
    return { stars, count, percent: summary.count ? Math.round((count / summary.count) * 100) : 0 };
  });
}

export function ratingLabel(rating: number): string {
  return `${rating.toLocaleString('en', { maximumFractionDigits: 1 })} out of 5 stars`;
}

export function countLabel(count: number): string {
  return count === 1 ? '1 rating' : `${count.toLocaleString('en')} ratings`;
}
