/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with prepared statements kept. Kysely's driver
 * calls prepare(sql) for every query, and preparing costs about as much as running a small query
 * (13 % of `GET /api/auth/me` samples, issue 11). Kysely compiles one query shape to the same SQL
 * text every time, so a statement prepared once answers every later call. Bounded, least recently
 * used out first: SQL with values written into its text must not grow the cache without end.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

export interface CachingDatabase extends SqliteDatabase {
  /** Statements kept now (for tests). */
  readonly cachedStatements: number;
}

export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): CachingDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const kept = cache.get(sql);
      // Kysely runs one query at a time on its one connection, so a kept statement is never
      // mid-iteration here; a busy one (someone iterating it) gets a fresh statement anyway.
      if (kept && !kept.busy) {
        cache.delete(sql); // re-inserted: a Map iterates oldest first, so the front is least recently used
        cache.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (kept) return statement;
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
    get cachedStatements() {
      return cache.size;
    },
  };
}
