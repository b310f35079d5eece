/** Wire types of /api/library. Progress is not here: it lives in the replicated library-progress collection. */

export interface LibraryBook {
  id: string;
  title: string;
  subtitle: string;
  authors: string[];
  /** Readable by the owner even when the book is unpublished (an asset URL, not the public cover). */
  coverUrl: string | null;
  source: 'seed' | 'claim' | 'purchase' | 'author';
  acquiredAt: number;
}

/** GET /api/library */
export interface LibraryResponse {
  books: LibraryBook[];
}
