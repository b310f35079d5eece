/**
 * The comments sidebar of an open chapter: open threads with their quote, author, time and
 * replies; a reply box; resolve and reopen; resolved threads behind "Show resolved"; a new thread
 * on the selected words. Viewers read only. Everything writes to the local database, so it works
 * offline and syncs later.
 */
import { useState, type FormEvent } from 'react';
import { MAX_COMMENT_CHARS, type ManuscriptComment } from '../../../sync/collections/manuscript-comments';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { Badge, Button, Checkbox, formatDateTime, formatRelative, Skeleton, TextArea, useOnline, useToast } from '../../ui';
import { mayRemove, type Thread } from './comments-model';
import type { useCommentCommands } from './use-comments';

type Commands = ReturnType<typeof useCommentCommands>;

interface Props {
  manuscript: Manuscript;
  userId: string;
  role: string;
  canComment: boolean;
  threads: Thread[];
  loading: boolean;
  /** Ids of the threads whose words are still in the text; the rest are detached. */
  located: Set<string> | null;
  selection: TextQuote | null;
  draft: TextQuote | null;
  onDraft(quote: TextQuote | null): void;
  activeId: string | null;
  onActivate(id: string | null): void;
  commands: Commands;
  chapterId: string;
}

function nameOf(m: Manuscript, userId: string): string {
  if (userId === m.ownerId) return m.ownerName;
  return m.members.find((x) => x.userId === userId)?.username ?? 'a former co-author';
}

function When({ ms }: { ms: number }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={formatDateTime(ms)}>
      {formatRelative(ms)}
    </time>
  );
}

function Quote({ quote, detached }: { quote: TextQuote; detached: boolean }) {
  return (
    <div className="comment-quote-wrap">
      <blockquote className="comment-quote">{quote.exact}</blockquote>
      {detached && (
        <p className="comment-detached">
          <Badge tone="warning">Detached</Badge> The commented words were changed or deleted.
        </p>
      )}
    </div>
  );
}

