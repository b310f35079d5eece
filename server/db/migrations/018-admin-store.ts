/**
 * The admin's store tools (server/store/admin): finding the readers who wishlisted a book when
 * its price drops, and the order search by the buyer's e-mail.
 *
 * Wishlist entries are replicated documents (sync_docs, JSON); the index covers only live
 * wishlist rows, keyed by the entry's book, so other collections' writes do not pay for it. The
 * query must spell the same expression and the same constants (server/store/admin/wishlisters.ts).
 * books.featured (migration 001) becomes the position on the Featured shelf, 0 when not featured.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX sync_docs_wishlist_book ON sync_docs(json_extract(doc, '$.bookId'))
    WHERE collection = 'wishlist' AND deleted = 0`.execute(db);
  await sql`CREATE INDEX orders_email ON orders(customer_email, created_at)`.execute(db);
  // Featured books were a flag; the flagged ones keep their shelf order (newest first) as positions.
  await sql`
    UPDATE books SET featured = (
      SELECT ranked.position FROM (
        SELECT id, ROW_NUMBER() OVER (ORDER BY published_at IS NULL, published_at DESC, id) AS position FROM books WHERE featured > 0
      ) AS ranked
      WHERE ranked.id = books.id
    )
    WHERE featured > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE books SET featured = 1 WHERE featured > 0`.execute(db);
  await sql`DROP INDEX orders_email`.execute(db);
  await sql`DROP INDEX sync_docs_wishlist_book`.execute(db);
}
