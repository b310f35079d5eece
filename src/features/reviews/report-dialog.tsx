/** Confirm a report and say what is wrong; sent once per reader (the server answers 409 after). */
import { useState } from 'react';
import { REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason, type Review } from '../../../sync/api/reviews';
import { fieldErrorsOf } from '../../lib/api';
import { Button, Dialog, SelectField } from '../../ui';
import { useReportReview } from './reviews-api';

export function ReportDialog({ bookId, review, onClose }: { bookId: string; review: Review; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason>('spam');
  const report = useReportReview(bookId);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Report this review?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={report.isPending} onClick={() => report.mutate({ id: review.id, reason }, { onSuccess: onClose })}>
            Report review
          </Button>
        </>
      }
    >
      <p>
        An admin will read the review by {review.reviewer.displayName} and may hide it. {review.reviewer.displayName} is not told who reported it.
      </p>
      <SelectField
        label="What is wrong with it?"
        value={reason}
        error={fieldErrorsOf(report.error).reason}
        onChange={(e) => setReason(e.target.value as ReportReason)}
      >
        {REPORT_REASONS.map((r) => (
          <option key={r} value={r}>
            {REPORT_REASON_LABELS[r]}
          </option>
        ))}
      </SelectField>
    </Dialog>
  );
}
