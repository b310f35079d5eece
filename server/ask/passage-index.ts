/**
 * The passage index of "Ask this book", as the feature sees it: one interface, one implementation
 * per engine (sqlite-passages.ts, postgres-passages.ts), picked from the database handed in.
 */
import type { QueryExecutorProvider } from 'kysely';
import type { DB } from '../db/connection';
import { forEngine } from '../db/engine';
import { postgresPassageIndex } from './postgres-passages';
import { sqlitePassageIndex } from './sqlite-passages';

export interface PassageIndex {
  /** Creates the (empty) index beside `ask_passages`; a passage's entry leaves with its row. */
  create(db: QueryExecutorProvider): Promise<void>;
  drop(db: QueryExecutorProvider): Promise<void>;
  /** Adds stored passages' terms (call in the transaction that wrote the rows). */
  indexPassages(db: DB, bookId: string, entries: readonly { id: number; heading: string; body: string }[]): Promise<void>;
  /** What the index is asked for a book and a question's terms (from questionTerms), or null with no terms. */
  passageMatch(bookId: string, terms: readonly string[]): string | null;
  /** The best passages' ids and ranks (lower is better), best first. */
  rankPassages(db: DB, expression: string, limit: number): Promise<{ id: number; rank: number }[]>;
}

export function passageIndex(db: QueryExecutorProvider): PassageIndex {
  return forEngine(db, { SQLite: sqlitePassageIndex, PostgreSQL: postgresPassageIndex });
}

/** The book as one token of the index, whatever its id's characters: `b` + the id's UTF-8 bytes in hex. */
export const bookToken = (bookId: string) => `b${Buffer.from(bookId, 'utf8').toString('hex')}`;

/** Passages indexed per statement. */
export const PASSAGE_BATCH = 100;

/** A question's terms that are plain words (operators and quotes typed by people dropped). */
export const plainTerms = (terms: readonly string[]) => terms.filter((t) => /^[\p{L}\p{N}]+$/u.test(t));
