/**
 * Full-text search of the store catalogue on PostgreSQL (store-index.ts picks it there): the only
 * module that knows its tsvector SQL, as sqlite-fts.ts is for SQLite, with the same behaviour.
 *
 * - Only listed (published) books are indexed; a row per book in `store_search`, removed with it.
 * - `everything` weighs the fields as the SQLite index's BM25 does: title (A) over authors (B)
 *   over subtitle and publisher (C) over the description (D); `title`, `authors`, `publisher`,
 *   `genres` and `language` answer searches in one field. Each has a GIN index.
 * - The `simple` configuration (no stemming, no stop words: titles are names) over
 *   `quire_unaccent` (server/db/postgres-ddl.ts): "Fete" finds "Fête".
 * - Every query word is a prefix (`word:*`) but a language's, which is exact ("en" finds "en-GB",
 *   not "eng…"); genre codes nest by prefix ("FB" finds "FBA").
 * - `key` grows with every (re)index, so `key` descending is newest-indexed first.
 */
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { descriptionText } from '../books/description';
import type { DB } from '../db/connection';
import type { SearchDocument, SearchTerms, StoreIndex } from './store-index';
import { bumpIndexVersion, indexVersion, startIndexVersion } from './index-version';
import { words } from './words';

const FIELDS = ['title', 'authors', 'publisher', 'genres', 'language'] as const;

/** ts_rank weights for D, C, B, A: description 1, subtitle and publisher 3, authors 8, title 10 (as SQLite's BM25 weights). */
const RANK_WEIGHTS = '{0.1, 0.3, 0.8, 1.0}';

const vector = (text: string) => sql`to_tsvector('simple', quire_unaccent(${text}))`;

async function rebuild(db: QueryExecutorProvider): Promise<void> {
  await sql`DROP TABLE IF EXISTS store_search`.execute(db);
  await sql`
    CREATE TABLE store_search (
      key BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      book_id TEXT NOT NULL UNIQUE REFERENCES books(id) ON DELETE CASCADE,
      everything TSVECTOR NOT NULL,
      ${sql.raw(FIELDS.map((f) => `${f} TSVECTOR NOT NULL`).join(', '))}
    )`.execute(db);
  for (const field of ['everything', ...FIELDS]) {
    await sql`CREATE INDEX ${sql.raw(`store_search_${field}`)} ON store_search USING GIN (${sql.raw(field)})`.execute(db);
  }
  const books = await sql<{
    id: string;
    title: string;
    subtitle: string;
    publisher: string;
    description: string;
    language: string;
    authors: string;
    genres: string;
  }>`
    SELECT b.id, b.title, b.subtitle, b.publisher_name AS publisher, b.description, b.language,
      COALESCE((SELECT string_agg(c.name, ' · ') FROM book_contributors c WHERE c.book_id = b.id), '') AS authors,
      COALESCE((SELECT string_agg(g.code, ' ') FROM book_genres g WHERE g.book_id = b.id), '') AS genres
    FROM books b WHERE b.status = 'published'`.execute(db);
  for (const b of books.rows) await insert(db, { ...b, bookId: b.id, authors: b.authors.split(' · '), genres: b.genres.split(' ') });
  await startIndexVersion(db);
}

type Entry = Omit<SearchDocument, 'listed'>;

function insert(db: QueryExecutorProvider, doc: Entry) {
  const description = descriptionText(doc.description);
  const authors = doc.authors.join(' · ');
  return sql`
    INSERT INTO store_search (book_id, everything, title, authors, publisher, genres, language)
    VALUES (${doc.bookId},
      setweight(${vector(doc.title)}, 'A') || setweight(${vector(authors)}, 'B')
        || setweight(${vector(`${doc.subtitle} ${doc.publisher}`)}, 'C') || setweight(${vector(description)}, 'D'),
      ${vector(doc.title)}, ${vector(authors)}, ${vector(doc.publisher)},
      to_tsvector('simple', ${doc.genres.join(' ')}), to_tsvector('simple', ${doc.language}))`.execute(db);
}

async function indexDocument(db: DB, doc: SearchDocument): Promise<void> {
  await sql`DELETE FROM store_search WHERE book_id = ${doc.bookId}`.execute(db);
  await bumpIndexVersion(db);
  if (doc.listed) await insert(db, doc);
}

type Expression = Partial<Record<keyof SearchTerms, string>>;

/** A JSON object of tsquery texts per field (the cache key too), or null when nothing searchable was asked. */
function matchExpression(terms: SearchTerms): string | null {
  const expression: Expression = {};
  for (const [field, text] of Object.entries(terms) as [keyof SearchTerms, string | undefined][]) {
    const ws = words(text ?? '');
    if (ws.length > 0) expression[field] = ws.map((w) => (field === 'language' ? w : `${w}:*`)).join(' & ');
  }
  return Object.keys(expression).length > 0 ? JSON.stringify(expression) : null;
}

const COLUMN: Record<keyof SearchTerms, string> = {
  any: 'everything',
  title: 'title',
  authors: 'authors',
  publisher: 'publisher',
  genre: 'genres',
  language: 'language',
};

const query = (text: string) => sql`to_tsquery('simple', quire_unaccent(${text}))`;

function matchingBooks(expression: string, { ranked = true } = {}): RawBuilder<{ key: string; rank: number }> {
  const parts = Object.entries(JSON.parse(expression) as Expression) as [keyof SearchTerms, string][];
  const conditions = parts.map(([field, text]) => sql`s.${sql.raw(COLUMN[field])} @@ ${query(text)}`);
  const textual = parts.filter(([field]) => field !== 'genre' && field !== 'language').map(([, text]) => text);
  const rank = ranked && textual.length > 0 ? sql`-ts_rank(${RANK_WEIGHTS}::float4[], s.everything, ${query(textual.join(' & '))})` : sql`0`;
  return sql<{
    key: string;
    rank: number;
  }>`(SELECT s.book_id AS key, s.key AS recency, ${rank} AS rank FROM store_search s WHERE ${sql.join(conditions, sql` AND `)})`;
}

export const postgresStoreIndex: StoreIndex = {
  rebuild,
  version: indexVersion,
  indexDocument,
  matchExpression,
  matchingBooks,
  matchKey: sql<string>`books.id`,
  newestMatch: sql`m.recency`,
};
