/**
 * The header's sync badge: synced, syncing, offline, N changes waiting, or an error with a way
 * out (retry, sign in again, update Quire). The changes waiting are database writes and chapters
 * whose edits the server has not acknowledged yet (kept across reloads). role=status so screen
 * readers hear changes without losing their place; the action sits outside the live region so it
 * is not re-announced.
 */
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { useSyncState } from '../../db/use-database';
import { useOnline } from '../../ui';
import { useUnsyncedChapters } from './use-unsynced-chapters';
import './sync-badge.css';

function changes(n: number) {
  return `${n} change${n === 1 ? '' : 's'} waiting`;
}

export function SyncBadge() {
  const sync = useSyncState();
  const online = useOnline();
  const { user } = useSession();
  const chapters = useUnsyncedChapters(user?.id ?? null);
  const pending = sync.pending + chapters;
  const database = sync.status === 'synced' && chapters > 0 ? 'syncing' : sync.status;
  const status = !online && (database === 'synced' || database === 'syncing') ? 'offline' : database;
  const label = {
    synced: 'Synced',
    syncing: pending > 0 ? changes(pending) : 'Syncing…',
    offline: pending > 0 ? `Offline · ${changes(pending)}` : 'Offline',
    error: pending > 0 ? `Sync failed · ${changes(pending)}` : 'Sync failed',
    'signed-out': 'Signed out · changes kept on this device',
    outdated: 'Quire is out of date',
  }[status];
  return (
    <div className={`sync-badge sync-badge-${status}`}>
      <span role="status" className="sync-badge-label" title={sync.message ?? undefined}>
        <span className="sync-badge-dot" aria-hidden="true" />
        {label}
      </span>
      {status === 'error' && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={sync.retry}>
          Retry
        </button>
      )}
      {status === 'signed-out' && (
        <Link className="btn btn-ghost btn-sm" to="/auth">
          Sign in again
        </Link>
      )}
      {status === 'outdated' && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.location.reload()}>
          Update Quire
        </button>
      )}
    </div>
  );
}
