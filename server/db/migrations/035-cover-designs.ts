/**
 * Ebook covers (server/covers, decision 042).
 * - `cover_designs`: the designs made on /cover, one row each: the owner, a name for the list, and
 *   the design itself (JSON of sync/covers/design.ts: background, the two text layers). Listed by
 *   owner, the latest edited first.
 * - `publications.cover_file_id`: the manuscript's ebook cover, an image in its owner's /files.
 *   Deleting that file takes the cover away (SET NULL) rather than leaving a dangling id.
 * - `publication_editions.cover_blob`: the cover's bytes frozen with each submitted edition; the
 *   foreign key keeps the blob while an edition needs it, even after the file is deleted.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cover_designs (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      design TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX cover_designs_owner ON cover_designs(owner_id, updated_at)`.execute(db);
  await sql`ALTER TABLE publications ADD COLUMN cover_file_id TEXT REFERENCES files(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX publications_cover_file ON publications(cover_file_id) WHERE cover_file_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE publication_editions ADD COLUMN cover_blob TEXT REFERENCES blobs(hash)`.execute(db);
  await sql`ALTER TABLE publication_editions ADD COLUMN cover_media_type TEXT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE publication_editions DROP COLUMN cover_media_type`.execute(db);
  await sql`ALTER TABLE publication_editions DROP COLUMN cover_blob`.execute(db);
  await sql`DROP INDEX publications_cover_file`.execute(db);
  await sql`ALTER TABLE publications DROP COLUMN cover_file_id`.execute(db);
  await sql`DROP TABLE cover_designs`.execute(db);
}
