/**
 * `/dev/mail`: the mail outbox, for development builds and admins. With no SMTP_URL every
 * e-mail Quire sends lands here, so sign-up, verification and reset links can be followed.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { listMailOutbox, type OutboxMessage } from '../../../sync/api/dev';
import { call } from '../../lib/api';
import { Badge, Button, EmptyState, Page, QueryState, TextField, formatDateTime } from '../../ui';
import { splitLinks } from './linkify';
import './dev.css';

const STATUS_TONE = { queued: 'warning', sent: 'success', stored: 'accent', failed: 'danger' } as const;

function LinkifiedText({ text }: { text: string }) {
  return (
    <pre className="mail-body">
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} rel="noopener noreferrer">
            {part.href}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </pre>
  );
}

/**
 * The HTML part as a mail client would show it: in a frame with no scripts, no same-origin access
 * and no navigation of this page (sandbox); links open in a new tab.
 */
function HtmlPart({ html, subject }: { html: string; subject: string }) {
  const srcDoc = html.replace(/<head>/i, '<head><base target="_blank">');
  return <iframe className="mail-html" title={`HTML part of “${subject}”`} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={srcDoc} />;
}

function MessageView({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  return (
    <article className="mail-message card" aria-labelledby="mail-subject">
      <header className="mail-message-header">
        <h2 id="mail-subject">{message.subject}</h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </header>
      <dl className="mail-meta">
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={STATUS_TONE[message.status]}>{message.status}</Badge>
          {message.error && <span className="mail-error"> {message.error}</span>}
        </dd>
      </dl>
      {message.html && (
        <>
          <h3 className="mail-part-title">HTML</h3>
          <HtmlPart html={message.html} subject={message.subject} />
          <h3 className="mail-part-title">Plain text</h3>
        </>
      )}
      <LinkifiedText text={message.text} />
    </article>
  );
}

function MessageList({
  messages,
  selected,
  onSelect,
  filtered,
}: {
  messages: OutboxMessage[];
  selected: string | null;
  onSelect: (id: string) => void;
  filtered: boolean;
}) {
  if (messages.length === 0) {
    return <EmptyState title="No mail">{filtered ? 'Nothing has been sent to a matching address.' : 'Quire has not sent any e-mail yet.'}</EmptyState>;
  }
  return (
    <ul className="mail-list" aria-label="Messages, newest first">
      {messages.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className={`mail-row${m.id === selected ? ' mail-row-selected' : ''}`}
            aria-current={m.id === selected || undefined}
            onClick={() => onSelect(m.id)}
          >
            <span className="mail-row-subject">{m.subject}</span>
            <span className="mail-row-to">{m.to}</span>
            <span className="mail-row-meta">
              <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge> <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function MailOutboxPage() {
  const [to, setTo] = useState('');
  const filter = useDeferredValue(to.trim());
  const [selected, setSelected] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['dev', 'mail', filter],
    queryFn: () => call(listMailOutbox, { query: { to: filter } }),
    refetchInterval: 5_000,
    placeholderData: (previous) => previous,
  });
  return (
    <Page title="Mail outbox" description="Every e-mail Quire has sent while no SMTP server is set, newest first." wide>
      <div className="mail-toolbar">
        <TextField label="Recipient" type="search" placeholder="Filter by address" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <QueryState query={query} what="The outbox">
        {(data) => {
          const message = data.messages.find((m) => m.id === selected);
          return (
            <div className={`mail-layout${message ? ' mail-layout-open' : ''}`}>
              <MessageList messages={data.messages} selected={selected} onSelect={setSelected} filtered={filter !== ''} />
              {message && <MessageView message={message} onClose={() => setSelected(null)} />}
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}
