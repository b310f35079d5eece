/**
 * People search by name ("New message") on SQLite FTS5, beside the store's index
 * (sqlite-fts.ts) and, like it, the only module that knows its SQL: a PostgreSQL version
 * (unaccent + a word-prefix index) replaces this file behind the same functions.
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
import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { words } from './sqlite-fts';

/** Shorter prefixes would read the doclists of every name word with that letter. */
const NAME_PREFIX_MIN = 2;

const SEARCHABLE = `new.status = 'active' AND new.profile_visibility = 'public'`;

/** (Re)creates the index and its triggers from the users table: a migration, or after a VACUUM. */
export async function rebuildPeopleIndex(db: QueryExecutorProvider): Promise<void> {
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

export async function dropPeopleIndex(db: QueryExecutorProvider): Promise<void> {
  for (const trigger of ['people_search_insert', 'people_search_update', 'people_search_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS people_search`.execute(db);
}

/**
 * The MATCH expression for a typed name: every word must start a word of the name, in any
 * order ("lovelace ada"). Null when there is nothing to search by name (no word, or a single
 * word shorter than NAME_PREFIX_MIN).
 */
export function nameMatch(text: string): string | null {
  const ws = words(text);
  if (ws.length === 0 || (ws.length === 1 && ws[0]!.length < NAME_PREFIX_MIN)) return null;
  return ws.map((w) => `"${w}"*`).join(' AND ');
}

/** A derived table of the matching users' keys; join it with `users` on `personKey` = `m.key`. */
export function matchingPeople(expression: string): RawBuilder<{ key: number }> {
  return sql<{ key: number }>`(SELECT rowid AS key FROM people_search WHERE people_search MATCH ${expression})`;
}

/** The users' column that `m.key` joins. */
export const personKey: RawBuilder<number> = sql<number>`users.rowid`;
