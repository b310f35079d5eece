/**
 * /store search and /store/advanced-search: free text and field text through the full-text
 * module (server/search), every other filter in SQL through Kysely, one page of cards, the total,
 * and facet counts (genres and languages) for the same query — each facet ignoring its own
 * filter, so a reader can switch genre without first clearing it.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { STORE_COUNT_CAP, STORE_PAGE_SIZE, type StoreQuery, type StoreSearchResponse, type StoreSuggestion, SUGGESTION_COUNT } from '../../sync/api/store';
import { normalizeIsbn } from '../../sync/store/isbn';
import { genreName } from '../../sync/store/genres';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { invalid } from '../http/errors';
import { DAY } from '../limits';
import { matchExpression, matchingBooks, matchingIds } from '../search/sqlite-fts';
import { effectivePrice, publishedBooks, toCards, withCardColumns, type ListedRow } from './listing';

// The joined derived table of text matches is not in the schema; queries carry it as `m`.
type Tables = Database & { m: { book_id: string; rank: number } };
type Query<O> = SelectQueryBuilder<Tables, 'books' | 'm', O>;

interface Filters {
  text: string | null;
  isbn: string | null;
  genre?: string;
  language?: string;
}

function parseFilters(query: StoreQuery): Filters {
  let isbn: string | null = null;
  if (query.isbn?.trim()) {
    isbn = normalizeIsbn(query.isbn);
    if (!isbn) throw invalid('Check the ISBN.', { isbn: 'Enter a 10- or 13-digit ISBN (hyphens are fine).' });
  }
  const text = matchExpression({ any: query.q, title: query.title, authors: query.author, publisher: query.publisher });
  return { text, isbn, genre: query.genre, language: query.language };
}

/** The filters but `skip` (a facet's own), applied to the published books; nothing selected yet. */
function filtered(ctx: AppContext, query: StoreQuery, f: Filters, skip?: 'genre' | 'language' | 'rank'): Query<object> {
  const now = ctx.now();
  let q = publishedBooks(ctx) as unknown as Query<object>;
  if (f.text) q = q.innerJoin((skip ? matchingIds(f.text) : matchingBooks(f.text)).as('m'), (join) => join.onRef('m.book_id', '=', 'books.id'));
  if (f.isbn) q = q.where('books.isbn', '=', f.isbn);
  const genre = f.genre;
  if (genre && skip !== 'genre') {
    // A code finds its narrower codes too (Thema nests by prefix); '~' sorts after every code
    // character. IN, not EXISTS: the genre's rows in book_genres drive the query.
    q = q.where('books.id', 'in', (eb) =>
      eb.selectFrom('bookGenres').select('bookGenres.bookId').where('bookGenres.code', '>=', genre).where('bookGenres.code', '<', `${genre}~`),
    );
  }
  const language = f.language?.toLowerCase();
  if (language && skip !== 'language') q = q.where((eb) => eb.or([eb('books.language', '=', language), eb('books.language', 'like', `${language}-%`)]));
  if (query.priceMin !== undefined) q = q.where((eb) => eb(effectivePrice(eb, now), '>=', query.priceMin!));
  if (query.priceMax !== undefined) q = q.where((eb) => eb(effectivePrice(eb, now), '<=', query.priceMax!));
  if (query.free) q = q.where((eb) => eb(effectivePrice(eb, now), '=', 0));
  if (query.minRating !== undefined) {
    q = q.where('books.ratingCount', '>', 0).where((eb) => eb('books.ratingSum', '>=', eb('books.ratingCount', '*', query.minRating!)));
  }
  if (query.from) q = q.where('books.publishedAt', '>=', Date.parse(`${query.from}T00:00:00Z`));
  if (query.to) q = q.where('books.publishedAt', '<', Date.parse(`${query.to}T00:00:00Z`) + DAY);
  return q;
}

function sorted<O>(q: SelectQueryBuilder<Tables, 'books' | 'bookAssets' | 'm', O>, query: StoreQuery, f: Filters, now: number) {
  const sort = query.sort ?? (f.text ? 'relevance' : 'newest');
  switch (sort) {
    case 'relevance':
      q = f.text ? q.orderBy(sql`m.rank`) : q;
      break;
    case 'price-asc':
      q = q.orderBy((eb) => effectivePrice(eb, now), 'asc');
      break;
    case 'price-desc':
      q = q.orderBy((eb) => effectivePrice(eb, now), 'desc');
      break;
    case 'rating':
      q = q
        .orderBy(sql`books.rating_count > 0`, 'desc')
        .orderBy(sql`books.rating_sum * 1.0 / max(books.rating_count, 1)`, 'desc')
        .orderBy('books.ratingCount', 'desc');
      break;
    case 'title':
      q = q.orderBy(sql`books.title COLLATE NOCASE`);
      break;
    case 'newest':
      break;
  }
  return q.orderBy('books.publishedAt', 'desc').orderBy('books.id');
}

