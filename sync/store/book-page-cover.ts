/** How wide a store book's page shows its cover (`sizes`), shared by the page and the server's preload of it. */
export const BOOK_PAGE_COVER_SIZES = '16rem';
