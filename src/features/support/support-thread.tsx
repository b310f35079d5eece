/**
 * One support conversation in the inbox: the messages (the person's on the left, the team's on
 * the right with the staff member who wrote each), the reply box — "Send" leaves it waiting for
 * the person, "Send and close" closes it — and its status and assignee.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  getSupportConversation,
  replyToSupport,
  updateSupportConversation,
  type SupportConversation,
  type SupportUpdateInput,
} from '../../../sync/api/admin-support';
import { MESSAGE_BODY_MAX } from '../../../sync/collections/messages';
import { SUPPORT_STATUSES } from '../../../sync/support/support';
import { call, fieldErrorsOf } from '../../lib/api';
import { Badge, Button, SelectField, TextArea, formatDateTime, QueryState } from '../../ui';
import { adminKey, useAdminAction } from '../admin/admin-api';
import { STATUS_LABELS, STATUS_TONES } from './support-status';

type Staff = { id: string; displayName: string };

function Messages({ conversation }: { conversation: SupportConversation }) {
  return (
    <ol className="support-messages" aria-label={`Messages with ${conversation.person.displayName}`}>
      {conversation.messages.map((m) => (
        <li key={m.id} className={`support-message${m.fromStaff ? ' support-message-team' : ''}`}>
          <span className="support-message-who">
            {m.fromStaff ? `Quire support · ${m.staff?.displayName ?? 'former staff'}` : conversation.person.displayName}
          </span>
          <p className="support-message-body">{m.body}</p>
          <time dateTime={new Date(m.sentAt).toISOString()}>{formatDateTime(m.sentAt)}</time>
        </li>
      ))}
    </ol>
  );
}

function ReplyForm({ userId }: { userId: string }) {
  const [body, setBody] = useState('');
  const reply = useAdminAction(
    (vars: { close: boolean }) => call(replyToSupport, { params: { userId }, body: { body, close: vars.close } }),
    (vars) => (vars.close ? 'Reply sent; conversation closed.' : 'Reply sent.'),
  );
  const errors = fieldErrorsOf(reply.error);
  function send(close: boolean) {
    reply.mutate({ close }, { onSuccess: () => setBody('') });
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    send(false);
  }
  return (
    <form className="support-reply" onSubmit={submit} aria-busy={reply.isPending}>
      <TextArea
        label="Reply as Quire support"
        hint="The person sees the team as the sender; the inbox records that you wrote it."
        rows={4}
        maxLength={MESSAGE_BODY_MAX}
        value={body}
        error={errors.body}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className="row">
        <Button type="submit" loading={reply.isPending && !reply.variables?.close} disabled={reply.isPending}>
          Send
        </Button>
        <Button variant="secondary" loading={reply.isPending && reply.variables?.close} disabled={reply.isPending} onClick={() => send(true)}>
          Send and close
        </Button>
      </div>
    </form>
  );
}

function Settings({ conversation, staff }: { conversation: SupportConversation; staff: Staff[] }) {
  const update = useAdminAction(
    (body: SupportUpdateInput) => call(updateSupportConversation, { params: { userId: conversation.userId }, body }),
    'Conversation updated.',
  );
  const errors = fieldErrorsOf(update.error);
  return (
    <div className="support-settings">
      <SelectField
        label="Status"
        value={conversation.status}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ status: e.target.value as SupportConversation['status'] })}
      >
        {SUPPORT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Assignee"
        value={conversation.assignee?.id ?? ''}
        error={errors.assigneeId}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ assigneeId: e.target.value || null })}
      >
        <option value="">Nobody</option>
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.displayName}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

export function SupportThread({ userId, staff, backTo }: { userId: string; staff: Staff[]; backTo: string }) {
  const query = useQuery({
    queryKey: adminKey('support', 'conversation', userId),
    queryFn: ({ signal }) => call(getSupportConversation, { params: { userId }, signal }),
  });
  return (
    <QueryState query={query} what="The conversation" lines={6}>
      {(conversation) => (
        <article className="support-thread" aria-labelledby="support-thread-title">
          <header className="support-thread-header">
            <Link to={backTo} className="support-back">
              ‹ Conversations
            </Link>
            <h2 id="support-thread-title">{conversation.person.displayName}</h2>
            <span className="muted">@{conversation.person.username}</span>
            <Badge tone={STATUS_TONES[conversation.status]}>{STATUS_LABELS[conversation.status]}</Badge>
          </header>
          <Settings conversation={conversation} staff={staff} />
          <Messages conversation={conversation} />
          <ReplyForm userId={userId} />
        </article>
      )}
    </QueryState>
  );
}
