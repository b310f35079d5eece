/**
 * The library follows purchases and refunds live: the server sends a replicated `purchases`
 * notice with each (server/payments), so every open device hears of it within moments; then the
 * library list is fetched again, and a refunded book's download is removed from this device.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLiveDocs } from '../../db/use-live-docs';

export function usePurchaseNotices(userId: string) {
  const queryClient = useQueryClient();
  const { docs } = useLiveDocs('notifications', { selector: { userId, kind: 'purchases' } });
  const latest = docs.reduce((max, d) => Math.max(max, d.createdAt), 0);
  useEffect(() => {
    if (latest === 0) return;
    void queryClient.invalidateQueries({ queryKey: ['library'] });
  }, [latest, queryClient]);
}
