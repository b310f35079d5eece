/**
 * The passage index of "Ask this book" on SQLite FTS5 (passage-index.ts picks it on SQLite): the
 * only module that knows its FTS5 SQL.
 *
 * - `ask_passages` holds each passage (text, heading, anchor); `ask_passage_index` is contentless
 *   and keyed by the passage's id, so the text is stored once. A trigger removes a passage's
 *   entry with its row (a re-index, or the book's deletion by cascade); ids are AUTOINCREMENT so a
 *   removed id is never reused by another passage.
 * - The index holds the passage's terms as sync/ask/query.ts makes them (folded, stop words out,
 *   stemmed) — the same terms the question is reduced to, and the browser's offline index uses —
 *   so a match here is a highlight there.
 * - The book is a token of its own column, so a question only walks the doclists of that book's
 *   passages: `b` + the id's UTF-8 bytes in hex, one token whatever the id's characters.
 * - Ranking is BM25 with the heading weighted above the body: any of the question's terms may
 *   match (OR), and passages holding more of them, and rarer ones, come first.
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import type { DB } from '../db/connection';
import { bookToken, PASSAGE_BATCH, plainTerms, type PassageIndex } from './passage-index';

/** BM25 weights, in column order: book, heading, body. */
const WEIGHTS = [0, 2, 1];

async function createPassageIndex(db: QueryExecutorProvider): Promise<void> {
  await sql`
    CREATE VIRTUAL TABLE ask_passage_index USING fts5(
      book, heading, body,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql`
    CREATE TRIGGER ask_passages_unindex AFTER DELETE ON ask_passages BEGIN
      DELETE FROM ask_passage_index WHERE rowid = old.id;
    END`.execute(db);
}

async function indexPassages(db: DB, bookId: string, entries: readonly { id: number; heading: string; body: string }[]): Promise<void> {
  const book = bookToken(bookId);
  for (let i = 0; i < entries.length; i += PASSAGE_BATCH) {
    const rows = entries.slice(i, i + PASSAGE_BATCH).map((e) => sql`(${e.id}, ${book}, ${e.heading}, ${e.body})`);
    await sql`INSERT INTO ask_passage_index (rowid, book, heading, body) VALUES ${sql.join(rows)}`.execute(db);
  }
}

function passageMatch(bookId: string, terms: readonly string[]): string | null {
  const safe = plainTerms(terms);
  if (safe.length === 0) return null;
  return `book : ${bookToken(bookId)} AND {heading body} : (${safe.map((t) => `"${t}"`).join(' OR ')})`;
}

async function rankPassages(db: DB, expression: string, limit: number): Promise<{ id: number; rank: number }[]> {
  const { rows } = await sql<{ id: number; rank: number }>`
    SELECT rowid AS id, bm25(ask_passage_index, ${sql.raw(WEIGHTS.join(', '))}) AS rank
    FROM ask_passage_index WHERE ask_passage_index MATCH ${expression}
    ORDER BY rank LIMIT ${limit}`.execute(db);
  return rows;
}

async function dropPassageIndex(db: QueryExecutorProvider): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS ask_passages_unindex`.execute(db);
  await sql`DROP TABLE IF EXISTS ask_passage_index`.execute(db);
}

export const sqlitePassageIndex: PassageIndex = {
  create: createPassageIndex,
  drop: dropPassageIndex,
  indexPassages,
  passageMatch,
  rankPassages,
};