function CommentItem({
  comment,
  isRoot,
  canRemove,
  canEdit,
  onRemove,
  onEdit,
}: {
  comment: ManuscriptComment;
  isRoot: boolean;
  canRemove: boolean;
  canEdit: boolean;
  onRemove(): void;
  onEdit(body: string): Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const what = isRoot ? 'thread' : 'reply';

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    if (!editing?.trim()) return setError('A comment needs some text. Delete it instead?');
    await onEdit(editing);
    setEditing(null);
    setError(undefined);
  }

  return (
    <li className="comment">
      <div className="comment-byline">
        <strong>@{comment.authorName}</strong> <When ms={comment.createdAt} />
        {comment.editedAt > 0 && <span title={`Edited ${formatDateTime(comment.editedAt)}`}>(edited)</span>}
      </div>
      {editing === null ? (
        <p className="comment-body">{comment.body}</p>
      ) : (
        <form className="comment-reply" onSubmit={(e) => void handleSave(e)}>
          <TextArea
            label="Edit comment"
            rows={3}
            maxLength={MAX_COMMENT_CHARS}
            autoFocus
            value={editing}
            error={error}
            onChange={(e) => setEditing(e.target.value)}
          />
          <div className="comment-new-buttons">
            <Button type="submit" size="sm">
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {confirming ? (
        <div className="comment-confirm" role="group" aria-label={`Delete this ${what}?`}>
          <span>Delete this {what}?</span>
          <Button size="sm" variant="danger" onClick={onRemove}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        editing === null &&
        (canEdit || canRemove) && (
          <div className="comment-tools">
            {canEdit && (
              <Button size="sm" variant="ghost" aria-label={`Edit ${what} by ${comment.authorName}`} onClick={() => setEditing(comment.body)}>
                Edit
              </Button>
            )}
            {canRemove && (
              <Button size="sm" variant="ghost" aria-label={`Delete ${what} by ${comment.authorName}`} onClick={() => setConfirming(true)}>
                Delete
              </Button>
            )}
          </div>
        )
      )}
    </li>
  );
}

function ThreadCard({ thread, props }: { thread: Thread; props: Props }) {
  const { manuscript, userId, role, canComment, located, activeId, onActivate, commands } = props;
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | undefined>();
  const toast = useToast();
  const { root } = thread;
  const active = activeId === root.id;

  async function handleReply(event: FormEvent) {
    event.preventDefault();
    if (!reply.trim()) return setError('Write a reply first.');
    setError(undefined);
    await commands.reply(root, reply);
    setReply('');
  }

  async function handleStatus() {
    await commands.setResolved(root.id, !root.resolved);
    if (!root.resolved) {
      toast('Thread resolved.');
      onActivate(null);
    }
  }

  return (
    <li>
      <article
        id={`thread-${root.id}`}
        className={`comment-thread${active ? ' comment-thread-active' : ''}${root.resolved ? ' comment-thread-resolved' : ''}`}
        aria-label={`Comment thread by ${root.authorName} on “${root.anchor?.exact.slice(0, 60) ?? ''}”`}
        tabIndex={-1}
        onFocus={() => onActivate(root.id)}
        onClick={() => onActivate(root.id)}
        data-testid="comment-thread"
      >
        {root.anchor && <Quote quote={root.anchor} detached={located !== null && !located.has(root.id)} />}
        {root.resolved && (
          <p className="comment-status">
            <Badge tone="success">Resolved</Badge> by @{nameOf(manuscript, root.statusChangedBy)} <When ms={root.statusChangedAt} />
          </p>
        )}
        <ol className="comment-list">
          {[root, ...thread.replies].map((c) => (
            <CommentItem
              key={c.id}
              comment={c}
              isRoot={c === root}
              canEdit={canComment && c.authorId === userId}
              canRemove={mayRemove(c, userId, role)}
              onEdit={(body) => commands.edit(c.id, body)}
              onRemove={() => void commands.remove(c.id)}
            />
          ))}
        </ol>
        {canComment && (
          <div className="comment-actions">
            {!root.resolved && (
              <form className="comment-reply" onSubmit={(e) => void handleReply(e)}>
                <TextArea label="Reply" rows={2} maxLength={MAX_COMMENT_CHARS} value={reply} error={error} onChange={(e) => setReply(e.target.value)} />
                <Button type="submit" size="sm" variant="secondary">
                  Reply
                </Button>
              </form>
            )}
            <Button size="sm" variant="ghost" onClick={() => void handleStatus()}>
              {root.resolved ? 'Reopen' : 'Resolve'}
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

function NewThread({ props }: { props: Props }) {
  const { selection, draft, onDraft, commands, chapterId, onActivate } = props;
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    if (!body.trim()) return setError('Write a comment first.');
    setSaving(true);
    try {
      const id = await commands.startThread(chapterId, draft, body);
      setBody('');
      setError(undefined);
      onDraft(null);
      onActivate(id);
    } finally {
      setSaving(false);
    }
  }

  if (!draft) {
    return (
      <div className="comment-new">
        <Button size="sm" disabled={!selection} onClick={() => onDraft(selection)} aria-keyshortcuts="Control+Alt+M">
          Comment
        </Button>
        <p className="comment-hint">{selection ? 'Comment on the selected words (Ctrl+Alt+M).' : 'Select words in the chapter to comment on them.'}</p>
      </div>
    );
  }
  return (
    <form className="comment-new comment-new-open" onSubmit={(e) => void handleSubmit(e)}>
      <blockquote className="comment-quote">{draft.exact}</blockquote>
      <TextArea label="Comment" rows={3} maxLength={MAX_COMMENT_CHARS} autoFocus value={body} error={error} onChange={(e) => setBody(e.target.value)} />
      <div className="comment-new-buttons">
        <Button type="submit" size="sm" loading={saving}>
          Add comment
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDraft(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function CommentsPanel(props: Props) {
  const { threads, loading, canComment } = props;
  const online = useOnline();
  const [showResolved, setShowResolved] = useState(false);
  const open = threads.filter((t) => !t.root.resolved);
  const resolved = threads.length - open.length;
  const shown = showResolved ? threads : open;

  return (
    <aside className="card comments-panel" aria-labelledby="comments-title">
      <div className="comments-head">
        <h3 id="comments-title" className="card-title">
          Comments <span className="comments-count">({open.length} open)</span>
        </h3>
        {resolved > 0 && <Checkbox label={`Show resolved (${resolved})`} checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} />}
      </div>
      {!online && (
        <p className="comment-hint" role="status">
          Offline: comments are kept on this device and sync when you reconnect.
        </p>
      )}
      {canComment ? <NewThread props={props} /> : <p className="comment-hint">You can read comments; only the owner, editors and commenters write them.</p>}
      {loading ? (
        <Skeleton lines={3} label="Loading comments…" />
      ) : shown.length === 0 ? (
        <p className="comments-empty">{threads.length === 0 ? 'No comments on this chapter yet.' : 'Every thread here is resolved.'}</p>
      ) : (
        <ol className="comment-threads">
          {shown.map((t) => (
            <ThreadCard key={t.root.id} thread={t} props={props} />
          ))}
        </ol>
      )}
    </aside>
  );
}
