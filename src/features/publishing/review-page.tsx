/**
 * /admin/store/review/{id}: one submission for a reviewer — the details as submitted, the edition
 * in the reader, the automatic checks (a failed blocking check or one still running holds
 * approval, and the page says why), approve / request changes / reject with a comment
 * (the author reads it), and the history with the feedback thread.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicationDetail } from '../../../sync/api/publishing';
import { AGE_RATINGS } from '../../../sync/publishing/age-ratings';
import { PUBLISHING_LANGUAGES } from '../../../sync/publishing/metadata';
import { TRANSITIONS, type PublishingAction } from '../../../sync/publishing/state-machine';
import { genreName } from '../../../sync/store/genres';
import { fieldErrorsOf } from '../../lib/api';
import { Button, Card, Notice, Page, QueryState, TextArea, usePageTitle } from '../../ui';
import { formatPrice } from '../store/format-price';
import { EditionChecks } from './edition-checks';
import { useCommand, usePublication } from './publishing-api';
import { StateBadge, waitedFor } from './state-badge';
import { Thread } from './thread';
import './publishing.css';

const LABELS: Partial<Record<PublishingAction, string>> = {
  start_review: 'Start review',
  approve: 'Approve and publish',
  request_changes: 'Request changes',
  reject: 'Reject',
  unlist: 'Unlist',
  republish: 'List again',
};
const ORDER: PublishingAction[] = ['approve', 'request_changes', 'reject', 'start_review', 'unlist', 'republish'];

/** The details as submitted with the edition under review (the author may have saved newer ones since). */
function Details({ detail }: { detail: PublicationDetail }) {
  const m = detail.submittedMetadata ?? detail.metadata;
  if (!m) return <Notice>The author has not saved the book's details yet.</Notice>;
  const rows: [string, string][] = [
    ['Title', m.title],
    ['Subtitle', m.subtitle || '—'],
    ['Genres', m.genres.map(genreName).join(', ')],
    ['Keywords', m.keywords.join(', ') || '—'],
    ['Language', (PUBLISHING_LANGUAGES as Record<string, string>)[m.language] ?? m.language],
    ['Price', m.priceCents === 0 ? 'Free' : formatPrice(m.priceCents, m.currency)],
    ['Age rating', (AGE_RATINGS as Record<string, string>)[m.ageRating] ?? m.ageRating],
    ['Series', m.series ? `${m.series}${m.seriesNumber ? ` #${m.seriesNumber}` : ''}` : '—'],
    ['ISBN', m.isbn || '—'],
  ];
  return (
    <Card title={detail.submittedMetadata ? `Details of edition ${detail.pendingEdition?.number}` : 'Details'}>
      <dl className="publishing-details">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="publishing-subheading">Description</h3>
      <p className="publishing-description">{m.description}</p>
    </Card>
  );
}

function Decision({ detail }: { detail: PublicationDetail }) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState<string>();
  const command = useCommand(detail.id);
  const actions = ORDER.filter((a) => detail.actions.includes(a) && a !== 'submit');
  const blocker = detail.approvalBlocker;
  if (actions.length === 0) return null;
  const run = (action: PublishingAction) => {
    if (TRANSITIONS[action].needsComment && !comment.trim()) return setMissing('Tell the author why.');
    setMissing(undefined);
    command.mutate({ action, comment }, { onSuccess: () => setComment('') });
  };
  return (
    <Card title="Decision">
      <div className="stack">
        <TextArea
          label="Comment for the author"
          rows={3}
          value={comment}
          error={missing ?? fieldErrorsOf(command.error).comment}
          onChange={(e) => setComment(e.target.value)}
          hint="Required to request changes or reject; the author is told with it."
        />
        {blocker && actions.includes('approve') && (
          <div id="approval-blocker">
            <Notice tone={detail.checks.some((c) => c.status === 'pending') ? 'info' : 'warning'}>{blocker}</Notice>
          </div>
        )}
        <div className="publishing-actions">
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'approve' ? 'primary' : a === 'reject' ? 'danger' : 'secondary'}
              loading={command.isPending && command.variables?.action === a}
              disabled={a === 'approve' && blocker !== null}
              aria-describedby={a === 'approve' && blocker ? 'approval-blocker' : undefined}
              onClick={() => run(a)}
            >
              {LABELS[a]}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

const version = (url: string | null | undefined) => url?.slice(url.indexOf('?v=')) ?? null;

/** The submitted edition's cover, beside the one in the store when an update changes it. */
function EditionCovers({ detail }: { detail: PublicationDetail }) {
  const pending = detail.pendingEdition;
  const live = detail.liveEdition;
  const covers = [
    pending?.coverUrl ? { url: pending.coverUrl, label: `Edition ${pending.number}` } : null,
    // The URL's ?v= is the image's hash: the same cover in both editions is shown once.
    live?.coverUrl && live.id !== pending?.id && version(live.coverUrl) !== version(pending?.coverUrl)
      ? { url: live.coverUrl, label: `In the store (edition ${live.number})` }
      : null,
  ].filter((c) => c !== null);
  if (covers.length === 0) return null;
  return (
    <div className="review-covers" data-testid="review-covers">
      {covers.map((c) => (
        <figure key={c.url}>
          <img src={c.url} alt={`Cover: ${c.label}`} width={96} height={154} />
          <figcaption className="field-hint">{c.label}</figcaption>
        </figure>
      ))}
    </div>
  );
}

function Review({ detail }: { detail: PublicationDetail }) {
  usePageTitle(`Review: ${detail.title}`);
  const pending = detail.pendingEdition;
  const waiting = detail.state === 'submitted' || detail.state === 'in_review';
  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <p className="muted">
            <Link to="/admin/store/review">Review queue</Link>
          </p>
          <h1>{detail.title}</h1>
          <p className="publishing-badges">
            <StateBadge state={detail.state} />
            <span className="muted">by {detail.ownerName}</span>
            {waiting && <span className="muted">· waiting {waitedFor(detail.submittedAt)}</span>}
            {detail.listed && <span className="muted">· edition {detail.liveEdition?.number} is in the store</span>}
          </p>
        </div>
      </header>
      <div className="publishing-columns">
        <div className="stack">
          <Details detail={detail} />
          <Thread detail={detail} canComment={detail.events.length > 0 && detail.state !== 'rejected'} />
        </div>
        <aside className="stack">
          <Decision detail={detail} />
          <EditionChecks checks={detail.checks} />
          <Card title="Content">
            <EditionCovers detail={detail} />
            <ul className="publishing-links">
              {pending && (
                <li>
                  <Link to={`/books/edition/${encodeURIComponent(pending.id)}`}>Read edition {pending.number} in the reader</Link>
                </li>
              )}
              {detail.liveEdition && detail.liveEdition.id !== pending?.id && (
                <li>
                  <Link to={`/books/edition/${encodeURIComponent(detail.liveEdition.id)}`}>Edition {detail.liveEdition.number}, in the store now</Link>
                </li>
              )}
              {detail.listed && detail.bookId && (
                <li>
                  <Link to={`/book/${encodeURIComponent(detail.bookId)}`}>Store page</Link>
                </li>
              )}
            </ul>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export function ReviewPage() {
  const { manuscriptId = '' } = useParams();
  const query = usePublication(manuscriptId);
  if (query.data)
    return (
      <div className="page page-wide">
        <Review detail={query.data} />
      </div>
    );
  return (
    <Page title="Review" wide>
      <QueryState query={query} what="this submission">
        {() => null}
      </QueryState>
    </Page>
  );
}
