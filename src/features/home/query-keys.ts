/** The home page's books, by key: the page reads them, and a visitor's home page arrives with them filled in (src/prerender.tsx). */
export const HOME_BOOKS_KEY = ['books', 'home'] as const;
