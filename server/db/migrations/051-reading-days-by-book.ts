/**
 * Migration 051: `reading_days` by book. The publishing page counts each published book's readers
 * (distinct people with reading progress on it); the table's key starts with the day and its other
 * index with the person, so without this the count would read the whole table.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reading_days_book ON reading_days(book_id, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX reading_days_book`.execute(db);
}
