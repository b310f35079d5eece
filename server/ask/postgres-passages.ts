/**
 * The passage index of "Ask this book" on PostgreSQL (passage-index.ts picks it there), as
 * sqlite-passages.ts is on SQLite: the passage's terms (already folded and stemmed by
 * sync/ask/query.ts) in a tsvector, the heading weighted above the body, and the book as a token
 * of its own so a question only reaches that book's passages through the GIN index. Rows are
 * keyed by the passage's id and leave with it (a foreign key, where SQLite needs a trigger).
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import type { DB } from '../db/connection';
import { bookToken, PASSAGE_BATCH, plainTerms, type PassageIndex } from './passage-index';

/** ts_rank weights for D, C, B, A: the book token 0, the body (B) 0.5, the heading (A) 1. */
const RANK_WEIGHTS = '{0, 0, 0.5, 1.0}';

export const postgresPassageIndex: PassageIndex = {
  async create(db: QueryExecutorProvider) {
    await sql`
      CREATE TABLE ask_passage_index (
        id BIGINT PRIMARY KEY REFERENCES ask_passages(id) ON DELETE CASCADE,
        terms TSVECTOR NOT NULL
      )`.execute(db);
    await sql`CREATE INDEX ask_passage_index_terms ON ask_passage_index USING GIN (terms)`.execute(db);
  },
  async drop(db: QueryExecutorProvider) {
    await sql`DROP TABLE IF EXISTS ask_passage_index`.execute(db);
  },
  async indexPassages(db: DB, bookId: string, entries) {
    const book = bookToken(bookId);
    for (let i = 0; i < entries.length; i += PASSAGE_BATCH) {
      const rows = entries
        .slice(i, i + PASSAGE_BATCH)
        .map(
          (e) =>
            sql`(${e.id}, setweight(to_tsvector('simple', ${e.heading}), 'A') || setweight(to_tsvector('simple', ${e.body}), 'B') || to_tsvector('simple', ${book}))`,
        );
      await sql`INSERT INTO ask_passage_index (id, terms) VALUES ${sql.join(rows)}`.execute(db);
    }
  },
  passageMatch(bookId, terms) {
    const safe = plainTerms(terms);
    return safe.length === 0 ? null : `${bookToken(bookId)} & (${safe.join(' | ')})`;
  },
  async rankPassages(db: DB, expression: string, limit: number) {
    const { rows } = await sql<{ id: number; rank: number }>`
      SELECT id, -ts_rank(${RANK_WEIGHTS}::float4[], terms, q) AS rank
      FROM ask_passage_index, to_tsquery('simple', ${expression}) AS q
      WHERE terms @@ q
      ORDER BY rank, id LIMIT ${limit}`.execute(db);
    return rows;
  },
};
