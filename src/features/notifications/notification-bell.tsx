/**
 * The header bell for signed-in accounts: unread count in its accessible name and a badge, and
 * a panel with the latest notices. A disclosure (button + region), not a menu: the panel holds
 * links and buttons that keep their usual keyboard behaviour.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationDoc } from '../../../sync/collections/notifications';
import { useSession } from '../../lib/session';
import { Button, formatRelative, Skeleton } from '../../ui';
import './notifications.css';
import { CoAuthorInvitations } from './co-author-invitations';
import { ImprintInvitations } from './imprint-invitations';
import { usePriceDropRefresh } from './use-price-drop-refresh';
import { useMarkRead, useNotifications } from './use-notifications';

function Entry({ notice, onOpen }: { notice: NotificationDoc; onOpen: () => void }) {
  const unread = notice.readAt === null;
  const content = (
    <>
      <span className="notice-item-title">
        {unread && <span className="visually-hidden">Unread: </span>}
        {notice.title}
      </span>
      {notice.body && <span className="notice-item-body">{notice.body}</span>}
      <time className="notice-item-time" dateTime={new Date(notice.createdAt).toISOString()}>
        {formatRelative(notice.createdAt)}
      </time>
    </>
  );
  return (
    <li className={`notice-item${unread ? ' notice-item-unread' : ''}`}>
      {notice.link?.startsWith('/') ? (
        <Link to={notice.link} onClick={onOpen}>
          {content}
        </Link>
      ) : (
        <div>{content}</div>
      )}
    </li>
  );
}

function Panel({ id, labelId, onClose }: { id: string; labelId: string; onClose: () => void }) {
  const data = useNotifications();
  const markRead = useMarkRead();
  let body;
  if (!data.loading) {
    body =
      data.notifications.length === 0 ? (
        <p className="notice-panel-empty">You're all caught up.</p>
      ) : (
        <ul className="notice-list">
          {data.notifications.map((n) => (
            <Entry
              key={n.id}
              notice={n}
              onOpen={() => {
                if (n.readAt === null) markRead(n.id);
                if (n.link) onClose();
              }}
            />
          ))}
        </ul>
      );
  } else body = <Skeleton lines={3} label="Loading notifications…" />;

  return (
    <div id={id} className="notice-panel" role="region" aria-labelledby={labelId}>
      <div className="notice-panel-header">
        <h2 id={labelId}>Notifications</h2>
        {data.unreadCount > 0 && (
          <Button size="sm" variant="ghost" onClick={() => markRead('all')}>
            Mark all as read
          </Button>
        )}
      </div>
      <CoAuthorInvitations />
      <ImprintInvitations />
      {body}
    </div>
  );
}

export function NotificationBell() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const { unreadCount: unread, notifications } = useNotifications();
  usePriceDropRefresh(notifications);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const labelId = useId();

  useEffect(() => {
    if (!open) return;
    const handleDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const handleKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', handleDown);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('mousedown', handleDown);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  if (!user) return null;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="notice-bell" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button notice-bell-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="notice-bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <Panel id={panelId} labelId={labelId} onClose={() => setOpen(false)} />}
    </div>
  );
}
