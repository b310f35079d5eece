/**
 * Who may carry an ISBN (decision 034, DOMAIN.md: one ISBN per edition, never transferable), the
 * one set of rules for the imprint's book form (publisher-books/edit.ts) and the author's
 * publishing form (publishing/isbn.ts): a number in the pool of an imprint the book is not
 * allowed to draw from, one the pool assigned to another book, or one another book carries is
 * refused, with a 409 and a message at the `isbn` field.
 */
import type { DB } from '../db/connection';
import { conflict, type ApiError } from '../http/errors';

export interface IsbnClaim {
  /** The ISBN-13. */
  isbn: string;
  /** The store book that would carry it (null before the first approval). */
  bookId: string | null;
  /** The imprints whose pools the book may draw from. */
  imprintIds: readonly string[];
}

/** The pool entry of an ISBN that may go to this book (null when it is in no pool), or the refusal. */
export async function checkIsbnClaim(db: DB, claim: IsbnClaim): Promise<{ pooled: { imprintId: string; bookId: string | null } | null }> {
  const { isbn, bookId } = claim;
  const pooled = await db.selectFrom('imprintIsbns').select(['imprintId', 'bookId']).where('isbn', '=', isbn).executeTakeFirst();
  if (pooled && !claim.imprintIds.includes(pooled.imprintId))
    throw conflict('That ISBN belongs to another imprint.', { isbn: 'That ISBN belongs to another imprint.' });
  if (pooled?.bookId && pooled.bookId !== bookId) throw conflict('That ISBN is assigned to another book.', { isbn: 'That ISBN is assigned to another book.' });
  const holder = await db
    .selectFrom('books')
    .select('title')
    .where('isbn', '=', isbn)
    .where('id', '!=', bookId ?? '')
    .executeTakeFirst();
  if (holder) throw conflict(`“${holder.title}” already has that ISBN.`, { isbn: 'Another book already has this ISBN: one ISBN per edition.' });
  return { pooled: pooled ?? null };
}

/** A published (or unlisted) edition keeps the ISBN it was published with. */
export function publishedKeepsIsbn(book: { isbn: string | null; status: string } | undefined, isbn: string): ApiError | null {
  if (book?.isbn && book.isbn !== isbn && (book.status === 'published' || book.status === 'unlisted'))
    return conflict(`This book was published with the ISBN ${book.isbn}, so that ISBN stays with it.`, { isbn: 'A published edition keeps its ISBN.' });
  return null;
}
