/**
 * Analytics (server/analytics, decision 047).
 * - `reading_days`: the one raw fact of reading that Quire did not keep before — per UTC day,
 *   person and book, the time read (ms) (gaps of at most a few minutes between two saves of the
 *   reading position, as the server receives them) and when the last save arrived. Goes with the
 *   person's account (erasure step) and with a deleted book.
 * - `analytics_days`, `analytics_sales_days` (one row per day and currency: amounts of different
 *   currencies are never added), `analytics_book_days`: the daily rollups the charts read. They
 *   are derived, so a day's rows are replaced whole each time it is rolled up again. Keyed by day
 *   first: a chart reads a range of days.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reading_days (
      day TEXT NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      reading_ms INTEGER NOT NULL DEFAULT 0 CHECK (reading_ms >= 0),
      last_at INTEGER NOT NULL,
      PRIMARY KEY (day, user_id, book_id)
    ) WITHOUT ROWID`.execute(db);
  // The erasure step deletes by person.
  await sql`CREATE INDEX reading_days_user ON reading_days(user_id)`.execute(db);
  await sql`
    CREATE TABLE analytics_days (
      day TEXT PRIMARY KEY,
      sign_ups INTEGER NOT NULL,
      active_readers INTEGER NOT NULL,
      reading_seconds INTEGER NOT NULL,
      rolled_up_at INTEGER NOT NULL
    ) WITHOUT ROWID`.execute(db);
  await sql`
    CREATE TABLE analytics_sales_days (
      day TEXT NOT NULL,
      currency TEXT NOT NULL,
      orders INTEGER NOT NULL,
      revenue_cents INTEGER NOT NULL,
      refunded_cents INTEGER NOT NULL,
      PRIMARY KEY (day, currency)
    ) WITHOUT ROWID`.execute(db);
  // No foreign key to books: a day's sales stay counted after the book is gone.
  await sql`
    CREATE TABLE analytics_book_days (
      day TEXT NOT NULL,
      book_id TEXT NOT NULL,
      copies INTEGER NOT NULL,
      reading_seconds INTEGER NOT NULL,
      readers INTEGER NOT NULL,
      PRIMARY KEY (day, book_id)
    ) WITHOUT ROWID`.execute(db);
  // The rollup finds a day's refunds by when they happened.
  await sql`CREATE INDEX order_lines_refunded_at ON order_lines(refunded_at) WHERE refunded_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX order_lines_refunded_at`.execute(db);
  await sql`DROP TABLE analytics_book_days`.execute(db);
  await sql`DROP TABLE analytics_sales_days`.execute(db);
  await sql`DROP TABLE analytics_days`.execute(db);
  await sql`DROP TABLE reading_days`.execute(db);
}