/** The page of cards for filtered books, in the query's order. */
function cardPage(base: Query<object>, query: StoreQuery, f: Filters, now: number) {
  const withCards = withCardColumns(base as never, now) as unknown as SelectQueryBuilder<Tables, 'books' | 'bookAssets' | 'm', ListedRow>;
  return sorted(withCards, query, f, now);
}

/**
 * Counting every match of a broad query costs a row read per match, which at catalogue scale
 * is hundreds of milliseconds: the total stops at STORE_COUNT_CAP ("10,000+ books") and the facets
 * count the first FACET_SAMPLE matches (exact whenever the query matches fewer). `capped` says so.
 */
const FACET_SAMPLE = 1_000;

export async function searchCatalogue(ctx: AppContext, query: StoreQuery): Promise<StoreSearchResponse> {
  const f = parseFilters(query);
  const page = query.page ?? 1;
  const now = ctx.now();
  const base = filtered(ctx, query, f);
  const unranked = filtered(ctx, query, f, 'rank');
  const sample = (skip: 'genre' | 'language') => filtered(ctx, query, f, skip).select(['books.id', 'books.language']).limit(FACET_SAMPLE).as('s');
  const [rows, counted, genres, languages] = await Promise.all([
    cardPage(base, query, f, now)
      .limit(STORE_PAGE_SIZE)
      .offset((page - 1) * STORE_PAGE_SIZE)
      .execute(),
    ctx.db
      .selectFrom(
        unranked
          .select('books.id')
          .limit(STORE_COUNT_CAP + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom(sample('genre'))
      .innerJoin('bookGenres', 'bookGenres.bookId', 's.id')
      .select((eb) => ['bookGenres.code', eb.fn.countAll<number>().as('count')])
      .groupBy('bookGenres.code')
      .execute(),
    ctx.db
      .selectFrom(sample('language'))
      .select((eb) => ['s.language as code', eb.fn.countAll<number>().as('count')])
      .groupBy('s.language')
      .execute(),
  ]);
  const n = Number(counted.n);
  return {
    books: await toCards(ctx, rows),
    total: Math.min(n, STORE_COUNT_CAP),
    capped: n > FACET_SAMPLE,
    page,
    pageSize: STORE_PAGE_SIZE,
    facets: {
      genres: genres
        .map((g) => ({ code: g.code, name: genreName(g.code), count: Number(g.count) }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      languages: languages.map((l) => ({ code: l.code, count: Number(l.count) })).sort((a, b) => b.count - a.count),
    },
  };
}

/** Suggestions as you type: the best title matches, then authors whose name matches. */
export async function suggest(ctx: AppContext, text: string): Promise<StoreSuggestion[]> {
  const books = matchExpression({ any: text });
  if (!books) return [];
  const f: Filters = { text: books, isbn: null };
  const now = ctx.now();
  const rows = await cardPage(filtered(ctx, {}, f), {}, f, now)
    .limit(SUGGESTION_COUNT)
    .execute();
  const cards = await toCards(ctx, rows);
  const suggestions: StoreSuggestion[] = cards.map((b) => ({ kind: 'book', id: b.id, label: b.title, detail: b.authors.join(', ') }));
  const byAuthor = matchExpression({ authors: text });
  if (byAuthor) {
    const authors = await ctx.db
      .selectFrom('bookContributors')
      .innerJoin('books', 'books.id', 'bookContributors.bookId')
      .innerJoin(matchingBooks(byAuthor).as('m'), (join) => join.onRef('m.book_id', '=', 'books.id'))
      .select(['bookContributors.userId', 'bookContributors.name'])
      .where('books.status', '=', 'published')
      .where('bookContributors.userId', 'is not', null)
      .groupBy(['bookContributors.userId', 'bookContributors.name'])
      .limit(20)
      .execute();
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    for (const a of authors) {
      const name = a.name.toLowerCase();
      if (words.every((w) => name.includes(w)) && suggestions.length < SUGGESTION_COUNT + 2) {
        suggestions.push({ kind: 'author', id: a.userId!, label: a.name, detail: 'Author' });
      }
    }
  }
  return suggestions;
}
