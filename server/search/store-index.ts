/**
 * The store catalogue's full-text index, as features see it: one interface, one implementation per
 * engine — SQLite FTS5 (sqlite-fts.ts) or PostgreSQL tsvector (postgres-fts.ts) — picked from the
 * database handed in. Only those two files know full-text SQL.
 */
import type { QueryExecutorProvider, RawBuilder } from 'kysely';
import type { DB } from '../db/connection';
import { forEngine } from '../db/engine';
import { postgresStoreIndex } from './postgres-fts';
import { sqliteStoreIndex } from './sqlite-fts';

export interface SearchDocument {
  bookId: string;
  /** Unlisted books leave the index. */
  listed: boolean;
  title: string;
  subtitle: string;
  authors: string[];
  publisher: string;
  /** The stored (HTML) description. */
  description: string;
  genres: string[];
  language: string;
}

/** What a search can ask of the index: free text, text in one field, a genre (and its narrower codes), a language. */
export interface SearchTerms {
  any?: string;
  title?: string;
  authors?: string;
  publisher?: string;
  /** A Thema code: finds the code and every code under it ("FB" finds "FBA"). */
  genre?: string;
  /** "en" finds "en" and "en-GB". */
  language?: string;
}

export interface StoreIndex {
  /** (Re)creates the index from the books table: a migration, or after a VACUUM. */
  rebuild(db: QueryExecutorProvider): Promise<void>;
  /**
   * A number that changes whenever the index does (in the same transaction), for answers that
   * only the index decides and may be kept until it changes. In the database, so every server sees it.
   */
  version(db: QueryExecutorProvider): Promise<number>;
  /** Replaces the book's entry (call inside the transaction that changed the book, after writing it). */
  indexDocument(db: DB, doc: SearchDocument): Promise<void>;
  /** What the index is asked (every part must match), or null when nothing searchable was asked; also a cache key. */
  matchExpression(terms: SearchTerms): string | null;
  /**
   * A derived table of the matching books' keys and rank (lower is better); join it with `books`
   * on `matchKey` = `m.key`. Unranked (rank 0) unless asked: ranking every match is most of the
   * cost of a query that sorts by something else or only counts.
   */
  matchingBooks(expression: string, options?: { ranked?: boolean }): RawBuilder<{ key: unknown; rank: number }>;
  /** The books' column that `m.key` joins. */
  matchKey: RawBuilder<unknown>;
  /** Ordering of a match by recency of indexing, newest first when descending (the store's search window). */
  newestMatch: RawBuilder<unknown>;
}

export function storeIndex(db: QueryExecutorProvider): StoreIndex {
  return forEngine(db, { SQLite: sqliteStoreIndex, PostgreSQL: postgresStoreIndex });
}
