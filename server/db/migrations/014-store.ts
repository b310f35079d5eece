/**
 * The store catalogue: discount windows on books, genres as rows (Thema codes; facets and genre
 * shelves read them through an index instead of parsing books.genres) and the
 * admin's collections. saveBook keeps the genres in step inside its transaction.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN discount_price_cents INTEGER`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN discount_starts_at INTEGER`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN discount_ends_at INTEGER`.execute(db);
  await sql`CREATE INDEX books_status_title ON books(status, title)`.execute(db);
  await sql`CREATE INDEX books_status_price ON books(status, price_cents)`.execute(db);
  await sql`CREATE INDEX books_language ON books(language, status)`.execute(db);

  await sql`
    CREATE TABLE book_genres (
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      code TEXT NOT NULL,
      PRIMARY KEY (book_id, code)
    )`.execute(db);
  await sql`CREATE INDEX book_genres_code ON book_genres(code, book_id)`.execute(db);

  await sql`
    CREATE TABLE store_collections (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      ord INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE store_collection_books (
      collection_id TEXT NOT NULL REFERENCES store_collections(id) ON DELETE CASCADE,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      ord INTEGER NOT NULL,
      PRIMARY KEY (collection_id, book_id)
    )`.execute(db);

  // The full-text index is built by 016-store-search (this migration's first version built
  // one keyed by book id; 016 replaces it).
  const books = await sql<{ id: string; genres: string }>`SELECT id, genres FROM books`.execute(db);
  for (const book of books.rows) {
    for (const code of new Set(JSON.parse(book.genres) as string[])) {
      await sql`INSERT INTO book_genres (book_id, code) VALUES (${book.id}, ${code})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS store_search`.execute(db);
  await sql`DROP TABLE store_collection_books`.execute(db);
  await sql`DROP TABLE store_collections`.execute(db);
  await sql`DROP TABLE book_genres`.execute(db);
  for (const column of ['discount_price_cents', 'discount_starts_at', 'discount_ends_at']) {
    await sql`ALTER TABLE books DROP COLUMN ${sql.raw(column)}`.execute(db);
  }
}
