/** A chapter's sync badge (synced / waiting / offline) and the avatars of who has it open. */
import { useOnline } from '../../ui';
import type { ChapterConnection } from './collab-provider';

const LABELS = { synced: 'Synced', waiting: 'Waiting to sync', offline: 'Offline', refused: 'No access' } as const;

export function ChapterSyncBadge({ connection }: { connection: ChapterConnection }) {
  const online = useOnline();
  const status = !online && connection.status === 'synced' ? 'offline' : connection.status;
  return (
    <span role="status" className={`chapter-sync chapter-sync-${status}`} data-testid="chapter-sync">
      <span className="chapter-sync-dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  );
}

function initials(name: string): string {
  return name.slice(0, 2).toUpperCase();
}

export function PresenceAvatars({ connection }: { connection: ChapterConnection }) {
  const peers = connection.peers;
  if (peers.length === 0) return null;
  return (
    <ul className="presence" aria-label={`In this chapter: ${peers.map((p) => (p.self ? `${p.name} (you)` : p.name)).join(', ')}`} data-testid="presence">
      {peers.map((p) => (
        <li key={p.clientId} style={{ background: p.color }} title={p.self ? `${p.name} (you)` : p.name} data-name={p.name}>
          {initials(p.name)}
        </li>
      ))}
    </ul>
  );
}
