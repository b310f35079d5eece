/**
 * Full-text search of the store catalogue on SQLite FTS5 (store-index.ts picks it on SQLite): the
 * only module that knows FTS5 SQL; the catalogue builds everything else through Kysely.
 *
 * - Only listed (published) books are indexed, so a text query never reads a row it cannot show.
 * - Rows are keyed by the book's SQLite rowid and hold no copy of the text (contentless), so a
 *   match joins its book by integer key instead of reading a content table and then a text id.
 *   SQLite keeps rowids except across VACUUM of a table without an INTEGER PRIMARY KEY: anything
 *   that VACUUMs must call rebuildSearchIndex afterwards.
 * - Genres and language are indexed as tokens too: a genre or language filter narrows the match
 *   inside FTS5 (doclists intersect in C) before any book row is read.
 * - Diacritics fold at index and query time (`remove_diacritics 2`): "Fete" finds "Fête".
 * - Every query word is a prefix ("orch" finds "orchard"), with prefix indexes for 2, 3 and 4
 *   characters so short prefixes do not scan the whole term list.
 * - Ranking is BM25 weighted towards the title and the authors (positions are kept: with
 *   `detail=column` FTS5's bm25 ranks every prefix match 0).
 */
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { descriptionText } from '../books/description';
import type { DB } from '../db/connection';
import type { SearchDocument, SearchTerms, StoreIndex } from './store-index';
import { bumpIndexVersion, indexVersion, startIndexVersion } from './index-version';
import { words } from './words';

/** BM25 weights, in column order: title, subtitle, authors, publisher, description, genres, language. */
const WEIGHTS = [10, 3, 8, 2, 1, 0, 0];

const COLUMNS = 'title, subtitle, authors, publisher, description, genres, language';

async function rebuildSearchIndex(db: QueryExecutorProvider): Promise<void> {
  await sql`DROP TABLE IF EXISTS store_search`.execute(db);
  await sql`
    CREATE VIRTUAL TABLE store_search USING fts5(
      ${sql.raw(COLUMNS)},
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
    )`.execute(db);
  const books = await sql<IndexRow>`
    SELECT b.rowid AS key, b.title, b.subtitle, b.publisher_name AS publisher, b.description, b.language,
      COALESCE((SELECT group_concat(c.name, ' · ') FROM book_contributors c WHERE c.book_id = b.id), '') AS authors,
      COALESCE((SELECT group_concat(g.code, ' ') FROM book_genres g WHERE g.book_id = b.id), '') AS genres
    FROM books b WHERE b.status = 'published'`.execute(db);
  // The description is stored as HTML; the index gets its words (descriptionText).
  for (const b of books.rows) await insert(db, sql`${b.key}`, { ...b, description: descriptionText(b.description) });
  await startIndexVersion(db);
}

interface IndexRow {
  key: number;
  title: string;
  subtitle: string;
  authors: string;
  publisher: string;
  description: string;
  genres: string;
  language: string;
}

function insert(db: QueryExecutorProvider, key: RawBuilder<unknown>, row: Omit<IndexRow, 'key'>) {
  return sql`
    INSERT INTO store_search (rowid, ${sql.raw(COLUMNS)})
    VALUES (${key}, ${row.title}, ${row.subtitle}, ${row.authors}, ${row.publisher}, ${row.description}, ${row.genres}, ${row.language})`.execute(db);
}

async function indexDocument(db: DB, doc: SearchDocument): Promise<void> {
  const key = sql`(SELECT rowid FROM books WHERE id = ${doc.bookId})`;
  await sql`DELETE FROM store_search WHERE rowid = ${key}`.execute(db);
  await bumpIndexVersion(db);
  if (!doc.listed) return;
  await insert(db, key, { ...doc, authors: doc.authors.join(' · '), description: descriptionText(doc.description), genres: doc.genres.join(' ') });
}

/** The MATCH expression (every part must match), or null when nothing searchable was asked. */
function matchExpression(parts: SearchTerms): string | null {
  const clauses: string[] = [];
  for (const [field, text] of Object.entries(parts) as [keyof SearchTerms, string | undefined][]) {
    const ws = words(text ?? '');
    if (ws.length === 0) continue;
    // Genre codes nest by prefix; a language's words are exact ("en" must not find "eng…").
    const joined = ws.map((w) => (field === 'language' ? `"${w}"` : `"${w}"*`)).join(' AND ');
    clauses.push(field === 'any' ? `{title subtitle authors publisher description} : (${joined})` : `${field === 'genre' ? 'genres' : field} : (${joined})`);
  }
  return clauses.length > 0 ? clauses.join(' AND ') : null;
}

/** BM25 when ranked. Newest-indexed first is `m.key` descending, which FTS5 serves from its doclists without sorting. */
function matchingBooks(expression: string, { ranked = true } = {}): RawBuilder<{ key: number; rank: number }> {
  const rank = ranked ? sql`bm25(store_search, ${sql.raw(WEIGHTS.join(', '))})` : sql`0`;
  return sql<{ key: number; rank: number }>`(SELECT rowid AS key, ${rank} AS rank FROM store_search WHERE store_search MATCH ${expression})`;
}

export const sqliteStoreIndex: StoreIndex = {
  rebuild: rebuildSearchIndex,
  version: indexVersion,
  indexDocument,
  matchExpression,
  matchingBooks,
  matchKey: sql<number>`books.rowid`,
  newestMatch: sql`m.key`,
};
