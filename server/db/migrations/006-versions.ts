/**
 * Version history of chapter documents: full Yjs states (Y.encodeStateAsUpdate), so a version is
 * readable on its own whatever the live document's garbage collection dropped since, with its
 * sanitised HTML and text rendered once at capture (viewing never loads Yjs). Keyed by document
 * name like the collab tables of 004; the list is read newest first per document, hence the index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chapter_versions (
      id TEXT PRIMARY KEY,
      doc_name TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('auto','named')),
      reason TEXT NOT NULL CHECK (reason IN ('session','hourly','restore','named')),
      name TEXT,
      author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      state BLOB NOT NULL,
      html TEXT NOT NULL,
      text TEXT NOT NULL,
      word_count INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      CHECK ((kind = 'named') = (name IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX chapter_versions_doc_time ON chapter_versions(doc_name, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE chapter_versions`.execute(db);
}
