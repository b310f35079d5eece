/**
 * Who counts as an author and what their page shows. An author is an active account credited
 * (author or co-author) on at least one published book; the directory, the author page, the
 * server-rendered <head> of /author/{id} and the sitemap all start from `authorsInStore`.
 * A private profile keeps its bio and photo off the author page: the name and the books are
 * public because the books are.
 */
import { AUTHOR_BOOKS_MAX, AUTHORS_PAGE_SIZE, type AuthorCard, type AuthorResponse, type AuthorsResponse } from '../../sync/api/authors';
import type { StoreBookCard } from '../../sync/api/store';
import type { AppContext } from '../context';
import { storeIndex } from '../search/store-index';
import { listedBooks, toCards } from '../store/listing';

const AUTHOR_ROLES = ['author', 'co-author'];
/** A name search looks at the authors of at most this many matching credits. */
const NAME_MATCH_CAP = 2000;

/** Credits of active accounts on published books: one row per (book, credited account). */
export function authorsInStore(ctx: AppContext) {
  return ctx.db
    .selectFrom('bookContributors')
    .innerJoin('books', 'books.id', 'bookContributors.bookId')
    .innerJoin('users', 'users.id', 'bookContributors.userId')
    .where('books.status', '=', 'published')
    .where('users.status', '=', 'active')
    .where('bookContributors.role', 'in', AUTHOR_ROLES);
}

interface AuthorRow {
  id: string;
  displayName: string;
  avatarUrl: string | null;
  bio: string;
  profileVisibility: 'public' | 'private';
  bookCount: number | string | bigint;
}

function authorRows(ctx: AppContext) {
  return authorsInStore(ctx)
    .select((eb) => [
      'users.id',
      'users.displayName',
      'users.avatarUrl',
      'users.bio',
      'users.profileVisibility',
      eb.fn.count('books.id').distinct().as('bookCount'),
    ])
    .groupBy('users.id');
}

function toCard(row: AuthorRow): AuthorCard {
  return {
    id: row.id,
    name: row.displayName,
    avatarUrl: row.profileVisibility === 'public' ? row.avatarUrl : null,
    bookCount: Number(row.bookCount),
  };
}

/** The author's public facts, or null when the account is not an author in the store. */
export async function authorInStore(ctx: AppContext, id: string): Promise<(AuthorCard & { bio: string }) | null> {
  if (id.length > 64) return null;
  const row = await authorRows(ctx).where('users.id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { ...toCard(row), bio: row.profileVisibility === 'public' ? row.bio : '' };
}

/** The ids of every author, for the sitemap. */
export async function allAuthorIds(ctx: AppContext): Promise<string[]> {
  const rows = await authorsInStore(ctx).select('users.id').distinct().execute();
  return rows.map((r) => r.id);
}

/** Lower case without diacritics, as the full-text index folds: "Élodie" → "elodie". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every typed word starts a word of the name ("ma ho" finds "Maren Holt"). */
function nameMatches(name: string, typed: string[]): boolean {
  const own = words(name);
  return typed.every((w) => own.some((o) => o.startsWith(w)));
}

/**
 * Whether a name matches what was typed: the full-text index finds books whose credits match
 * (prefixes, diacritics folded), then each credited account is kept when its own name — as
 * credited or as its display name — matches, so a co-author of a matching book is not listed for
 * the other's name.
 */
async function namesMatching(ctx: AppContext, q: string): Promise<{ id: string; displayName: string }[] | null> {
  const index = storeIndex(ctx.db);
  const expression = index.matchExpression({ authors: q });
  const typed = words(q);
  if (!expression || typed.length === 0) return null;
  const credits = await authorsInStore(ctx)
    .innerJoin(index.matchingBooks(expression).as('m'), (join) => join.on((eb) => eb(index.matchKey, '=', eb.ref('m.key'))))
    .select(['users.id', 'users.displayName', 'bookContributors.name'])
    .distinct()
    .limit(NAME_MATCH_CAP)
    .execute();
  const found = new Map<string, string>();
  for (const c of credits) if (nameMatches(c.name, typed) || nameMatches(c.displayName, typed)) found.set(c.id, c.displayName);
  return [...found].map(([id, displayName]) => ({ id, displayName }));
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * One page of the directory, in alphabetical order as people expect it ("Élodie" among the Es,
 * which SQLite's own collations cannot do): every author's id and name, sorted here, then the
 * page's details. `q` narrows it to names that match.
 */
export async function authorDirectory(ctx: AppContext, query: { q?: string; page?: number }): Promise<AuthorsResponse> {
  const page = query.page ?? 1;
  const q = query.q?.trim() ?? '';
  const names = (q ? await namesMatching(ctx, q) : null) ?? (await authorsInStore(ctx).select(['users.id', 'users.displayName']).distinct().execute());
  const sorted = names.sort((a, b) => byName.compare(a.displayName, b.displayName) || (a.id < b.id ? -1 : 1));
  const ids = sorted.slice((page - 1) * AUTHORS_PAGE_SIZE, page * AUTHORS_PAGE_SIZE).map((a) => a.id);
  const rows = ids.length > 0 ? await authorRows(ctx).where('users.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const authors = ids.flatMap((id) => (byId.has(id) ? [toCard(byId.get(id)!)] : []));
  return { authors, total: sorted.length, page, pageSize: AUTHORS_PAGE_SIZE };
}

/** Store books crediting the account as an author, newest first. */
async function booksByAuthor(ctx: AppContext, authorId: string): Promise<StoreBookCard[]> {
  const rows = await listedBooks(ctx)
    .where('books.id', 'in', (eb) =>
      eb
        .selectFrom('bookContributors')
        .select('bookContributors.bookId')
        .where('bookContributors.userId', '=', authorId)
        .where('bookContributors.role', 'in', AUTHOR_ROLES),
    )
    .orderBy('books.publishedAt', 'desc')
    .orderBy('books.id')
    .limit(AUTHOR_BOOKS_MAX)
    .execute();
  return toCards(ctx, rows);
}

/** The author page: the author and their store books, or null when there is no such author. */
export async function authorPage(ctx: AppContext, id: string): Promise<AuthorResponse | null> {
  const author = await authorInStore(ctx, id);
  if (!author) return null;
  return { ...author, books: await booksByAuthor(ctx, id) };
}
