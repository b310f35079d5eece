/**
 * Publishing (server/publishing, decision 035).
 * - `publications`: one per manuscript that has started its way to the store, keyed by the
 *   manuscript's id: its state (sync/publishing/state-machine.ts), the metadata the author saved
 *   (JSON of sync/publishing/metadata.ts), the store book it becomes (id and slug fixed at the first
 *   submission, so every later edition updates the same listing), the edition under review and the
 *   edition in the store. The review queue reads (state, submitted_at), the overview state_changed_at.
 * - `publication_editions`: each submission's frozen snapshot — the canonical book (JSON of
 *   sync/book-format.ts, with the account behind each contributor) made from the manuscript's
 *   chapters and the metadata at that moment.
 * - `publication_events`: the history and feedback thread: every command and comment, in order.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE publications (
      id TEXT PRIMARY KEY,
      owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      state TEXT NOT NULL DEFAULT 'draft'
        CHECK (state IN ('draft','submitted','in_review','changes_requested','rejected','published','unlisted')),
      metadata TEXT,
      book_id TEXT,
      book_slug TEXT,
      pending_edition_id TEXT,
      live_edition_id TEXT,
      submitted_at INTEGER,
      state_changed_at INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX publications_owner ON publications(owner_id, updated_at)`.execute(db);
  await sql`CREATE INDEX publications_queue ON publications(state, submitted_at)`.execute(db);
  await sql`CREATE INDEX publications_changed ON publications(state_changed_at)`.execute(db);
  await sql`
    CREATE TABLE publication_editions (
      id TEXT PRIMARY KEY,
      publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
      number INTEGER NOT NULL,
      book TEXT NOT NULL,
      metadata TEXT NOT NULL,
      created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      UNIQUE (publication_id, number)
    )`.execute(db);
  await sql`
    CREATE TABLE publication_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      publication_id TEXT NOT NULL REFERENCES publications(id) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      actor_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      actor_name TEXT NOT NULL,
      action TEXT NOT NULL,
      from_state TEXT NOT NULL,
      to_state TEXT NOT NULL,
      edition_number INTEGER,
      comment TEXT NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX publication_events_of ON publication_events(publication_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE publication_events`.execute(db);
  await sql`DROP TABLE publication_editions`.execute(db);
  await sql`DROP TABLE publications`.execute(db);
}
