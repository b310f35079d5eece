/**
 * When a book's text last changed (books.text_updated_at), apart from books.updated_at, which price
 * changes, listing on and off and ISBN assignment also move. The "Ask this book" index is fresh
 * while it was built from that version (ask_books.source_updated_at = text_updated_at), so those
 * commands no longer make an index look stale. Only saveBook writes the chapters, and it sets both.
 *
 * Books already stored start from their updated_at: an index that matched it stays fresh, and one
 * that did not is rebuilt once by the backfill at start (its text may have changed; nothing says).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN text_updated_at INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE books SET text_updated_at = updated_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books DROP COLUMN text_updated_at`.execute(db);
}
