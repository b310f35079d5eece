/**
 * Paperback covers (server/paperback, decision 069).
 * - `paperback_covers`: one saved /kdp-cover design per manuscript (JSON of
 *   sync/covers/paperback.ts, with the page count it was saved at), who saved it last and when.
 * - `print_layouts`: the page count a manuscript's print layout came to at each trim, from
 *   /printable or the print PDF export, with when it was counted. One row per manuscript and trim:
 *   the latest count replaces the one before.
 * Manuscripts live in the replicated documents (sync_docs), so manuscript_id has no foreign key.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE paperback_covers (
      manuscript_id TEXT PRIMARY KEY,
      design TEXT NOT NULL,
      updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE print_layouts (
      manuscript_id TEXT NOT NULL,
      trim_id TEXT NOT NULL,
      pages INTEGER NOT NULL CHECK (pages > 0),
      recorded_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      recorded_at INTEGER NOT NULL,
      PRIMARY KEY (manuscript_id, trim_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE print_layouts`.execute(db);
  await sql`DROP TABLE paperback_covers`.execute(db);
}
