/**
 * Full-text search of the store catalogue on SQLite FTS5: the only module that knows FTS5 SQL
 * (the catalogue builds everything else through Kysely), so a PostgreSQL implementation
 * (tsvector + unaccent + pg_trgm) can replace this file behind the same three functions.
 *
 * - Diacritics fold at index and query time (`remove_diacritics 2`): "Fete" finds "Fête".
 * - Every query word is a prefix ("orch" finds "orchard"), with prefix indexes for 2 and 3
 *   characters so short prefixes do not scan the whole term list.
 * - Ranking is BM25 weighted towards the title and the authors.
 */
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { DB } from '../db/connection';

/** BM25 weights, in column order: title, subtitle, authors, publisher, description, book_id. */
const WEIGHTS = [10, 3, 8, 2, 1, 0];

/** `db` is the migration's connection (or any other). */
export async function createSearchIndex(db: QueryExecutorProvider): Promise<void> {
  await sql`
    CREATE VIRTUAL TABLE store_search USING fts5(
      title, subtitle, authors, publisher, description, book_id UNINDEXED,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
}

/** Indexes every book from the tables (the migration that creates the index). */
export async function indexAllBooks(db: QueryExecutorProvider): Promise<void> {
  await sql`
    INSERT INTO store_search (title, subtitle, authors, publisher, description, book_id)
    SELECT b.title, b.subtitle,
      COALESCE((SELECT group_concat(c.name, ' · ') FROM book_contributors c WHERE c.book_id = b.id), ''),
      b.publisher_name, b.description, b.id
    FROM books b`.execute(db);
}

export interface SearchDocument {
  bookId: string;
  title: string;
  subtitle: string;
  authors: string[];
  publisher: string;
  description: string;
}

/** Replaces the book's entry (call inside the transaction that changed the book). */
export async function indexDocument(db: DB, doc: SearchDocument): Promise<void> {
  await sql`DELETE FROM store_search WHERE book_id = ${doc.bookId}`.execute(db);
  await sql`
    INSERT INTO store_search (title, subtitle, authors, publisher, description, book_id)
    VALUES (${doc.title}, ${doc.subtitle}, ${doc.authors.join(' · ')}, ${doc.publisher}, ${stripTags(doc.description)}, ${doc.bookId})`.execute(db);
}

export type SearchField = 'any' | 'title' | 'authors' | 'publisher';

/** The words of a query as FTS5 prefix terms; punctuation and operators typed by people are dropped. */
function terms(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12).map((w) => `"${w}"*`);
}

/**
 * The MATCH expression for free text plus field-scoped text (all words must match), or null
 * when nothing searchable was typed.
 */
export function matchExpression(parts: Partial<Record<SearchField, string>>): string | null {
  const clauses: string[] = [];
  for (const [field, text] of Object.entries(parts) as [SearchField, string | undefined][]) {
    const words = terms(text ?? '');
    if (words.length === 0) continue;
    const joined = words.join(' AND ');
    clauses.push(field === 'any' ? `{title subtitle authors publisher description} : (${joined})` : `${field} : (${joined})`);
  }
  return clauses.length > 0 ? clauses.join(' AND ') : null;
}

/**
 * A derived table of the matching books and their rank (lower is better), to inner-join on
 * `books.id = match.book_id`.
 */
export function matchingBooks(expression: string): RawBuilder<{ book_id: string; rank: number }> {
  return sql<{
    book_id: string;
    rank: number;
  }>`(SELECT book_id, bm25(store_search, ${sql.raw(WEIGHTS.join(', '))}) AS rank FROM store_search WHERE store_search MATCH ${expression})`;
}

/** The matching books without their rank, to count and facet (BM25 costs a call per match). */
export function matchingIds(expression: string): RawBuilder<{ book_id: string; rank: number }> {
  return sql<{ book_id: string; rank: number }>`(SELECT book_id, 0 AS rank FROM store_search WHERE store_search MATCH ${expression})`;
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, ' ');
}
