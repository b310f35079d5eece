/**
 * Exports gain the print PDF (`pdf`, decision 068) and the trim size it is typeset at (`trim_id`, a
 * sync/print/trim.ts id; null for every other format). SQLite cannot change a CHECK constraint in
 * place, so `exports` is rebuilt with its rows and indexes, as 047 did.
 */
import { sql, type Kysely } from 'kysely';

async function rebuild(db: Kysely<unknown>, formats: readonly string[], withTrim: boolean, keep: string): Promise<void> {
  const allowed = sql.join(formats.map((f) => sql.lit(f)));
  const columns =
    'id, owner_id, source_kind, source_id, title, format, state, progress, error, blob_hash, file_name, media_type, size, expires_at, created_at, updated_at';
  await sql`
    CREATE TABLE exports_new (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      source_kind TEXT NOT NULL CHECK (source_kind IN ('manuscript','book','account')),
      source_id TEXT,
      title TEXT NOT NULL,
      format TEXT NOT NULL CHECK (format IN (${allowed})),
      state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','failed')),
      progress REAL NOT NULL DEFAULT 0,
      error TEXT,
      blob_hash TEXT REFERENCES blobs(hash),
      file_name TEXT,
      media_type TEXT,
      size INTEGER,
      expires_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
      ${sql.raw(withTrim ? ', trim_id TEXT' : '')}
    )`.execute(db);
  await sql`INSERT INTO exports_new (${sql.raw(columns)}) SELECT ${sql.raw(columns)} FROM exports WHERE ${sql.raw(keep)}`.execute(db);
  await sql`DROP TABLE exports`.execute(db);
  await sql`ALTER TABLE exports_new RENAME TO exports`.execute(db);
  await sql`CREATE INDEX exports_owner ON exports(owner_id, created_at)`.execute(db);
  await sql`CREATE INDEX exports_expiry ON exports(expires_at) WHERE expires_at IS NOT NULL`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, ['epub', 'docx', 'markdown', 'pdf', 'account-json', 'account-files'], true, '1 = 1');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Print PDFs have no place in the old table: they are dropped (their files stay until pruned as blobs).
  await rebuild(db, ['epub', 'docx', 'markdown', 'account-json', 'account-files'], false, "format <> 'pdf'");
}
