/**
 * Exports (server/exports, decision 041).
 * - `exports`: one per export asked for on /export — what it is of (a manuscript, a book, or the
 *   whole account), the format, its state and progress as the job runs, why it failed, and once
 *   done the file (a blob, so the bytes are stored once and released when the row goes) with the
 *   time its download link expires. Listed by owner, newest first; expired rows found by time.
 * - `edition_checks`: the automatic checks of a submitted edition (here: epubcheck on its EPUB
 *   export), one row per edition and check, with a status and a message for people to read.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE exports (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source_kind TEXT NOT NULL CHECK (source_kind IN ('manuscript','book','account')),
      source_id TEXT,
      title TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN ('epub','markdown','account-json','account-files')),
      state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','failed')),
      progress REAL NOT NULL DEFAULT 0,
      error TEXT,
      blob_hash TEXT REFERENCES blobs(hash),
      file_name TEXT,
      media_type TEXT,
      size INTEGER,
      expires_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX exports_owner ON exports(owner_id, created_at)`.execute(db);
  await sql`CREATE INDEX exports_expiry ON exports(expires_at) WHERE expires_at IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE edition_checks (
      edition_id TEXT NOT NULL REFERENCES publication_editions(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','passed','failed','not_run')),
      message TEXT NOT NULL DEFAULT '',
      checked_at INTEGER,
      PRIMARY KEY (edition_id, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE edition_checks`.execute(db);
  await sql`DROP TABLE exports`.execute(db);
}
