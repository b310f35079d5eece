/**
 * The service worker's cache of store answers (src/sw.ts, stale-while-revalidate), named once so
 * the app can drop entries it knows are out of date (a price-drop notice: src/features/notifications).
 */
export const STORE_PAGES_CACHE = 'quire-store';
