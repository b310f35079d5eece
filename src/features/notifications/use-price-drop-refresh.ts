/**
 * A price-drop notice means the store pages this device keeps for that book show an old price:
 * the service worker would answer the next visit from its cache first. So, as such a notice
 * arrives, the book's page, the shelves and searches are dropped from that cache and the store
 * queries refetched — the reader who opens the notice sees the new price. Notices older than a
 * day when the app starts are history, not news.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { NotificationDoc } from '../../../sync/collections/notifications';
import { STORE_PAGES_CACHE, storePageOf } from '../../../sync/store/offline-cache';

const DAY = 24 * 60 * 60 * 1000;

async function forgetStorePages(bookIds: string[]) {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(STORE_PAGES_CACHE);
  for (const request of await cache.keys()) {
    const page = storePageOf(new URL(request.url).pathname);
    // Shelves and searches show prices too; other books' pages are still right.
    if (page && (page.kind !== 'book' || bookIds.includes(page.bookId))) await cache.delete(request);
  }
}

const bookOf = (link: string | null) => {
  const id = /^\/book\/([^/?#]+)/.exec(link ?? '')?.[1];
  return id ? decodeURIComponent(id) : null;
};

/** `notifications`: newest first (useNotifications). */
export function usePriceDropRefresh(notifications: NotificationDoc[]) {
  const queryClient = useQueryClient();
  const handled = useRef(Date.now() - DAY);
  const drops = notifications.filter((n) => n.kind === 'price_drops');
  const latest = drops[0]?.createdAt ?? 0;
  useEffect(() => {
    if (latest <= handled.current) return;
    const since = handled.current;
    handled.current = latest;
    const books = drops.filter((n) => n.createdAt > since).flatMap((n) => bookOf(n.link) ?? []);
    void forgetStorePages(books)
      .catch(() => undefined) // no cache to clean is no reason to keep old prices on screen
      .then(() => queryClient.invalidateQueries({ queryKey: ['store'] }));
    // `drops` is derived from `notifications`; a newer notice is what should run this again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [latest, queryClient]);
}
