/**
 * People search by name on PostgreSQL (people-index.ts picks it there), as sqlite-people.ts is on
 * SQLite: every word of a public, active display name, accents folded, found by prefix.
 *
 * No table and no triggers: a partial GIN index on the folded name's words over exactly the
 * accounts that may be found keeps itself in step with every write to `users`; the search repeats
 * the index's expression and condition so the planner uses it.
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import type { PeopleIndex } from './people-index';
import { nameWords } from './words';

const NAME_WORDS = `to_tsvector('simple', quire_unaccent(display_name))`;
const SEARCHABLE = `status = 'active' AND profile_visibility = 'public'`;

export const postgresPeopleIndex: PeopleIndex = {
  async rebuild(db: QueryExecutorProvider) {
    await sql`DROP INDEX IF EXISTS people_search`.execute(db);
    await sql`CREATE INDEX people_search ON users USING GIN (${sql.raw(NAME_WORDS)}) WHERE ${sql.raw(SEARCHABLE)}`.execute(db);
  },
  async drop(db: QueryExecutorProvider) {
    await sql`DROP INDEX IF EXISTS people_search`.execute(db);
  },
  nameMatch: (text) =>
    nameWords(text)
      ?.map((w) => `${w}:*`)
      .join(' & ') ?? null,
  matchingPeople: (expression) =>
    sql<{
      key: string;
    }>`(SELECT id AS key FROM users WHERE ${sql.raw(SEARCHABLE)} AND ${sql.raw(NAME_WORDS)} @@ to_tsquery('simple', quire_unaccent(${expression})))`,
  personKey: sql<string>`users.id`,
};
