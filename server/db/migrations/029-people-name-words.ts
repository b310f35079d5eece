/**
 * People search, second form: every word of a public, active display name in an FTS5 index
 * with accents folded, kept in step by triggers (server/search/sqlite-people.ts says why). It
 * replaces 024's whole-name NOCASE index, which only that search used.
 */
import { sql, type Kysely } from 'kysely';
import { peopleIndex } from '../../search/people-index';

export async function up(db: Kysely<unknown>): Promise<void> {
  await peopleIndex(db).rebuild(db);
  await sql`DROP INDEX IF EXISTS users_display_name_nocase`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await peopleIndex(db).drop(db);
  await sql`CREATE INDEX users_display_name_nocase ON users(display_name COLLATE NOCASE)`.execute(db);
}
