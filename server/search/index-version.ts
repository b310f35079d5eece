/**
 * The store index's version (migration 022): a counter that changes in the same transaction as
 * the index, in the database so every server sees it. Plain SQL both engines run; each engine's
 * index file calls it.
 */
import { sql, type QueryExecutorProvider } from 'kysely';

/** Creates the counter if it is missing and moves it (after a rebuild). */
export async function startIndexVersion(db: QueryExecutorProvider): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS store_search_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`.execute(db);
  await sql`INSERT INTO store_search_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING`.execute(db);
  await bumpIndexVersion(db);
}

export async function indexVersion(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ version: number }>`SELECT version FROM store_search_version WHERE id = 1`.execute(db);
  return rows[0]?.version ?? 0;
}

export async function bumpIndexVersion(db: QueryExecutorProvider): Promise<void> {
  await sql`UPDATE store_search_version SET version = version + 1 WHERE id = 1`.execute(db);
}
