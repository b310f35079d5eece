/**
 * People search for "New message": a prefix match on username (the unique index, as a range)
 * and on display name (the NOCASE index of migration 024, through LIKE). Two small indexed
 * queries merged here rather than one OR, which SQLite would answer by scanning users.
 * Private profiles are found by their username only, never by the name they keep private.
 * Case-insensitive for ASCII; accents are not folded (SQLite has no cheap way without ICU).
 */
import { sql } from 'kysely';
import { USER_SEARCH_LIMIT, USERNAME_LOOKUP_MAX, type PersonMatch } from '../../sync/api/users';
import type { AppContext } from '../context';

/** Escapes LIKE's wildcards so "a_b" matches those three characters. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchPeople(ctx: AppContext, rawQuery: string, me: string): Promise<PersonMatch[]> {
  const q = rawQuery.trim().replace(/^@/, '');
  if (!q || q.length > USERNAME_LOOKUP_MAX) return [];
  const username = q.toLowerCase();
  const active = () =>
    ctx.db.selectFrom('users').select(['id', 'username', 'displayName']).where('status', '=', 'active').where('id', '!=', me).limit(USER_SEARCH_LIMIT);
  const [byUsername, byName] = await Promise.all([
    active().where('username', '>=', username).where('username', '<', `${username}\u{10ffff}`).orderBy('username').execute(),
    active()
      .where(sql<boolean>`display_name LIKE ${likePrefix(q)} ESCAPE '\\'`)
      .where('profileVisibility', '=', 'public')
      .orderBy('displayName')
      .execute(),
  ]);
  // An exact username first, then everyone by name.
  const seen = new Set<string>();
  const people = [...byUsername, ...byName].filter((p) => !seen.has(p.id) && seen.add(p.id));
  people.sort((a, b) => Number(b.username === username) - Number(a.username === username) || a.displayName.localeCompare(b.displayName));
  return people.slice(0, USER_SEARCH_LIMIT);
}
