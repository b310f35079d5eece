/**
 * Sideloaded books (server/library/sideload, decision 025): a reader's own DRM-free EPUB imported
 * into a private book. The row marks the book private to its owner (no one else, admins included,
 * may see it) and charges the uploaded EPUB's size to the owner's file quota, next to `files`.
 * The book's rows cascade from `books`; the EPUB's blob stays referenced while the row lives.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sideloads (
      book_id TEXT PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      blob_hash TEXT NOT NULL REFERENCES blobs(hash),
      size INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    ) WITHOUT ROWID`.execute(db);
  // The quota sum and the account's erasure read by owner; releasing a blob looks it up by hash.
  await sql`CREATE INDEX sideloads_owner ON sideloads(owner_id)`.execute(db);
  await sql`CREATE INDEX sideloads_blob ON sideloads(blob_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sideloads`.execute(db);
}
