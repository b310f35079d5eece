/**
 * Which SQL engine a Kysely instance talks to, read from the instance itself (its adapter), so a
 * module that owns engine-specific SQL (full-text search, JSON access, integrity checks) picks its
 * implementation from the `db` it was handed: no global switch, and a transaction or a migration
 * sees the same engine as the database it came from. Features never ask; only owning modules do.
 */
import { PostgresAdapter, type QueryExecutorProvider } from 'kysely';

export type Engine = 'SQLite' | 'PostgreSQL';

export function engineOf(db: QueryExecutorProvider): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'PostgreSQL' : 'SQLite';
}

/** The implementation for the engine of `db`: the one way owning modules choose. */
export function forEngine<T>(db: QueryExecutorProvider, choices: Record<Engine, T>): T {
  return choices[engineOf(db)];
}
