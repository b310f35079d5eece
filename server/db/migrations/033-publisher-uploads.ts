/**
 * Publisher uploads (server/uploads, /publisher/uploads): one row per upload — a single EPUB, or a
 * metadata file (CSV or ONIX) with an optional ZIP of EPUBs and covers — and one item per row of
 * the file (or the one EPUB), with what was asked for, why it cannot be imported (`problems`,
 * checked before anything is imported) and, once the background job ran, what became of it.
 * The upload's progress is counted from its items, so it cannot disagree with them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE uploads (
      id TEXT PRIMARY KEY,
      imprint_id TEXT NOT NULL REFERENCES imprints(id) ON DELETE CASCADE,
      uploader_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      kind TEXT NOT NULL CHECK (kind IN ('single','bulk')),
      format TEXT NOT NULL CHECK (format IN ('epub','csv','onix')),
      file_name TEXT NOT NULL,
      -- The ZIP of a bulk upload, or the EPUB of a single one.
      archive_blob TEXT REFERENCES blobs(hash),
      archive_name TEXT,
      -- The cover sent with a single upload.
      cover_blob TEXT REFERENCES blobs(hash),
      status TEXT NOT NULL CHECK (status IN ('checked','queued','running','done')),
      created_at INTEGER NOT NULL,
      started_at INTEGER,
      finished_at INTEGER
    )`.execute(db);
  // History, newest first, per imprint.
  await sql`CREATE INDEX uploads_imprint ON uploads(imprint_id, created_at)`.execute(db);
  // Releasing a blob looks its references up by hash (see 005-files).
  await sql`CREATE INDEX uploads_archive_blob ON uploads(archive_blob) WHERE archive_blob IS NOT NULL`.execute(db);
  await sql`CREATE INDEX uploads_cover_blob ON uploads(cover_blob) WHERE cover_blob IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE upload_items (
      upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
      -- The CSV line or the ONIX product's position (1 first).
      row INTEGER NOT NULL,
      reference TEXT NOT NULL,
      isbn TEXT NOT NULL,
      -- JSON of the checked record (server/uploads/record.ts); null when the row has problems.
      record TEXT,
      -- JSON array of reasons the row is not imported: the validation report.
      problems TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('invalid','ready','imported','failed')),
      -- What the import did, or why it failed.
      message TEXT NOT NULL DEFAULT '',
      epub_entry TEXT,
      cover_entry TEXT,
      book_id TEXT REFERENCES books(id) ON DELETE SET NULL,
      PRIMARY KEY (upload_id, row)
    ) WITHOUT ROWID`.execute(db);
  // Progress and the job's next items: counted and read by status within an upload.
  await sql`CREATE INDEX upload_items_status ON upload_items(upload_id, status, row)`.execute(db);
  await sql`CREATE INDEX upload_items_book ON upload_items(book_id) WHERE book_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE upload_items`.execute(db);
  await sql`DROP TABLE uploads`.execute(db);
}
