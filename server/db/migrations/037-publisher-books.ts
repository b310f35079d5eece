/**
 * The imprint's books (server/publisher-books, decision 044).
 * - `books` gains what the store page shows beyond the canonical basics: the series and the
 *   book's number in it, keywords (JSON array, at most 7) and the age rating.
 * - `publications.imprint_id`: a publication of an imprint's book (keyed by the book's id, not a
 *   manuscript's), edited by the imprint's members and reviewed like an author's.
 * - The catalogue on /publisher/books lists an imprint's books by title.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN series TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN series_number INTEGER`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN keywords TEXT NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN age_rating TEXT`.execute(db);
  await sql`ALTER TABLE publications ADD COLUMN imprint_id TEXT REFERENCES imprints(id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE INDEX books_imprint_title ON books(imprint_id, title)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX books_imprint_title`.execute(db);
  await sql`ALTER TABLE publications DROP COLUMN imprint_id`.execute(db);
  for (const column of ['age_rating', 'keywords', 'series_number', 'series']) await sql`ALTER TABLE books DROP COLUMN ${sql.raw(column)}`.execute(db);
}
