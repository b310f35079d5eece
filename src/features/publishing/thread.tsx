/**
 * A publication's history and feedback thread, oldest first: every command with who gave it and
 * any comment, and the messages between the author and the reviewers; then a box to write one.
 */
import { useState } from 'react';
import { COMMENT_MAX, type PublicationDetail, type PublicationEvent } from '../../../sync/api/publishing';
import { STATE_LABELS } from '../../../sync/publishing/state-machine';
import { fieldErrorsOf } from '../../lib/api';
import { Button, TextArea, formatDateTime } from '../../ui';
import { useComment } from './publishing-api';

const WHAT: Record<string, string> = {
  submit: 'submitted edition',
  start_review: 'started reviewing edition',
  request_changes: 'requested changes to edition',
  reject: 'rejected edition',
  approve: 'approved edition',
  unlist: 'unlisted edition',
  republish: 'listed again edition',
  comment: 'commented',
};

function what(e: PublicationEvent): string {
  const verb = WHAT[e.action] ?? e.action;
  return e.action === 'comment' || e.editionNumber === null ? verb : `${verb} ${e.editionNumber}`;
}

export function Thread({ detail, canComment }: { detail: Pick<PublicationDetail, 'id' | 'events'>; canComment: boolean }) {
  const [text, setText] = useState('');
  const send = useComment(detail.id);
  return (
    <section className="stack" aria-labelledby="thread-heading">
      <h2 id="thread-heading">History and feedback</h2>
      {detail.events.length === 0 ? (
        <p className="muted">Nothing yet: the thread with the reviewers starts when the book is submitted.</p>
      ) : (
        <ol className="publishing-thread">
          {detail.events.map((e) => (
            <li key={e.id} className={`publishing-event${e.comment ? ' publishing-event-comment' : ''}`}>
              <p className="publishing-event-head">
                <strong>{e.actorName}</strong> {what(e)}
                {e.fromState !== e.toState && <span className="muted"> · now {STATE_LABELS[e.toState].toLowerCase()}</span>}
                <span className="muted publishing-event-time"> · {formatDateTime(e.at)}</span>
              </p>
              {e.comment && <p className="publishing-event-text">{e.comment}</p>}
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <form
          className="stack"
          aria-label="Comment"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) send.mutate(text.trim(), { onSuccess: () => setText('') });
          }}
        >
          <TextArea
            label="Comment"
            rows={3}
            maxLength={COMMENT_MAX}
            value={text}
            error={fieldErrorsOf(send.error).comment}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button type="submit" variant="secondary" loading={send.isPending} disabled={!text.trim()}>
              Send comment
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
