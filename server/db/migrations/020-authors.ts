/**
 * Authors (server/authors, decision 024).
 * - `book_announcements`: a book is announced to its authors' followers once, the first time it
 *   is published; the row is written in the publishing transaction. Books already in the store
 *   (or unlisted from it) count as announced, so nothing old is announced as new.
 * - Followers of an author are read from the replicated `follows` documents: an index on the
 *   author a follow names, over live follows only, keeps that lookup off a scan of sync_docs.
 *   Queries must repeat the expression and the partial-index terms literally (server/authors/follows.ts).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE book_announcements (
      book_id TEXT PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      announced_at INTEGER NOT NULL
    ) WITHOUT ROWID`.execute(db);
  await sql`
    INSERT INTO book_announcements (book_id, announced_at)
    SELECT id, COALESCE(published_at, updated_at) FROM books WHERE status IN ('published', 'unlisted')`.execute(db);
  await sql`
    CREATE INDEX sync_docs_follows_author ON sync_docs(json_extract(doc, '$.authorId'))
    WHERE collection = 'follows' AND deleted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sync_docs_follows_author`.execute(db);
  await sql`DROP TABLE book_announcements`.execute(db);
}
