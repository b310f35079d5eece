/**
 * Generic storage of the replication engine: every replicated document of every collection is a
 * JSON row in sync_docs, and sync_audience lists who may pull it. The audience row carries the
 * document's change time so a pull walks one index in checkpoint order:
 * (user_id, collection, server_updated_at, doc_id). Deleted documents stay as tombstones
 * (deleted = 1) so every device learns about the deletion.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sync_docs (
      collection TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      server_updated_at INTEGER NOT NULL,
      deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0,1)),
      PRIMARY KEY (collection, id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX sync_docs_feed ON sync_docs(collection, server_updated_at, id)`.execute(db);

  await sql`
    CREATE TABLE sync_audience (
      collection TEXT NOT NULL,
      doc_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      server_updated_at INTEGER NOT NULL,
      PRIMARY KEY (collection, doc_id, user_id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX sync_audience_feed ON sync_audience(user_id, collection, server_updated_at, doc_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sync_audience`.execute(db);
  await sql`DROP TABLE sync_docs`.execute(db);
}
