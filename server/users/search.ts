/**
 * People search for "New message": a prefix match on username (the unique index, as a range)
 * and on any word of the display name, accents folded ("jose" finds "José", "lov" finds
 * "Ada Lovelace"; the word index of server/search/sqlite-people.ts, from two letters). Two
 * small indexed queries merged here rather than one OR, which SQLite would answer by scanning
 * users. Private profiles are found by their username only, never by the name they keep private.
 */
import { USER_SEARCH_LIMIT, USERNAME_LOOKUP_MAX, type PersonMatch } from '../../sync/api/users';
import type { AppContext } from '../context';
import { peopleIndex } from '../search/people-index';

/**
 * Name candidates read per search. The index answers "every typed word starts some word of the
 * name", which lets two typed words share one ("Bea B" → "Bea Active"); startsDistinctWords drops
 * those here, from a few more rows than are shown.
 */
const NAME_CANDIDATES = USER_SEARCH_LIMIT * 10;

/** Lower case without diacritics, as the name index folds: "Émile" → "emile". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const wordsOf = (text: string) => fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether each typed word starts a different word of the name. Longest first: two typed words
 * can only compete for a name word when one is a prefix of the other, and then the longer one
 * has fewer choices.
 */
function startsDistinctWords(typed: string, name: string): boolean {
  const free = wordsOf(name);
  for (const word of wordsOf(typed).sort((a, b) => b.length - a.length)) {
    const at = free.findIndex((w) => w.startsWith(word));
    if (at < 0) return false;
    free.splice(at, 1);
  }
  return true;
}

export async function searchPeople(ctx: AppContext, rawQuery: string, me: string): Promise<PersonMatch[]> {
  const q = rawQuery.trim().replace(/^@/, '');
  if (!q || q.length > USERNAME_LOOKUP_MAX) return [];
  const username = q.toLowerCase();
  const active = () =>
    ctx.db
      .selectFrom('users')
      .select(['users.id', 'users.username', 'users.displayName'])
      .where('users.status', '=', 'active')
      .where('users.id', '!=', me)
      .limit(USER_SEARCH_LIMIT);
  const index = peopleIndex(ctx.db);
  const expression = index.nameMatch(q);
  const [byUsername, byName] = await Promise.all([
    active().where('username', '>=', username).where('username', '<', `${username}\u{10ffff}`).orderBy('username').execute(),
    expression
      ? active()
          .innerJoin(index.matchingPeople(expression).as('m'), (join) => join.on((eb) => eb(index.personKey, '=', eb.ref('m.key'))))
          .orderBy('users.displayName')
          .limit(NAME_CANDIDATES)
          .execute()
          .then((rows) => rows.filter((p) => startsDistinctWords(q, p.displayName)))
      : [],
  ]);
  // An exact username first, then names that start with what was typed, then everyone by name.
  const typed = fold(q);
  const rank = (p: PersonMatch) => (p.username === username ? 0 : fold(p.displayName).startsWith(typed) ? 1 : 2);
  const seen = new Set<string>();
  const people = [...byUsername, ...byName].filter((p) => !seen.has(p.id) && seen.add(p.id));
  people.sort((a, b) => rank(a) - rank(b) || a.displayName.localeCompare(b.displayName));
  return people.slice(0, USER_SEARCH_LIMIT);
}
