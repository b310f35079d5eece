/**
 * People search by name ("New message"), as server/users/search.ts sees it: one interface, one
 * implementation per engine (sqlite-people.ts, postgres-people.ts), picked from the database.
 */
import type { QueryExecutorProvider, RawBuilder } from 'kysely';
import { forEngine } from '../db/engine';
import { postgresPeopleIndex } from './postgres-people';
import { sqlitePeopleIndex } from './sqlite-people';

export interface PeopleIndex {
  /** (Re)creates the index from the users table (a migration); it keeps itself in step from then on. */
  rebuild(db: QueryExecutorProvider): Promise<void>;
  drop(db: QueryExecutorProvider): Promise<void>;
  /**
   * What the index is asked for a typed name: every word must start a word of the name, in any
   * order ("lovelace ada"). Null when there is nothing to search by name.
   */
  nameMatch(text: string): string | null;
  /** A derived table of the matching users' keys; join it with `users` on `personKey` = `m.key`. */
  matchingPeople(expression: string): RawBuilder<{ key: unknown }>;
  /** The users' column that `m.key` joins. */
  personKey: RawBuilder<unknown>;
}

export function peopleIndex(db: QueryExecutorProvider): PeopleIndex {
  return forEngine(db, { SQLite: sqlitePeopleIndex, PostgreSQL: postgresPeopleIndex });
}
