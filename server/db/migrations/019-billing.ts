/**
 * Indexes for /settings/billing's earnings (server/billing): an imprint's books (the publisher's
 * side) and a book's lines by when they were refunded (refunds are booked in the month they
 * happen, whenever the sale was). A book's sales are found through order_lines_book and their
 * orders by key (migration 015).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX books_imprint ON books(imprint_id)`.execute(db);
  await sql`CREATE INDEX order_lines_book_refunded ON order_lines(book_id, refunded_at) WHERE refunded_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX order_lines_book_refunded`.execute(db);
  await sql`DROP INDEX books_imprint`.execute(db);
}
