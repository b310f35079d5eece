/**
 * The reader's own review: shown with Edit and Delete once written, else the form. Field errors
 * come from the server's 422 (the same schema checks them), next to the stars and the text.
 */
import { useState, type FormEvent } from 'react';
import { REVIEW_TEXT_MAX, type MyReview } from '../../../sync/api/reviews';
import { errorMessage, fieldErrorsOf } from '../../lib/api';
import { Button, Dialog, FormError, Notice, TextArea } from '../../ui';
import { ReviewItem } from './review-item';
import { useDeleteReview, useSaveReview } from './reviews-api';
import { StarInput } from './stars';

/** `refusal` set: the reader may no longer edit (blocked, or the book left their library) but may still delete. */
export function MyReviewPanel({ bookId, mine, offline, refusal }: { bookId: string; mine: MyReview | null; offline: boolean; refusal?: string }) {
  const [editing, setEditing] = useState(mine === null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteReview(bookId);
  if (mine && !editing) {
    return (
      <section className="my-review" aria-labelledby="my-review-title">
        <h3 id="my-review-title">Your review</h3>
        {mine.hidden && (
          <Notice tone="warning" title="Hidden by a moderator">
            Other readers can't see this review. Editing it won't show it again.
          </Notice>
        )}
        <ReviewItem review={mine} />
        {refusal && <p className="muted">{refusal}</p>}
        <div className="row">
          {!refusal && (
            <Button size="sm" variant="secondary" disabled={offline} onClick={() => setEditing(true)}>
              Edit review
            </Button>
          )}
          <Button size="sm" variant="ghost" disabled={offline} onClick={() => setConfirmDelete(true)}>
            Delete review
          </Button>
        </div>
        <Dialog
          open={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          title="Delete your review?"
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
              <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => setConfirmDelete(false) })}>
                Delete review
              </Button>
            </>
          }
        >
          <p>Your rating and text are removed for good. You can write a new review later.</p>
        </Dialog>
      </section>
    );
  }
  return <ReviewForm bookId={bookId} mine={mine} offline={offline} onDone={() => setEditing(false)} />;
}

function ReviewForm({ bookId, mine, offline, onDone }: { bookId: string; mine: MyReview | null; offline: boolean; onDone: () => void }) {
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const save = useSaveReview(bookId, mine !== null);
  const fields = fieldErrorsOf(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Sent as chosen: no stars chosen yet is refused by the server with the rating's own message.
    save.mutate({ rating, text }, { onSuccess: onDone });
  };
  return (
    <form className="review-form" onSubmit={submit} aria-labelledby="review-form-title" noValidate>
      <h3 id="review-form-title">{mine ? 'Edit your review' : 'Rate and review this book'}</h3>
      <StarInput value={rating} onChange={setRating} error={fields.rating} disabled={offline} />
      <TextArea
        label="Your review (optional)"
        hint={`${text.length.toLocaleString('en')} / ${REVIEW_TEXT_MAX.toLocaleString('en')} characters. Plain text; no spoilers without a warning, please.`}
        value={text}
        maxLength={REVIEW_TEXT_MAX}
        rows={5}
        error={fields.text}
        disabled={offline}
        onChange={(e) => setText(e.target.value)}
      />
      {save.error && !Object.keys(fields).length && <FormError>{errorMessage(save.error)}</FormError>}
      <div className="row">
        <Button type="submit" loading={save.isPending} disabled={offline}>
          {mine ? 'Save changes' : 'Post review'}
        </Button>
        {mine && (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
