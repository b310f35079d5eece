/**
 * /messages and /messages/:conversationId — a two-column messenger: conversations on the left,
 * the open thread on the right (one column on narrow screens). Works offline from the device's
 * copy; only "New message" (a username lookup) needs the network.
 */
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { conversationIdOf } from '../../../sync/collections/messages';
import { SUPPORT_ID, SUPPORT_NAME } from '../../../sync/support/support';
import { useSession } from '../../lib/session';
import { Button, EmptyState, Skeleton, usePageTitle } from '../../ui';
import { ConversationList } from './conversation-list';
import './messages.css';
import { NewMessageForm } from './new-message-form';
import { ThreadView } from './thread-view';
import { useConversations, type Person } from './use-messages';

/** The other person of a conversation: from its messages, the support team, else from "New message" (router state). */
function otherPerson(conversationId: string, me: string, known: Person | undefined, fromState: unknown): Person | null {
  if (known) return known;
  const ids = conversationId.split('~');
  if (ids.length !== 2 || !ids.includes(me)) return null;
  if (ids.includes(SUPPORT_ID)) return { id: SUPPORT_ID, name: SUPPORT_NAME };
  const person = (fromState as { person?: Person } | null)?.person;
  const otherId = ids[0] === me ? ids[1]! : ids[0]!;
  return person?.id === otherId ? person : null;
}

export function MessagesPage() {
  usePageTitle('Messages');
  const { user } = useSession();
  const { conversationId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [composing, setComposing] = useState(false);
  const me = user!;
  const { conversations, loading } = useConversations(me.id);
  const open = conversationId ? conversations.find((c) => c.id === conversationId) : undefined;
  const other = conversationId ? otherPerson(conversationId, me.id, open && { id: open.otherId, name: open.otherName }, location.state) : null;

  let main;
  if (!conversationId) main = <EmptyState title="Your messages">Pick a conversation, or start a new one.</EmptyState>;
  else if (other) main = <ThreadView key={conversationId} conversationId={conversationId} me={{ id: me.id, name: me.displayName }} other={other} />;
  else if (loading) main = <Skeleton lines={4} label="Loading conversation…" />;
  else main = <EmptyState title="Conversation not found">It may not have synced to this device yet.</EmptyState>;

  return (
    <div className={`messenger${conversationId ? ' messenger-thread-open' : ''}`}>
      <aside className="messenger-sidebar" aria-labelledby="messages-title">
        <div className="messenger-sidebar-header">
          <h1 id="messages-title">Messages</h1>
          <div className="messenger-sidebar-actions">
            <Button size="sm" variant="secondary" onClick={() => void navigate(`/messages/${encodeURIComponent(conversationIdOf(me.id, SUPPORT_ID))}`)}>
              Contact support
            </Button>
            <Button size="sm" onClick={() => setComposing((v) => !v)} aria-expanded={composing}>
              New message
            </Button>
          </div>
        </div>
        {composing && <NewMessageForm me={me.id} onDone={() => setComposing(false)} />}
        {loading ? <Skeleton lines={3} label="Loading conversations…" /> : <ConversationList conversations={conversations} me={me.id} />}
      </aside>
      <div className="messenger-main">{main}</div>
    </div>
  );
}
