/** Wire types of /api/books. */

/** A book as a card on the home page and in lists. */
export interface BookCard {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  /** Names of the contributors with the author or co-author role, in order. */
  authors: string[];
  priceCents: number;
  currency: string;
  /** Null when the book has no cover asset. */
  coverUrl: string | null;
}

/** GET /api/books/home */
export interface HomeBooksResponse {
  featured: BookCard[];
  newReleases: BookCard[];
}
