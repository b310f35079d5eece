/**
 * New files for an imprint's book that is in the store (decision 065): the EPUB or cover a member
 * uploaded, kept beside the live listing until they are submitted and approved. One row per book:
 * the working copy's canonical book (chapters, assets, contents; JSON like an edition's), the blob
 * of each asset, and what changed compared with the live book, as the edit page shows it. The
 * new cover's blob is held by its foreign key while the row lives; approval or rejection deletes
 * the row (in the command's transaction), and so does deleting the book.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE imprint_book_drafts (
      book_id TEXT PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      book TEXT NOT NULL,
      asset_hashes TEXT NOT NULL,
      changes TEXT NOT NULL,
      cover_blob TEXT REFERENCES blobs(hash),
      updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE imprint_book_drafts`.execute(db);
}
