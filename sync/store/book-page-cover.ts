/** How wide a store book's page shows its cover (`sizes`), shared by the page and the server's preload of it. */
export const BOOK_PAGE_COVER_SIZES = '16rem';

/** How wide a book card shows its cover, by the card's size (src/features/store/book-card.tsx), shared with the server's preload of the home page's first. */
export const BOOK_CARD_COVER_SIZES = { md: '10.5rem', lg: '13rem' } as const;
