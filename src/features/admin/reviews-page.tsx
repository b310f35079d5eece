/**
 * /admin/reviews: reported reviews first (then hidden, or all), with hide / restore and blocking
 * a reviewer from reviewing. Hiding or restoring closes the review's open reports; every action
 * is audited on the server. The queue and page live in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ADMIN_REVIEW_FILTERS,
  BLOCK_NOTE_MAX,
  REPORT_REASON_LABELS,
  blockReviewer,
  hideReview,
  listAdminReviews,
  restoreReview,
  unblockReviewer,
  type AdminReviewFilter,
  type AdminReviewRow,
} from '../../../sync/api/reviews';
import { call, errorMessage, fieldErrorsOf } from '../../lib/api';
import { Badge, Button, Dialog, FormError, Page, QueryState, Table, Tabs, TextArea, formatDateTime, type Column } from '../../ui';
import { Stars } from '../reviews/stars';
import { adminKey, useAdminAction } from './admin-api';
import { Pager, pageParam } from './pager';
import './admin.css';
import '../reviews/reviews.css';

const FILTER_LABELS: Record<AdminReviewFilter, string> = { reported: 'Reported', hidden: 'Hidden', all: 'All reviews' };

type Pending = { kind: 'hide'; review: AdminReviewRow } | { kind: 'block'; review: AdminReviewRow };

/** Hide (note optional) or block the reviewer (reason required): both confirm first, both audited. */
function ConfirmDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const [note, setNote] = useState('');
  const { review } = pending;
  const hide = pending.kind === 'hide';
  const run = useAdminAction(
    (text: string) =>
      hide
        ? call(hideReview, { params: { id: review.id }, body: { note: text } })
        : call(blockReviewer, { params: { id: review.reviewer.id }, body: { note: text } }),
    hide ? 'Review hidden.' : `${review.reviewer.displayName} can no longer write reviews.`,
  );
  const fields = fieldErrorsOf(run.error);
  return (
    <Dialog
      open
      onClose={onClose}
      title={hide ? `Hide the review by ${review.reviewer.displayName}?` : `Block ${review.reviewer.displayName} from reviewing?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={run.isPending} onClick={() => run.mutate(note, { onSuccess: onClose })}>
            {hide ? 'Hide review' : 'Block reviewer'}
          </Button>
        </>
      }
    >
      <p>
        {hide
          ? 'Readers stop seeing it and it leaves the rating summary. Its reports are closed. You can restore it later.'
          : 'They cannot write or edit reviews until unblocked. Their existing reviews stay until you hide them.'}
      </p>
      <TextArea
        label={hide ? 'Note (optional)' : 'Reason'}
        hint="Kept in the audit log."
        value={note}
        maxLength={BLOCK_NOTE_MAX}
        required={!hide}
        error={fields.note}
        onChange={(e) => setNote(e.target.value)}
      />
      {run.error && !fields.note && <FormError>{errorMessage(run.error)}</FormError>}
    </Dialog>
  );
}

function RestoreButton({ review }: { review: AdminReviewRow }) {
  // On a visible review, "restore" keeps it and closes its reports.
  const label = review.hidden ? 'Restore' : 'Keep';
  const action = useAdminAction(
    () => call(restoreReview, { params: { id: review.id }, body: {} }),
    review.hidden ? 'Review restored.' : 'Reports closed; the review stays.',
  );
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={action.isPending}
      onClick={() => action.mutate(undefined)}
      aria-label={`${label} the review by ${review.reviewer.displayName}`}
    >
      {label}
    </Button>
  );
}

function UnblockButton({ review }: { review: AdminReviewRow }) {
  const action = useAdminAction(() => call(unblockReviewer, { params: { id: review.reviewer.id } }), `${review.reviewer.displayName} can review again.`);
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={action.isPending}
      onClick={() => action.mutate(undefined)}
      aria-label={`Unblock reviewer: ${review.reviewer.displayName}`}
    >
      Unblock reviewer
    </Button>
  );
}

export function AdminReviewsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const filter: AdminReviewFilter = ADMIN_REVIEW_FILTERS.find((f) => f === raw) ?? 'reported';
  const page = pageParam(params.get('page'));
  const [pending, setPending] = useState<Pending | null>(null);
  const query = useQuery({ queryKey: adminKey('reviews', filter, page), queryFn: () => call(listAdminReviews, { query: { filter, page } }) });
  const go = (next: { filter?: AdminReviewFilter; page?: number }) => {
    const f = next.filter ?? filter;
    const p = next.page ?? 1;
    setParams({ ...(f === 'reported' ? {} : { filter: f }), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };

  const columns: Column<AdminReviewRow>[] = [
    {
      key: 'review',
      header: 'Review',
      render: (r) => (
        <>
          <Stars rating={r.rating} />
          <p className="admin-request-message">{r.text || <span className="muted">(rating only)</span>}</p>
          <span className="muted">{formatDateTime(r.createdAt)}</span>
        </>
      ),
    },
    { key: 'book', header: 'Book', render: (r) => <Link to={`/book/${encodeURIComponent(r.book.id)}`}>{r.book.title}</Link> },
    {
      key: 'reviewer',
      header: 'Reviewer',
      render: (r) => (
        <>
          <strong>{r.reviewer.displayName}</strong>
          <br />
          <span className="muted">@{r.reviewer.username}</span>
          {r.reviewer.blocked && (
            <>
              {' '}
              <Badge tone="danger">Blocked</Badge>
            </>
          )}
        </>
      ),
    },
    {
      key: 'reports',
      header: 'Open reports',
      render: (r) => (r.openReports ? `${r.openReports}: ${r.reasons.map((x) => REPORT_REASON_LABELS[x]).join(', ')}` : '—'),
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) =>
        r.hidden ? (
          <>
            <Badge tone="warning">Hidden</Badge>
            <br />
            <span className="muted">
              {r.hiddenBy ? `by @${r.hiddenBy} ` : ''}
              {formatDateTime(r.hiddenAt)}
            </span>
          </>
        ) : (
          <Badge tone="success">Visible</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <div className="row">
          {!r.hidden && (
            <Button
              size="sm"
              variant="danger"
              onClick={() => setPending({ kind: 'hide', review: r })}
              aria-label={`Hide the review by ${r.reviewer.displayName}`}
            >
              Hide
            </Button>
          )}
          {(r.hidden || r.openReports > 0) && <RestoreButton review={r} />}
          {r.reviewer.blocked ? (
            <UnblockButton review={r} />
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'block', review: r })} aria-label={`Block reviewer: ${r.reviewer.displayName}`}>
              Block reviewer
            </Button>
          )}
        </div>
      ),
    },
  ];

  const tabs = ADMIN_REVIEW_FILTERS.map((id) => ({
    id,
    label: FILTER_LABELS[id],
    content:
      id === filter ? (
        <QueryState query={query} what="Reviews" lines={5}>
          {(data) => (
            <>
              <Table
                caption={`Reviews: ${FILTER_LABELS[filter].toLowerCase()}`}
                columns={columns}
                rows={data.items}
                rowKey={(r) => r.id}
                empty={filter === 'reported' ? 'No reported reviews. Nothing to do.' : filter === 'hidden' ? 'No hidden reviews.' : 'No reviews yet.'}
              />
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(p) => go({ page: p })} />
            </>
          )}
        </QueryState>
      ) : null,
  }));

  return (
    <Page title="Reviews" description="Reported and hidden reviews: hide, restore, or block a reviewer from reviewing." wide>
      <Tabs label="Review queues" tabs={tabs} value={filter} onChange={(id) => go({ filter: id as AdminReviewFilter })} />
      {pending && <ConfirmDialog pending={pending} onClose={() => setPending(null)} />}
    </Page>
  );
}
