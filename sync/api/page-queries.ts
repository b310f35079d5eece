/**
 * The public answers a page shows first, by the app's query keys: the pages read them with these
 * keys, and the server puts them in the page's boot block (server/site/pages.ts) — a visitor's page
 * drawn with them (src/prerender.tsx), a signed-in person's page not drawn but still not waiting
 * for its code to run before asking the API.
 */
import type { DrawnPageData, PageQuery } from './session';

export const HOME_BOOKS_KEY = ['books', 'home'] as const;
export const storeHomeKey = ['store', 'home'] as const;
export const storeBookKey = (id: string) => ['store', 'book', id] as const;

/** The page's path and the queries it is drawn or started from. */
export function pageQueries(data: DrawnPageData): { path: string; queries: PageQuery[] } {
  switch (data.page) {
    case 'home':
      return { path: '/', queries: [[[...HOME_BOOKS_KEY], data.books]] };
    case 'store':
      return { path: '/store', queries: [[[...storeHomeKey], data.home]] };
    case 'book':
      return { path: `/book/${encodeURIComponent(data.book.id)}`, queries: [[[...storeBookKey(data.book.id)], data.book]] };
  }
}
