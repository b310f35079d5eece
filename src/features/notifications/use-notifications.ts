/**
 * The header bell's data, read from the replicated `notifications` collection: live (the sync
 * stream wakes the device when the server writes one), offline, and no polling. Marking read is
 * a local write that replication pushes; the server lets the person change nothing else.
 */
import { useCallback, useMemo } from 'react';
import type { NotificationDoc } from '../../../sync/collections/notifications';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';

// The bell is in the app shell: only type imports from sync/ here, so zod stays out of the first load.
const NOTIFICATION_LIST_LIMIT = 50;

export function useNotifications(): { notifications: NotificationDoc[]; unreadCount: number; loading: boolean } {
  const { docs, loading } = useLiveDocs('notifications');
  // Newest first, sorted in memory (createdAt is not an RxDB index).
  const notifications = useMemo(() => [...docs].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)).slice(0, NOTIFICATION_LIST_LIMIT), [docs]);
  return { notifications, unreadCount: docs.filter((n) => n.readAt === null).length, loading };
}

/** Mark one notice (or every unread one) read on this device; sync carries it to the others. */
export function useMarkRead(): (id: string | 'all') => void {
  const collection = useCollection('notifications');
  return useCallback(
    (id) => {
      if (!collection) return;
      const now = Date.now();
      const selector = id === 'all' ? { readAt: null } : { id, readAt: null };
      void collection
        .find({ selector } as never)
        .exec()
        .then((docs) => Promise.all(docs.map((d) => d.incrementalPatch({ readAt: now, updatedAt: now }))));
    },
    [collection],
  );
}
