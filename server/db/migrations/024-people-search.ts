/**
 * People search ("New message"): display names get a case-insensitive index so a prefix match
 * (`display_name LIKE 'ab%'`, SQLite's LIKE being ASCII-case-insensitive) walks the index; the
 * username prefix uses the existing unique index with a range.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX users_display_name_nocase ON users(display_name COLLATE NOCASE)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_display_name_nocase`.execute(db);
}
