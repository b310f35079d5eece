/**
 * EPUB import: the parts of the canonical format a package carries beyond metadata and chapters
 * (contents, accessibility, direction, writing mode, stylesheets, linear flag) and the
 * book_imports table that records each import job's outcome.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN toc TEXT NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN accessibility TEXT NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN direction TEXT NOT NULL DEFAULT 'ltr' CHECK (direction IN ('ltr','rtl'))`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN writing_mode TEXT NOT NULL DEFAULT 'horizontal-tb'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN stylesheets TEXT NOT NULL DEFAULT '[]'`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN issued TEXT`.execute(db);
  await sql`ALTER TABLE book_chapters ADD COLUMN linear INTEGER NOT NULL DEFAULT 1`.execute(db);
  await sql`
    CREATE TABLE book_imports (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blob_hash TEXT NOT NULL REFERENCES blobs(hash),
      status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','done','failed')),
      error TEXT,
      book_id TEXT REFERENCES books(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX book_imports_owner ON book_imports(owner_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE book_imports`.execute(db);
}
