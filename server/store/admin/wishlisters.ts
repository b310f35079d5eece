/**
 * Who wishlisted a book. Wishlist entries are replicated documents (sync/collections/wishlist.ts)
 * stored as JSON in sync_docs; this is the one query that reads them by book, through the partial
 * expression index of migration 018 — which SQLite uses only when the query spells the same
 * expression and the same constants, so they are written out here rather than bound.
 * Readers who own the book already (a library entry) are left out: a cheaper price is no news.
 */
import { sql } from 'kysely';
import { wishlist, wishlistEntryId } from '../../../sync/collections/wishlist';
import type { DB } from '../../db/connection';
import { readDoc } from '../../sync/store';

/** The query itself, so a test can ask SQLite for its plan. */
export function wishlistersQuery(bookId: string) {
  return sql<{ ownerId: string }>`
    SELECT json_extract(d.doc, '$.ownerId') AS owner_id
    FROM sync_docs AS d
    WHERE d.collection = 'wishlist' AND d.deleted = 0 AND json_extract(d.doc, '$.bookId') = ${bookId}
      AND NOT EXISTS (
        SELECT 1 FROM library_entries AS l WHERE l.user_id = json_extract(d.doc, '$.ownerId') AND l.book_id = ${bookId}
      )`;
}

export async function wishlistersOf(db: DB, bookId: string): Promise<string[]> {
  const rows = await wishlistersQuery(bookId).execute(db);
  return [...new Set(rows.rows.map((r) => r.ownerId))];
}

/** Whether `userId` still wants the book and does not own it (a notice job checks before it speaks). */
export async function stillWishes(db: DB, userId: string, bookId: string): Promise<boolean> {
  const [entry, owned] = await Promise.all([
    readDoc(db, wishlist.name, wishlistEntryId(userId, bookId)),
    db.selectFrom('libraryEntries').select('bookId').where('userId', '=', userId).where('bookId', '=', bookId).executeTakeFirst(),
  ]);
  return entry !== null && !entry.deleted && owned === undefined;
}
