/**
 * People search by name ("New message") on SQLite FTS5 (people-index.ts picks it on SQLite),
 * beside the store's index (sqlite-fts.ts) and, like it, the only module that knows its SQL.
 *
 * - Every word of a display name is indexed, diacritics folded (`remove_diacritics 2`), so
 *   "jose" finds "José", "muller" finds "Müller" and "lov" finds "Ada Lovelace".
 * - Letters that Unicode does not decompose stay themselves ("ø", "ł", "đ"), as in the store.
 * - Only names that may be found are in it: active accounts with a public profile. A private
 *   profile is found by its username only (server/users/search.ts), never by its name.
 * - Triggers on `users` keep it in step with every write (sign-up, profile edits, suspension,
 *   erasure, seeds and test factories alike), so no caller has to remember it.
 * - Rows are keyed by the user's SQLite rowid with no copy of the text (contentless); as for the
 *   store's index, anything that VACUUMs must call rebuildPeopleIndex afterwards.
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import type { PeopleIndex } from './people-index';
import { nameWords } from './words';

const SEARCHABLE = `new.status = 'active' AND new.profile_visibility = 'public'`;

/** (Re)creates the index and its triggers from the users table: a migration, or after a VACUUM. */
async function rebuildPeopleIndex(db: QueryExecutorProvider): Promise<void> {
  await dropPeopleIndex(db);
  await sql`
    CREATE VIRTUAL TABLE people_search USING fts5(
      name, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
    )`.execute(db);
  await sql`
    INSERT INTO people_search (rowid, name)
    SELECT rowid, display_name FROM users WHERE status = 'active' AND profile_visibility = 'public'`.execute(db);
  await sql`
    CREATE TRIGGER people_search_insert AFTER INSERT ON users WHEN ${sql.raw(SEARCHABLE)}
    BEGIN INSERT INTO people_search (rowid, name) VALUES (new.rowid, new.display_name); END`.execute(db);
  // Deleting a rowid that is not indexed (a private or suspended account) is harmless.
  await sql`
    CREATE TRIGGER people_search_update AFTER UPDATE OF display_name, status, profile_visibility ON users
    BEGIN
      DELETE FROM people_search WHERE rowid = old.rowid;
      INSERT INTO people_search (rowid, name) SELECT new.rowid, new.display_name WHERE ${sql.raw(SEARCHABLE)};
    END`.execute(db);
  await sql`
    CREATE TRIGGER people_search_delete AFTER DELETE ON users
    BEGIN DELETE FROM people_search WHERE rowid = old.rowid; END`.execute(db);
}

async function dropPeopleIndex(db: QueryExecutorProvider): Promise<void> {
  for (const trigger of ['people_search_insert', 'people_search_update', 'people_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS people_search`.execute(db);
}

export const sqlitePeopleIndex: PeopleIndex = {
  rebuild: rebuildPeopleIndex,
  drop: dropPeopleIndex,
  nameMatch: (text) =>
    nameWords(text)
      ?.map((w) => `"${w}"*`)
      .join(' AND ') ?? null,
  matchingPeople: (expression) => sql<{ key: number }>`(SELECT rowid AS key FROM people_search WHERE people_search MATCH ${expression})`,
  personKey: sql<number>`users.rowid`,
};
