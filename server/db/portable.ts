/**
 * SQL that SQLite and PostgreSQL spell differently, written once in the form both accept.
 * SQLite's scalar max(a, b) / min(a, b) do not exist on PostgreSQL (GREATEST/LEAST do not exist
 * on SQLite); a CASE is the same on both.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';

/** The larger of two values (as SQLite's max(a, b)). */
export function larger<T>(a: Expression<T> | T, b: Expression<T> | T): RawBuilder<T> {
  return sql<T>`CASE WHEN ${a} >= ${b} THEN ${a} ELSE ${b} END`;
}

/** The smaller of two values (as SQLite's min(a, b)). */
export function smaller<T>(a: Expression<T> | T, b: Expression<T> | T): RawBuilder<T> {
  return sql<T>`CASE WHEN ${a} <= ${b} THEN ${a} ELSE ${b} END`;
}
