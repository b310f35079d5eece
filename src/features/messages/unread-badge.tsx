/**
 * The count beside "Messages" in the main nav: unread messages addressed to me, live. Part of
 * the app shell, so it reads the collection directly (type imports only from sync/ — the
 * messages hooks pull zod, which stays out of the first load).
 */
import { useSession } from '../../lib/session';
import { useLiveDocs } from '../../db/use-live-docs';
import './unread-badge.css';

export function UnreadMessagesBadge() {
  const { user } = useSession();
  const { docs } = useLiveDocs('messages', { selector: { recipientId: user?.id ?? '', readAt: null } });
  const unread = user ? docs.length : 0;
  if (unread === 0) return null;
  return (
    <span className="nav-count">
      {unread > 99 ? '99+' : unread}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
