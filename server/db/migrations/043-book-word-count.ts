/**
 * Very long books (decision 054): a book's readable words, stored with it, so the reader's
 * progress needs no list of every chapter. Filled in for the books already stored.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE books SET word_count = (SELECT COALESCE(SUM(word_count), 0) FROM book_chapters WHERE book_chapters.book_id = books.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books DROP COLUMN word_count`.execute(db);
}
