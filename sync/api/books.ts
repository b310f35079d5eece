/** Wire types of /api/books. */
import type { Accessibility, TocEntry } from '../book-format';
import type { BookAccess } from '../books/entitlement';

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

/** GET /api/books/:id — what the reader needs before the first chapter. */
export interface BookDetailResponse {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  language: string;
  contributors: { name: string; role: string }[];
  publisher: string;
  status: string;
  priceCents: number;
  currency: string;
  coverUrl: string | null;
  direction: 'ltr' | 'rtl';
  writingMode: string;
  accessibility: Accessibility;
  toc: TocEntry[];
  /** Scoped stylesheet URLs, in order; the reader wraps chapters in `scopeClass` + data-book. */
  stylesheets: string[];
  access: BookAccess;
  sampleChapterId: string | null;
  chapters: { id: string; title: string; linear: boolean; wordCount: number; readable: boolean }[];
}

/** GET /api/books/:id/chapters/:chapterId */
export interface ChapterResponse {
  id: string;
  bookId: string;
  ord: number;
  title: string;
  linear: boolean;
  /** Sanitised XHTML body fragment, wrapped in `.quire-body`. */
  xhtml: string;
}

/** POST /api/books/import → 202 */
export interface ImportStartedResponse {
  importId: string;
}

/** GET /api/books/imports/:id */
export interface BookImportResponse {
  id: string;
  status: 'queued' | 'done' | 'failed';
  error: string | null;
  bookId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

/**
 * GET /api/books/:id/printable — the whole book for typesetting: only for those with full access
 * (owners, the book's contributors, admins); 403 for someone who may only see the sample, 404
 * when the book is hidden. GET /api/manuscripts/:id/book presents a manuscript in the same
 * BookDetailResponse shape (status "manuscript") for its owner and co-authors.
 */
export interface PrintableBookResponse {
  book: BookDetailResponse;
  chapters: ChapterResponse[];
}
