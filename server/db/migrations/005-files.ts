/**
 * An author's uploaded files (/files): a name and a kind over a content-addressed blob. Several
 * rows may share one blob (the same bytes uploaded twice); the blob goes when the last row does.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE files (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blob_hash TEXT NOT NULL REFERENCES blobs(hash),
      name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('image','docx','markdown','epub')),
      media_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      excerpt TEXT,
      created_at INTEGER NOT NULL
    )`.execute(db);
  // The listing (newest first) and the quota sum read by owner.
  await sql`CREATE INDEX files_owner ON files(owner_id, created_at)`.execute(db);
  // Releasing a blob asks "does anything still reference it?": SQLite's foreign-key check on
  // deleting the blobs row looks each referencing table up by blob_hash, so index them all.
  await sql`CREATE INDEX files_blob ON files(blob_hash)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS book_assets_blob ON book_assets(blob_hash)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS book_imports_blob ON book_imports(blob_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS book_imports_blob`.execute(db);
  await sql`DROP INDEX IF EXISTS book_assets_blob`.execute(db);
  await sql`DROP TABLE files`.execute(db);
}
