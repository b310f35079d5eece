/**
 * Ratings and reviews of store books (server/reviews), reports against them, and the accounts an
 * admin has blocked from reviewing.
 *
 * The rating summary lives on `books` (rating_count, rating_sum) so the catalogue can sort and
 * filter by rating without touching this table. (Written when the store migration might have run
 * first, hence the check for the columns.) Only server/reviews/summary.ts writes them.
 */
import { sql, type Kysely } from 'kysely';

const SUMMARY_COLUMNS = ['rating_count', 'rating_sum'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const books = (await db.introspection.getTables()).find((t) => t.name === 'books');
  const have = new Set(books?.columns.map((c) => c.name));
  for (const column of SUMMARY_COLUMNS) {
    if (!have.has(column)) await sql`ALTER TABLE books ADD COLUMN ${sql.raw(column)} INTEGER NOT NULL DEFAULT 0`.execute(db);
  }

  await sql`
    CREATE TABLE reviews (
      id TEXT PRIMARY KEY,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      reviewer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
      text TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0,1)),
      hidden_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      hidden_at INTEGER,
      UNIQUE (book_id, reviewer_id)
    )`.execute(db);
  // The public list (visible, newest first) and the summary/histogram (covering: no row reads).
  await sql`CREATE INDEX reviews_book_list ON reviews(book_id, hidden, created_at)`.execute(db);
  await sql`CREATE INDEX reviews_book_rating ON reviews(book_id, hidden, rating)`.execute(db);
  await sql`CREATE INDEX reviews_reviewer ON reviews(reviewer_id)`.execute(db);
  // The admin "hidden" queue, newest hidden first.
  await sql`CREATE INDEX reviews_hidden ON reviews(hidden_at) WHERE hidden = 1`.execute(db);
  await sql`CREATE INDEX reviews_hidden_by ON reviews(hidden_by)`.execute(db);

  await sql`
    CREATE TABLE review_reports (
      id TEXT PRIMARY KEY,
      review_id TEXT NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
      reporter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      reason TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      resolved INTEGER NOT NULL DEFAULT 0 CHECK (resolved IN (0,1)),
      UNIQUE (review_id, reporter_id)
    )`.execute(db);
  // The admin "reported" queue: open reports, oldest first, and a review's open reports.
  await sql`CREATE INDEX review_reports_open ON review_reports(resolved, created_at)`.execute(db);
  await sql`CREATE INDEX review_reports_reporter ON review_reports(reporter_id)`.execute(db);

  await sql`
    CREATE TABLE review_blocks (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      blocked_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      blocked_at INTEGER NOT NULL,
      note TEXT NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX review_blocks_by ON review_blocks(blocked_by)`.execute(db);
}

/** The summary columns stay: migration 010 may own them. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE review_blocks`.execute(db);
  await sql`DROP TABLE review_reports`.execute(db);
  await sql`DROP TABLE reviews`.execute(db);
}
