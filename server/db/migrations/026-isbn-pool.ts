/**
 * The imprint's ISBN pool (server/publisher, /publisher/isbn): ISBN-13s an imprint bought from its
 * agency, each free or assigned to one of its books. The ISBN is the key, so a number belongs to
 * one imprint across Quire; a book has at most one pool ISBN (one ISBN per edition, DOMAIN.md).
 * Free or assigned is `book_id` being null or not, so the state cannot disagree with the book.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE imprint_isbns (
      isbn TEXT PRIMARY KEY CHECK (length(isbn) = 13),
      imprint_id TEXT NOT NULL REFERENCES imprints(id) ON DELETE CASCADE,
      book_id TEXT REFERENCES books(id) ON DELETE SET NULL,
      assigned_at INTEGER,
      added_at INTEGER NOT NULL
    ) WITHOUT ROWID`.execute(db);
  // The list pages by ISBN within a filter; the counts read the same indexes.
  await sql`CREATE INDEX imprint_isbns_all ON imprint_isbns(imprint_id, isbn)`.execute(db);
  await sql`CREATE INDEX imprint_isbns_free ON imprint_isbns(imprint_id, isbn) WHERE book_id IS NULL`.execute(db);
  await sql`CREATE INDEX imprint_isbns_assigned ON imprint_isbns(imprint_id, isbn) WHERE book_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX imprint_isbns_book ON imprint_isbns(book_id) WHERE book_id IS NOT NULL`.execute(db);
  // An import asks which of its numbers books already carry.
  await sql`CREATE INDEX books_isbn ON books(isbn) WHERE isbn IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS books_isbn`.execute(db);
  await sql`DROP TABLE imprint_isbns`.execute(db);
}
