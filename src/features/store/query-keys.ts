/**
 * The store's queries, by key: its pages read them, and a visitor's store page arrives with them
 * filled in (src/prerender.tsx renders it with them; src/lib/page-queries.ts adopts them).
 */
export const storeHomeKey = ['store', 'home'] as const;
export const storeBookKey = (id: string) => ['store', 'book', id] as const;
