/**
 * "Ask this book" (server/ask, decision 048).
 * - `ask_passages`: each book's passages (a few sentences to a paragraph) with the chapter, the
 *   heading above it and its text-quote anchor; `ask_passage_index` (FTS5, server/ask/sqlite-passages.ts)
 *   holds their terms. Rebuilt per book by the `ask.index` job.
 * - `ask_books`: when a book was indexed, from which version of it (books.updated_at), how many
 *   passages — the freshness /admin/rag-monitoring shows.
 * - `ask_queries`: the query log (who asked what of which book, how many answers, how long it took);
 *   `ask_feedback`: helpful / not helpful, one per reader per answer of a query.
 */
import { sql, type Kysely } from 'kysely';
import { passageIndex } from '../../ask/passage-index';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ask_passages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      chapter_id TEXT NOT NULL,
      ord INTEGER NOT NULL,
      heading TEXT NOT NULL DEFAULT '',
      text TEXT NOT NULL,
      quote_exact TEXT NOT NULL,
      quote_prefix TEXT NOT NULL,
      quote_suffix TEXT NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX ask_passages_book ON ask_passages(book_id)`.execute(db);
  await passageIndex(db).create(db);
  await sql`
    CREATE TABLE ask_books (
      book_id TEXT PRIMARY KEY REFERENCES books(id) ON DELETE CASCADE,
      passages INTEGER NOT NULL,
      source_updated_at INTEGER NOT NULL,
      indexed_at INTEGER NOT NULL,
      took_ms REAL NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE ask_queries (
      id TEXT PRIMARY KEY,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      question TEXT NOT NULL,
      answers INTEGER NOT NULL,
      latency_ms REAL NOT NULL,
      created_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX ask_queries_time ON ask_queries(created_at)`.execute(db);
  await sql`CREATE INDEX ask_queries_book ON ask_queries(book_id)`.execute(db);
  await sql`CREATE INDEX ask_queries_user ON ask_queries(user_id)`.execute(db);
  await sql`CREATE INDEX ask_queries_zero ON ask_queries(created_at) WHERE answers = 0`.execute(db);
  await sql`
    CREATE TABLE ask_feedback (
      query_id TEXT NOT NULL REFERENCES ask_queries(id) ON DELETE CASCADE,
      passage_id TEXT NOT NULL,
      helpful INTEGER NOT NULL CHECK (helpful IN (0, 1)),
      passage_text TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (query_id, passage_id)
    )`.execute(db);
  await sql`CREATE INDEX ask_feedback_time ON ask_feedback(created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE ask_feedback`.execute(db);
  await sql`DROP TABLE ask_queries`.execute(db);
  await sql`DROP TABLE ask_books`.execute(db);
  await passageIndex(db).drop(db);
  await sql`DROP TABLE ask_passages`.execute(db);
}
