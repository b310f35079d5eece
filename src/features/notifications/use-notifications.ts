/**
 * The header bell's data: polled from /api/notifications while the page is visible (react-query
 * pauses the interval in background tabs). The sync issue replaces this with a replicated
 * collection; the hook's shape is what the bell depends on.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsResponse } from '../../../sync/api/notifications';

// Until notifications replicate through the sync engine, the bell polls. Kept out of sync/api so
// the app shell does not pull zod into the first load.
const NOTIFICATION_POLL_INTERVAL = 60_000;
import { api } from '../../app/api';

export const NOTIFICATIONS_KEY = ['notifications'] as const;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => api.get<NotificationsResponse>('/api/notifications'),
    enabled,
    refetchInterval: NOTIFICATION_POLL_INTERVAL,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

/** Mark read, optimistically: the badge drops at once and the next poll confirms it. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') => (id === 'all' ? api.post('/api/notifications/read-all') : api.post(`/api/notifications/${encodeURIComponent(id)}/read`)),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const now = Date.now();
      qc.setQueryData<NotificationsResponse>(NOTIFICATIONS_KEY, (old) => {
        if (!old) return old;
        const notifications = old.notifications.map((n) => (n.readAt === null && (id === 'all' || n.id === id) ? { ...n, readAt: now } : n));
        const marked = old.notifications.filter((n) => n.readAt === null && (id === 'all' || n.id === id)).length;
        return { notifications, unreadCount: Math.max(0, old.unreadCount - marked) };
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
