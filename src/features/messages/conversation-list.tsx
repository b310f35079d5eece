/** The conversations column: the other person, the last message and an unread count. */
import { NavLink } from 'react-router';
import { formatRelative } from '../../ui';
import type { Conversation } from './use-messages';

export function ConversationList({ conversations, me }: { conversations: Conversation[]; me: string }) {
  if (conversations.length === 0) return <p className="conversation-empty">No conversations yet.</p>;
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {conversations.map((c) => {
        const preview = `${c.last.senderId === me ? 'You: ' : ''}${c.last.body}`;
        return (
          <li key={c.id}>
            <NavLink
              to={`/messages/${encodeURIComponent(c.id)}`}
              className={({ isActive }) => `conversation${isActive ? ' conversation-active' : ''}${c.unread ? ' conversation-unread' : ''}`}
            >
              <span className="avatar" aria-hidden="true">
                {c.otherName.slice(0, 1).toUpperCase()}
              </span>
              <span className="conversation-text">
                <span className="conversation-top">
                  <span className="conversation-name">{c.otherName}</span>
                  <time className="conversation-time" dateTime={new Date(c.last.sentAt).toISOString()}>
                    {formatRelative(c.last.sentAt)}
                  </time>
                </span>
                <span className="conversation-preview">{preview}</span>
              </span>
              {c.unread > 0 && (
                <span className="conversation-count">
                  {c.unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
