/**
 * One conversation: the messages as bubbles (mine on the right), "Pending" on those the server
 * has not acknowledged, and the composer. Opening the thread marks what I received as read.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGE_BODY_MAX, type Message } from '../../../sync/collections/messages';
import { SUPPORT_ID } from '../../../sync/support/support';
import { Button, EmptyState, formatDateTime } from '../../ui';
import { useMarkThreadRead, usePendingMessageIds, useSendMessage, useThread, type Person } from './use-messages';

/** A messenger's stamp: the time today, the date and time before. */
function shortTime(at: number): string {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return today ? date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : formatDateTime(at);
}

function Bubble({ message, mine, pending }: { message: Message; mine: boolean; pending: boolean }) {
  return (
    <li className={`bubble-row${mine ? ' bubble-row-mine' : ''}`}>
      <div className={`bubble${mine ? ' bubble-mine' : ''}`}>
        <span className="visually-hidden">{mine ? 'You: ' : `${message.senderName}: `}</span>
        <p className="bubble-body">{message.body}</p>
        <span className="bubble-meta">
          <time dateTime={new Date(message.sentAt).toISOString()} title={formatDateTime(message.sentAt)}>
            {shortTime(message.sentAt)}
          </time>
          {mine &&
            (pending ? (
              <span className="bubble-status bubble-pending">Pending</span>
            ) : (
              <span className="bubble-status">{message.readAt ? 'Read' : 'Sent'}</span>
            ))}
        </span>
      </div>
    </li>
  );
}

function Composer({ onSend }: { onSend: (body: string) => Promise<void> }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const text = body.trim();
    if (!text) return;
    try {
      await onSend(text);
      setBody('');
      setError(null);
    } catch {
      setError('The message could not be saved on this device.');
    }
  }

  // Enter sends, Shift+Enter is a new line — what people expect of a messenger.
  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="composer-body" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-body"
        className="composer-input"
        rows={1}
        maxLength={MESSAGE_BODY_MAX}
        placeholder="Write a message…"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" disabled={!body.trim()}>
        Send
      </Button>
      {error && (
        <p className="composer-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function ThreadView({ conversationId, me, other }: { conversationId: string; me: Person; other: Person }) {
  const { messages } = useThread(conversationId);
  const pending = usePendingMessageIds();
  const send = useSendMessage(me);
  const markRead = useMarkThreadRead(me.id);
  const endRef = useRef<HTMLDivElement>(null);
  const unreadCount = messages.filter((m) => m.recipientId === me.id && m.readAt === null).length;

  useEffect(() => {
    if (unreadCount > 0) void markRead(conversationId);
  }, [conversationId, unreadCount, markRead]);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  return (
    <section className="thread" aria-labelledby="thread-title">
      <header className="thread-header">
        <Link to="/messages" className="thread-back">
          ‹ Conversations
        </Link>
        <span className="avatar" aria-hidden="true">
          {other.name.slice(0, 1).toUpperCase()}
        </span>
        <div>
          <h2 id="thread-title">{other.name}</h2>
          {other.id === SUPPORT_ID && <p className="thread-team">The Quire team answers here, usually within a day.</p>}
        </div>
      </header>
      <div className="thread-scroll">
        {messages.length === 0 ? (
          <EmptyState title="No messages yet">
            {other.id === SUPPORT_ID ? 'Tell the team what you need: a question, a problem, an idea.' : `Say hello to ${other.name}.`}
          </EmptyState>
        ) : (
          <ol className="thread-messages" aria-label={`Messages with ${other.name}`}>
            {messages.map((m) => (
              <Bubble key={m.id} message={m} mine={m.senderId === me.id} pending={m.senderId === me.id && pending.has(m.id)} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <Composer onSend={(body) => send(other, body)} />
    </section>
  );
}
