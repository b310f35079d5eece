/**
 * The reviews of one book as a query, and the reader's actions on them. Every action refreshes
 * the book's reviews (list, summary and the reader's own); a 422 is left to the form's fields.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMyReview, listBookReviews, reportReview, saveMyReview, type ReportReason, type ReviewInput } from '../../../sync/api/reviews';
import { ApiRequestError, call, errorMessage } from '../../lib/api';
import { useToast } from '../../ui';

const reviewsKey = (bookId: string) => ['book-reviews', bookId];

/**
 * `owned` is part of the key: buying the book refetches what the reader may do. The answer shown
 * stays while a new key loads: the library arriving after the page (owned false → true) must not
 * unmount a review form someone is typing in (a CI run lost its text that way).
 */
export function useBookReviews(bookId: string, page: number, owned: boolean) {
  return useQuery({
    queryKey: [...reviewsKey(bookId), page, owned],
    queryFn: () => call(listBookReviews, { params: { bookId }, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

function useReviewAction<V>(bookId: string, run: (vars: V) => Promise<unknown>, success: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      toast(success, { tone: 'success' });
      void qc.invalidateQueries({ queryKey: reviewsKey(bookId) });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 422 && Object.keys(error.fields).length) return;
      toast(errorMessage(error), { tone: 'error' });
    },
  });
}

export function useSaveReview(bookId: string, editing: boolean) {
  return useReviewAction(
    bookId,
    (body: ReviewInput) => call(saveMyReview, { params: { bookId }, body }),
    editing ? 'Your review is updated.' : 'Thanks! Your review is posted.',
  );
}

export function useDeleteReview(bookId: string) {
  return useReviewAction(bookId, () => call(deleteMyReview, { params: { bookId } }), 'Your review is deleted.');
}

export function useReportReview(bookId: string) {
  return useReviewAction(
    bookId,
    (vars: { id: string; reason: ReportReason }) => call(reportReview, { params: { id: vars.id }, body: { reason: vars.reason } }),
    'Thanks. An admin will look at this review.',
  );
}
