/**
 * Collaboration: chapter documents (Yjs) persisted as an append-only update log compacted into a
 * snapshot, their server-side rendering, and the server's view of manuscripts and co-authors.
 *
 * manuscripts / manuscript_members / manuscript_chapters are what the collaboration server reads
 * to decide a socket's role. Manuscripts and co-authors become replicated documents of the sync
 * engine later; these tables are then fed by it (the sync engine writes, collab only reads).
 * Numbered 004 because other branches add 002 and 003.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE manuscripts (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX manuscripts_owner ON manuscripts(owner_id)`.execute(db);

  await sql`
    CREATE TABLE manuscript_members (
      manuscript_id TEXT NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('editor','commenter','viewer')),
      PRIMARY KEY (manuscript_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX manuscript_members_user ON manuscript_members(user_id)`.execute(db);

  await sql`
    CREATE TABLE manuscript_chapters (
      id TEXT PRIMARY KEY,
      manuscript_id TEXT NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
      title TEXT NOT NULL,
      ord INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX manuscript_chapters_order ON manuscript_chapters(manuscript_id, ord)`.execute(db);

  // Keyed by document name, not chapter id, so other document kinds can share the tables; no
  // foreign key for the same reason (a deleted chapter's rows are removed by its deletion command).
  await sql`
    CREATE TABLE collab_updates (
      doc_name TEXT NOT NULL,
      seq INTEGER NOT NULL,
      "update" BLOB NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (doc_name, seq)
    ) WITHOUT ROWID`.execute(db);

  await sql`
    CREATE TABLE collab_snapshots (
      doc_name TEXT PRIMARY KEY,
      state BLOB NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE collab_renders (
      doc_name TEXT PRIMARY KEY,
      html TEXT NOT NULL,
      text TEXT NOT NULL,
      word_count INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['collab_renders', 'collab_snapshots', 'collab_updates', 'manuscript_chapters', 'manuscript_members', 'manuscripts']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
